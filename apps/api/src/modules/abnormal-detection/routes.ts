import type { FastifyInstance } from 'fastify';
import { abnormalDetectionApi as api } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { requireChannel, route } from '../../platform/http.ts';
import * as incidents from './service.ts';

/** The channel's incidents and the detectors' settings (thin: the service decides). */
export function abnormalDetectionRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, api.list, async ({ channel, query }) => incidents.list(ctx, requireChannel(channel), query));
  route(app, ctx, api.get, async ({ channel, params }) => ({
    data: await incidents.get(ctx, requireChannel(channel), params.id),
  }));
  route(app, ctx, api.acknowledge, async ({ channel, params, body }) => ({
    data: await incidents.acknowledge(ctx, requireChannel(channel), params.id, body.comment),
  }));
  route(app, ctx, api.resolve, async ({ channel, params, body }) => ({
    data: await incidents.resolve(ctx, requireChannel(channel), params.id, body.comment),
  }));
  route(app, ctx, api.settings, async ({ channel }) => ({ data: await incidents.settings(ctx, requireChannel(channel)) }));
  route(app, ctx, api.saveThresholds, async ({ channel, body }) => ({
    data: await incidents.saveThresholds(ctx, requireChannel(channel), body),
  }));
  route(app, ctx, api.saveNotify, async ({ channel, body }) => ({
    data: await incidents.saveNotify(ctx, requireChannel(channel), body.notify_me),
  }));
}
