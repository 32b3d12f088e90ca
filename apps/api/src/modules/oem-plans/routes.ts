import type { FastifyInstance } from 'fastify';
import { oemPlansApi as api } from '@linq/contract';
import { actingOem } from '../../platform/admin-scope.ts';
import type { AppContext } from '../../platform/context.ts';
import { principalAs, route } from '../../platform/http.ts';
import type { Principal } from '../../platform/principal.ts';
import * as plans from './service.ts';

export function oemPlanRoutes(app: FastifyInstance, ctx: AppContext) {
  const scopeOf = (principal: Principal | null, query: { oem_id?: number }) =>
    actingOem(principalAs(principal, 'admin'), query.oem_id);

  route(app, ctx, api.list, async ({ principal, query }) => plans.list(ctx, scopeOf(principal, query), query));
  route(app, ctx, api.get, async ({ principal, params, query }) => ({
    data: await plans.get(ctx, scopeOf(principal, query), params.id),
  }));
  route(app, ctx, api.create, async ({ principal, query, body }) => ({
    data: await plans.create(ctx, scopeOf(principal, query), body),
  }));
  route(app, ctx, api.update, async ({ principal, params, query, body }) => ({
    data: await plans.update(ctx, scopeOf(principal, query), params.id, body),
  }));
  route(app, ctx, api.remove, async ({ principal, params, query }) => ({
    data: { message: await plans.remove(ctx, scopeOf(principal, query), params.id) },
  }));
}
