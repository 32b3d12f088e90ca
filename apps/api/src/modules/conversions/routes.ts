import type { FastifyInstance, FastifyReply } from 'fastify';
import { conversionPublicApi as publicApi, conversionsApi as api } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { ANSWERED, requireChannel, route } from '../../platform/http.ts';
import { friendFromCookie } from '../links/friend-cookie.ts';
import { adExport, exportCsv } from './export.ts';
import { recordHit } from './hit.ts';
import * as points from './service.ts';
import { saveWebhook, testWebhook, webhook } from './webhook.ts';

/** A transparent 1×1 GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

function sendCsv(reply: FastifyReply, file: { filename: string; body: string }): typeof ANSWERED {
  void reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .send(file.body);
  return ANSWERED;
}

/** Conversion points, their counts and exports, the webhook, and the public page and pixel (thin). */
export function conversionRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, api.list, async ({ channel, query }) => points.list(ctx, requireChannel(channel), query));
  route(app, ctx, api.get, async ({ channel, params, query }) => ({
    data: await points.get(ctx, requireChannel(channel), params.id, query),
  }));
  route(app, ctx, api.create, async ({ channel, body }) => ({
    data: await points.create(ctx, requireChannel(channel), body),
  }));
  route(app, ctx, api.update, async ({ channel, params, body }) => ({
    data: await points.update(ctx, requireChannel(channel), params.id, body),
  }));
  route(app, ctx, api.remove, async ({ channel, params }) => ({
    data: await points.remove(ctx, requireChannel(channel), params.id),
  }));
  route(app, ctx, api.breakdown, async ({ channel, params, query }) =>
    points.breakdown(ctx, requireChannel(channel), params.id, query),
  );
  route(app, ctx, api.exportCsv, async ({ channel, params, query, reply }) =>
    sendCsv(reply, await exportCsv(ctx, requireChannel(channel), params.id, query)),
  );
  route(app, ctx, api.adExport, async ({ channel, params, query, reply }) =>
    sendCsv(reply, await adExport(ctx, requireChannel(channel), params.id, query)),
  );
  route(app, ctx, api.ofFriend, async ({ channel, params }) => ({
    data: await points.ofFriend(ctx, requireChannel(channel), params.id),
  }));
  route(app, ctx, api.webhook, async ({ channel }) => ({ data: await webhook(ctx, requireChannel(channel)) }));
  route(app, ctx, api.saveWebhook, async ({ channel, body }) => ({
    data: await saveWebhook(ctx, requireChannel(channel), body),
  }));
  route(app, ctx, api.testWebhook, async ({ channel }) => ({ data: await testWebhook(ctx, requireChannel(channel)) }));

  route(app, ctx, publicApi.hit, async ({ params, query, request, reply }) => {
    // Every opening is a hit: no cache may answer it.
    reply.header('cache-control', 'no-store');
    const data = await recordHit(ctx, {
      code: params.code,
      source: 'link',
      via: query.via,
      cookieFriend: (lineAccountId) => friendFromCookie(ctx, request, lineAccountId),
    });
    return { data };
  });
  route(app, ctx, publicApi.pixel, async ({ query, request, reply }) => {
    // An unknown code still answers the image (the embedding page shows nothing broken); it counts nothing.
    await recordHit(ctx, {
      code: query.c,
      source: 'pixel',
      via: undefined,
      cookieFriend: (lineAccountId) => friendFromCookie(ctx, request, lineAccountId),
    }).catch((error: unknown) => {
      if (!(error instanceof AppError && error.kind === 'not_found')) throw error;
    });
    void reply.type('image/gif').header('cache-control', 'no-store').send(PIXEL);
    return ANSWERED;
  });
}
