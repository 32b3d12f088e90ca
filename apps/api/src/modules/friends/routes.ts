import type { FastifyInstance } from 'fastify';
import { friendsApi } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { requireChannel as inChannel, route } from '../../platform/http.ts';
import * as friends from './service.ts';

export function friendRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, friendsApi.summary, async ({ channel }) => ({
    data: await friends.summary(ctx, inChannel(channel)),
  }));
}
