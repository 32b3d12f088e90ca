import type { FastifyInstance } from 'fastify';
import { linksApi } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { route } from '../../platform/http.ts';
import { consoleOrigin } from '../files/routes.ts';
import { setFriendCookie } from './friend-cookie.ts';
import * as links from './service.ts';

export function linkRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, linksApi.follow, async ({ params, reply }) => {
    // Every opening must reach the server to be counted: no cache may answer it.
    reply.header('cache-control', 'no-store');
    const origin = consoleOrigin(app, ctx);
    const { target, lineAccountId, friendId } = await links.follow(ctx, params.token, origin);
    setFriendCookie(ctx, reply, { lineAccountId, friendId }, origin);
    return { data: target };
  });
}
