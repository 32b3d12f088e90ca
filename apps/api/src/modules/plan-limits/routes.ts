import type { FastifyInstance } from 'fastify';
import { planLimitsApi as api } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { principalAs, route } from '../../platform/http.ts';
import { accountScope } from '../../platform/principal.ts';
import { usageOf } from './service.ts';

export function planLimitRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, api.usage, async ({ principal }) => {
    const scope = accountScope(principalAs(principal, 'account').accountId);
    const usage = await usageOf(ctx.database.db, scope, ctx.clock.now());
    if (!usage) throw notFound('アカウント');
    return { data: usage };
  });
}
