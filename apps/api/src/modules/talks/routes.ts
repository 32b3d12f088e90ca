import type { FastifyInstance } from 'fastify';
import { talksApi as api } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { consoleOrigin } from '../files/routes.ts';
import { ANSWERED, requireChannel as inChannel, route } from '../../platform/http.ts';
import { messageContent } from './content.ts';
import { realtimeRoute } from './realtime.ts';
import * as talks from './service.ts';

export function talkRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, api.conversations, async ({ channel, query }) => talks.conversations(ctx, inChannel(channel), query));
  route(app, ctx, api.history, async ({ channel, query }) => talks.history(ctx, inChannel(channel), query));
  route(app, ctx, api.markRead, async ({ channel, body }) => ({
    data: await talks.markRead(ctx, inChannel(channel), body.friend_id),
  }));
  route(app, ctx, api.send, async ({ channel, body }) => ({
    data: await talks.send(ctx, inChannel(channel), body, consoleOrigin(app, ctx)),
  }));
  route(app, ctx, api.content, async ({ channel, params, reply }) => {
    const { bytes, contentType } = await messageContent(ctx, inChannel(channel), params.id);
    // The bytes are the friend's: never run as a page, cached only by this browser.
    void reply
      .type(contentType)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'; sandbox")
      .header('cache-control', 'private, max-age=86400')
      .send(bytes);
    return ANSWERED;
  });
  realtimeRoute(app, ctx);
}
