import type { FastifyInstance } from 'fastify';
import { accountInfoApi as api } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { principalAs, route } from '../../platform/http.ts';
import { accountScope, type Principal } from '../../platform/principal.ts';
import * as info from './service.ts';

export function accountInfoRoutes(app: FastifyInstance, ctx: AppContext) {
  const scopeOf = (principal: Principal | null) => accountScope(principalAs(principal, 'account').accountId);

  route(app, ctx, api.get, async ({ principal }) => ({ data: await info.get(ctx.database.db, scopeOf(principal)) }));
  route(app, ctx, api.update, async ({ principal, body }) => ({
    data: await info.update(ctx.database.db, scopeOf(principal), body),
  }));
  route(app, ctx, api.timeZonePreview, async ({ principal }) => ({
    data: await info.timeZonePreview(ctx.database.db, scopeOf(principal), ctx.clock.now()),
  }));
}
