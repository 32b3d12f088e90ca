import type { FastifyInstance } from 'fastify';
import { simulatorApi } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { requireChannel as inChannel, route } from '../../platform/http.ts';
import * as panel from './service.ts';
import * as timeWarp from './time-warp.ts';

/** The phone panel's API (service area, the selected channel). */
export function simulatorRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, simulatorApi.status, async ({ channel }) => ({ data: await panel.status(ctx, inChannel(channel)) }));
  route(app, ctx, simulatorApi.friends, async ({ channel }) => ({
    data: await panel.listFriends(ctx, inChannel(channel)),
  }));
  route(app, ctx, simulatorApi.createFriend, async ({ channel, body }) => ({
    data: await panel.createFriend(ctx, inChannel(channel), body.display_name || undefined),
  }));
  route(app, ctx, simulatorApi.follow, async ({ channel, params }) => ({
    data: await panel.act(ctx, inChannel(channel), params.userId, { kind: 'follow' }),
  }));
  route(app, ctx, simulatorApi.unfollow, async ({ channel, params }) => ({
    data: await panel.act(ctx, inChannel(channel), params.userId, { kind: 'unfollow' }),
  }));
  route(app, ctx, simulatorApi.text, async ({ channel, params, body }) => ({
    data: await panel.act(ctx, inChannel(channel), params.userId, { kind: 'text', text: body.text }),
  }));
  route(app, ctx, simulatorApi.image, async ({ channel, params }) => ({
    data: await panel.act(ctx, inChannel(channel), params.userId, { kind: 'image' }),
  }));
  route(app, ctx, simulatorApi.sticker, async ({ channel, params, body }) => ({
    data: await panel.act(ctx, inChannel(channel), params.userId, {
      kind: 'sticker',
      packageId: body.package_id,
      stickerId: body.sticker_id,
    }),
  }));
  route(app, ctx, simulatorApi.postback, async ({ channel, params, body }) => ({
    data: await panel.act(ctx, inChannel(channel), params.userId, {
      kind: 'postback',
      data: body.data,
      ...(body.params ? { params: body.params } : {}),
    }),
  }));
  route(app, ctx, simulatorApi.richMenu, async ({ channel, params }) => ({
    data: await panel.richMenu(ctx, inChannel(channel), params.userId),
  }));
  route(app, ctx, simulatorApi.tapRichMenu, async ({ channel, params, body }) => ({
    data: await panel.tapRichMenu(ctx, inChannel(channel), params.userId, body.area_index),
  }));
  route(app, ctx, simulatorApi.conversation, async ({ channel, params }) => ({
    data: await panel.conversation(ctx, inChannel(channel), params.userId),
  }));
  route(app, ctx, simulatorApi.clock, async ({ channel }) => ({ data: await timeWarp.clock(ctx, inChannel(channel)) }));
  route(app, ctx, simulatorApi.advanceClock, async ({ channel, body }) => ({
    data: await timeWarp.advance(ctx, inChannel(channel), body),
  }));
  route(app, ctx, simulatorApi.rehearsal, async ({ channel, body }) => ({
    data: await timeWarp.rehearse(ctx, inChannel(channel), body.plan_id, body.user_id),
  }));
  route(app, ctx, simulatorApi.rehearsalOf, async ({ channel, params }) => ({
    data: await timeWarp.rehearsalOf(ctx, inChannel(channel), params.userId),
  }));
  route(app, ctx, simulatorApi.advanceRehearsal, async ({ channel, params, body }) => ({
    data: await timeWarp.advanceRehearsal(ctx, inChannel(channel), params.userId, body),
  }));
}
