import type { FastifyInstance } from 'fastify';
import { adminsApi as api } from '@linq/contract';
import { actingOem } from '../../platform/admin-scope.ts';
import type { AppContext } from '../../platform/context.ts';
import { principalAs, route } from '../../platform/http.ts';
import type { Principal } from '../../platform/principal.ts';
import * as admins from './management.ts';

export function adminRoutes(app: FastifyInstance, ctx: AppContext) {
  const callerOf = (principal: Principal | null, query: { oem_id?: number }) => {
    const admin = principalAs(principal, 'admin');
    return { admin, scope: actingOem(admin, query.oem_id) };
  };

  route(app, ctx, api.list, async ({ principal, query }) => {
    const { admin, scope } = callerOf(principal, query);
    return admins.list(ctx, admin, scope, query);
  });
  route(app, ctx, api.get, async ({ principal, params, query }) => {
    const { admin, scope } = callerOf(principal, query);
    return { data: await admins.get(ctx, admin, scope, params.id) };
  });
  route(app, ctx, api.create, async ({ principal, query, body }) => {
    const { admin, scope } = callerOf(principal, query);
    return { data: await admins.invite(ctx, admin, scope, body) };
  });
  route(app, ctx, api.update, async ({ principal, params, query, body }) => {
    const { admin, scope } = callerOf(principal, query);
    return { data: await admins.update(ctx, admin, scope, params.id, body) };
  });
}
