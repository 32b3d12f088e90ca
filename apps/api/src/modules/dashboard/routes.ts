import type { FastifyInstance } from 'fastify';
import { dashboardApi as api } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { requireChannel, route } from '../../platform/http.ts';
import * as service from './service.ts';

export function dashboardRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, api.get, async ({ channel, query }) => ({
    data: await service.dashboard(ctx, requireChannel(channel), query),
  }));
  route(app, ctx, api.quota, async ({ channel }) => ({ data: await service.quota(ctx, requireChannel(channel)) }));
}
