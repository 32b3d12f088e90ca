import type { FastifyInstance } from 'fastify';
import { planAnalysisApi } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { requireChannel, route } from '../../platform/http.ts';
import * as analysis from './service.ts';

export function planAnalysisRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, planAnalysisApi.list, async ({ channel, query }) =>
    analysis.list(ctx, requireChannel(channel), query),
  );
  route(app, ctx, planAnalysisApi.get, async ({ channel, params, query }) =>
    analysis.get(ctx, requireChannel(channel), params.id, query),
  );
}
