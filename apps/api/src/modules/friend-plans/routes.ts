import type { FastifyInstance } from 'fastify';
import { friendPlansApi, sendPlanApi } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { requireChannel, route } from '../../platform/http.ts';
import * as friendPlans from './service.ts';

export function friendPlanRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, friendPlansApi.list, async ({ channel, params, query }) =>
    friendPlans.list(ctx, requireChannel(channel), params.id, query),
  );
  route(app, ctx, sendPlanApi.sendPlan, async ({ channel, params, body }) =>
    friendPlans.sendPlan(ctx, requireChannel(channel), params.id, body.plan_id),
  );
  route(app, ctx, friendPlansApi.stop, async ({ channel, params }) => ({
    data: await friendPlans.stop(ctx, requireChannel(channel), params.id, params.enrolmentId),
  }));
}
