import type { FastifyInstance } from 'fastify';
import { friendsApi, infoFieldsApi } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { ANSWERED, requireChannel as inChannel, route } from '../../platform/http.ts';
import * as infoFields from './info-field-service.ts';
import * as friends from './service.ts';

export function friendRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, friendsApi.summary, async ({ channel }) => ({
    data: await friends.summary(ctx, inChannel(channel)),
  }));
  route(app, ctx, friendsApi.list, async ({ channel, query }) => friends.list(ctx, inChannel(channel), query));
  route(app, ctx, friendsApi.exportCsv, async ({ channel, query, reply }) => {
    const { filename, body } = await friends.exportCsv(ctx, inChannel(channel), query);
    void reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(body);
    return ANSWERED;
  });
  route(app, ctx, friendsApi.get, async ({ channel, params }) => ({
    data: await friends.get(ctx, inChannel(channel), params.id),
  }));
  route(app, ctx, friendsApi.update, async ({ channel, params, body }) => ({
    data: await friends.update(ctx, inChannel(channel), params.id, body),
  }));
  route(app, ctx, friendsApi.refreshProfile, async ({ channel, params }) => ({
    data: await friends.refreshProfile(ctx, inChannel(channel), params.id),
  }));
  route(app, ctx, friendsApi.setInfoValues, async ({ channel, params, body }) => ({
    data: await friends.setInfoValues(ctx, inChannel(channel), params.id, body),
  }));

  route(app, ctx, infoFieldsApi.list, async ({ channel }) => ({
    data: await infoFields.list(ctx, inChannel(channel)),
  }));
  route(app, ctx, infoFieldsApi.create, async ({ channel, body }) => ({
    data: await infoFields.create(ctx, inChannel(channel), body),
  }));
  route(app, ctx, infoFieldsApi.update, async ({ channel, params, body }) => ({
    data: await infoFields.update(ctx, inChannel(channel), params.id, body),
  }));
  route(app, ctx, infoFieldsApi.remove, async ({ channel, params }) => ({
    data: await infoFields.remove(ctx, inChannel(channel), params.id),
  }));
}
