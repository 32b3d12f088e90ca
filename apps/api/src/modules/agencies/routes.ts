import type { FastifyInstance } from 'fastify';
import { agenciesApi as api } from '@linq/contract';
import { actingOem } from '../../platform/admin-scope.ts';
import type { AppContext } from '../../platform/context.ts';
import { principalAs, route } from '../../platform/http.ts';
import type { Principal } from '../../platform/principal.ts';
import * as agencies from './service.ts';

export function agencyRoutes(app: FastifyInstance, ctx: AppContext) {
  const scopeOf = (principal: Principal | null, query: { oem_id?: number }) =>
    actingOem(principalAs(principal, 'admin'), query.oem_id);

  route(app, ctx, api.list, async ({ principal, query }) => agencies.list(ctx, scopeOf(principal, query), query));
  route(app, ctx, api.options, async ({ principal, query }) => ({
    data: await agencies.options(ctx, scopeOf(principal, query)),
  }));
  route(app, ctx, api.get, async ({ principal, params, query }) => ({
    data: await agencies.get(ctx, scopeOf(principal, query), params.id),
  }));
  route(app, ctx, api.create, async ({ principal, query, body }) => ({
    data: await agencies.create(ctx, scopeOf(principal, query), body),
  }));
  route(app, ctx, api.update, async ({ principal, params, query, body }) => ({
    data: await agencies.update(ctx, scopeOf(principal, query), params.id, body),
  }));
  route(app, ctx, api.remove, async ({ principal, params, query }) => {
    await agencies.remove(ctx, scopeOf(principal, query), params.id);
    return { data: { message: '代理店を削除しました。' } };
  });
  route(app, ctx, api.inviteUser, async ({ principal, params, query, body }) => ({
    data: await agencies.inviteUser(ctx, scopeOf(principal, query), params.id, body),
  }));
  route(app, ctx, api.setUserStatus, async ({ principal, params, query, body }) => ({
    data: await agencies.setUserStatus(ctx, scopeOf(principal, query), params.id, params.user_id, body.status),
  }));
}
