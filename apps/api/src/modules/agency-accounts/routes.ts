import type { FastifyInstance } from 'fastify';
import { agencyAccountsApi as api } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { principalAs, route } from '../../platform/http.ts';
import { agencyScope, type Principal } from '../../platform/principal.ts';
import * as clients from './service.ts';

export function agencyAccountRoutes(app: FastifyInstance, ctx: AppContext) {
  const scopeOf = (principal: Principal | null) => agencyScope(principalAs(principal, 'agency').agencyId);

  route(app, ctx, api.list, async ({ principal, query }) => clients.list(ctx, scopeOf(principal), query));
  route(app, ctx, api.options, async ({ principal }) => ({ data: await clients.options(ctx, scopeOf(principal)) }));
  route(app, ctx, api.plans, async ({ principal }) => ({ data: await clients.plans(ctx, scopeOf(principal)) }));
  route(app, ctx, api.get, async ({ principal, params }) => ({
    data: await clients.get(ctx, scopeOf(principal), params.id),
  }));
  route(app, ctx, api.create, async ({ principal, body }) => ({
    data: await clients.create(ctx, scopeOf(principal), body),
  }));
  route(app, ctx, api.update, async ({ principal, params, body }) => ({
    data: await clients.update(ctx, scopeOf(principal), params.id, body),
  }));
  route(app, ctx, api.setStatus, async ({ principal, params, body }) => ({
    data: await clients.setStatus(ctx, scopeOf(principal), params.id, body.status),
  }));
}
