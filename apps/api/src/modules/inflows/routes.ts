import type { FastifyInstance } from 'fastify';
import { inflowPagePath, inflowPublicApi, inflowsApi } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { ANSWERED, requireChannel, route } from '../../platform/http.ts';
import { consoleOrigin } from '../files/routes.ts';
import { setFriendCookie } from '../links/friend-cookie.ts';
import { qrPng, qrSvg } from './qr.ts';
import * as inflows from './service.ts';
import { loginCallback, visit } from './visit.ts';

export function inflowRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = inflowsApi;
  route(app, ctx, api.list, async ({ channel, query }) => inflows.list(ctx, requireChannel(channel), query));
  route(app, ctx, api.exportCsv, async ({ channel, query, reply }) => {
    const { filename, body } = await inflows.exportCsv(ctx, requireChannel(channel), query, consoleOrigin(app, ctx));
    void reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(body);
    return ANSWERED;
  });
  route(app, ctx, api.get, async ({ channel, params, query }) => ({
    data: await inflows.get(ctx, requireChannel(channel), params.id, query),
  }));
  route(app, ctx, api.create, async ({ channel, body }) => ({
    data: await inflows.create(ctx, requireChannel(channel), body),
  }));
  route(app, ctx, api.update, async ({ channel, params, body }) => ({
    data: await inflows.update(ctx, requireChannel(channel), params.id, body),
  }));
  route(app, ctx, api.remove, async ({ channel, params }) => ({
    data: await inflows.remove(ctx, requireChannel(channel), params.id),
  }));
  route(app, ctx, api.copy, async ({ channel, params, body }) => ({
    data: await inflows.copy(ctx, requireChannel(channel), params.id, body),
  }));
  route(app, ctx, api.history, async ({ channel, params }) => ({
    data: await inflows.history(ctx, requireChannel(channel), params.id),
  }));
  route(app, ctx, api.friends, async ({ channel, params, query }) =>
    inflows.routeFriends(ctx, requireChannel(channel), params.id, query),
  );
  route(app, ctx, api.chart, async ({ channel, params, query }) => ({
    data: await inflows.chart(ctx, requireChannel(channel), params.id, query),
  }));
  route(app, ctx, api.profileChart, async ({ channel, params, query }) => ({
    data: await inflows.profileChart(ctx, requireChannel(channel), params.id, query),
  }));
  for (const [endpoint, type] of [
    [api.qrPng, 'png'],
    [api.qrSvg, 'svg'],
  ] as const) {
    route(app, ctx, endpoint, async ({ channel, params, query, reply }) => {
      const url = `${consoleOrigin(app, ctx)}${inflowPagePath(await inflows.codeOf(ctx, requireChannel(channel), params.id))}`;
      void reply
        .type(type === 'png' ? 'image/png' : 'image/svg+xml')
        .header('content-disposition', `attachment; filename="inflow-${params.id}.${type}"`)
        .header('cache-control', 'no-store')
        .send(type === 'png' ? await qrPng(url, query.size) : await qrSvg(url, query.size));
      return ANSWERED;
    });
  }
  route(app, ctx, api.status, async ({ channel }) => ({ data: await inflows.status(ctx, requireChannel(channel)) }));
  route(app, ctx, api.ofFriend, async ({ channel, params }) => ({
    data: await inflows.ofFriend(ctx, requireChannel(channel), params.friend_id),
  }));

  route(app, ctx, inflowPublicApi.visit, async ({ body, request, reply }) => {
    // Every opening must reach the server to be recorded: no cache may answer it.
    reply.header('cache-control', 'no-store');
    return { data: await visit(ctx, body, request.headers['user-agent'], consoleOrigin(app, ctx)) };
  });
  route(app, ctx, inflowPublicApi.loginCallback, async ({ query, reply }) => {
    const origin = consoleOrigin(app, ctx);
    const { to, friend } = await loginCallback(ctx, query, origin);
    if (friend) setFriendCookie(ctx, reply, friend, origin);
    void reply.header('cache-control', 'no-store').redirect(to, 302);
    return ANSWERED;
  });
}
