import type { FastifyInstance } from 'fastify';
import { deliveriesApi as api } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { requireChannel, route } from '../../platform/http.ts';
import { retryNow } from './service.ts';

export function deliveryRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, api.retry, async ({ channel }) => ({ data: await retryNow(ctx, requireChannel(channel)) }));
}
