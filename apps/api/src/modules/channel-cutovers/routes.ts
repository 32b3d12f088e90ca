import type { FastifyInstance } from 'fastify';
import { channelCutoversApi as api } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { principalAs, route } from '../../platform/http.ts';
import { accountScope, type Principal } from '../../platform/principal.ts';
import * as cutovers from './service.ts';

export function channelCutoverRoutes(app: FastifyInstance, ctx: AppContext) {
  const scopeOf = (principal: Principal | null) => accountScope(principalAs(principal, 'account').accountId);

  route(app, ctx, api.list, async ({ principal }) => ({ data: await cutovers.list(ctx, scopeOf(principal)) }));
  route(app, ctx, api.create, async ({ principal, body }) => ({
    data: await cutovers.create(ctx, scopeOf(principal), body.line_account_id),
  }));
}
