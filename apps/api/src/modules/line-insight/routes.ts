import type { FastifyInstance } from 'fastify';
import { lineInsightApi as api } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { requireChannel, route } from '../../platform/http.ts';
import { yesterdayFigures } from './service.ts';

export function lineInsightRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, api.yesterday, async ({ channel }) => ({
    data: await yesterdayFigures(ctx, requireChannel(channel)),
  }));
}
