import type { FastifyInstance } from 'fastify';
import { adminAccountsApi as api, INVITATION_SENT_MESSAGE } from '@linq/contract';
import { actingOem } from '../../platform/admin-scope.ts';
import type { AppContext } from '../../platform/context.ts';
import { principalAs, route } from '../../platform/http.ts';
import type { Principal } from '../../platform/principal.ts';
import * as accounts from './service.ts';

export function accountRoutes(app: FastifyInstance, ctx: AppContext) {
  const scopeOf = (principal: Principal | null, query: { oem_id?: number }) =>
    actingOem(principalAs(principal, 'admin'), query.oem_id);

  route(app, ctx, api.list, async ({ principal, query }) => accounts.list(ctx, scopeOf(principal, query), query));
  route(app, ctx, api.get, async ({ principal, params, query }) => ({
    data: await accounts.get(ctx, scopeOf(principal, query), params.id),
  }));
  route(app, ctx, api.create, async ({ principal, query, body }) => ({
    data: await accounts.create(ctx, scopeOf(principal, query), body),
  }));
  route(app, ctx, api.update, async ({ principal, params, query, body }) => ({
    data: await accounts.update(ctx, scopeOf(principal, query), params.id, body),
  }));
  route(app, ctx, api.inviteOwner, async ({ principal, params, query }) => {
    await accounts.inviteOwner(ctx, scopeOf(principal, query), params.id);
    return { data: { message: INVITATION_SENT_MESSAGE } };
  });
}
