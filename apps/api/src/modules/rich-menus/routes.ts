import type { FastifyInstance } from 'fastify';
import { richMenuPublicApi, richMenusApi as api } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { requireChannel, route } from '../../platform/http.ts';
import { consoleOrigin, imageUploadScope, uploadedBytes } from '../files/routes.ts';
import { insight } from './insight.ts';
import * as menus from './service.ts';

/** The channel's rich menus, their default, display rules and friends' menus (thin: the service decides). */
export function richMenuRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, api.list, async ({ channel, query }) => menus.list(ctx, requireChannel(channel), query));
  route(app, ctx, api.get, async ({ channel, params }) => ({
    data: await menus.get(ctx, requireChannel(channel), params.id),
  }));
  route(app, ctx, api.create, async ({ channel, body }) => ({
    data: await menus.create(ctx, requireChannel(channel), body),
  }));
  route(app, ctx, api.update, async ({ channel, params, body }) => ({
    data: await menus.update(ctx, requireChannel(channel), params.id, body),
  }));
  route(app, ctx, api.remove, async ({ channel, params }) => ({
    data: await menus.remove(ctx, requireChannel(channel), params.id),
  }));
  route(app, ctx, api.copy, async ({ channel, params, body }) => ({
    data: await menus.copy(ctx, requireChannel(channel), params.id, body.folder_id),
  }));
  route(app, ctx, api.publish, async ({ channel, params }) => ({
    data: await menus.publish(ctx, requireChannel(channel), params.id),
  }));
  route(app, ctx, api.insight, async ({ channel, params, query }) => ({
    data: await insight(ctx, requireChannel(channel), params.id, query),
  }));
  route(app, ctx, api.settings, async ({ channel }) => ({ data: await menus.settings(ctx, requireChannel(channel)) }));
  route(app, ctx, api.setDefault, async ({ channel, body }) => ({
    data: await menus.setDefault(ctx, requireChannel(channel), body.rich_menu_id),
  }));
  route(app, ctx, api.cleanExit, async ({ channel }) => ({
    data: await menus.cleanExit(ctx, requireChannel(channel)),
  }));
  route(app, ctx, api.rules, async ({ channel }) => ({ data: await menus.rules(ctx, requireChannel(channel)) }));
  route(app, ctx, api.createRule, async ({ channel, body }) => ({
    data: await menus.createRule(ctx, requireChannel(channel), body),
  }));
  route(app, ctx, api.updateRule, async ({ channel, params, body }) => ({
    data: await menus.updateRule(ctx, requireChannel(channel), params.id, body),
  }));
  route(app, ctx, api.removeRule, async ({ channel, params }) => ({
    data: await menus.removeRule(ctx, requireChannel(channel), params.id),
  }));
  route(app, ctx, api.orderRules, async ({ channel, body }) => ({
    data: await menus.orderRules(ctx, requireChannel(channel), body.rule_ids),
  }));
  route(app, ctx, api.previewRules, async ({ channel }) => ({
    data: await menus.previewRules(ctx, requireChannel(channel)),
  }));
  route(app, ctx, api.ofFriend, async ({ channel, params }) => ({
    data: await menus.ofFriend(ctx, requireChannel(channel), params.friend_id),
  }));
  route(app, ctx, api.setOfFriend, async ({ channel, params, body }) => ({
    data: await menus.setOfFriend(ctx, requireChannel(channel), params.friend_id, body.rich_menu_id),
  }));
  route(app, ctx, richMenuPublicApi.page, async ({ params, query, reply }) => {
    // Every opening is a tap: no cache may answer it.
    reply.header('cache-control', 'no-store');
    return { data: await menus.openPage(ctx, params.token, query.via, consoleOrigin(app, ctx)) };
  });
  imageUploadScope(app, (scoped) => {
    route(scoped, ctx, api.uploadImage, async ({ channel, params, request }) => {
      const scope = requireChannel(channel);
      return { data: await menus.uploadImage(ctx, scope, params.id, await uploadedBytes(scoped, request)) };
    });
  });
}

/** The routes outside /api: menu images, and the counting redirect of link areas. */
export function richMenuRootRoutes(app: FastifyInstance, ctx: AppContext) {
  richMenuImageRoutes(app, ctx);
  app.get<{ Params: { token: string } }>(
    '/rich-menu-links/:token',
    { schema: { hide: true } },
    async (request, reply) => {
      const target = await menus.openLink(ctx, request.params.token);
      if (!target) return reply.status(404).send({ success: false, errors: 'リンクが見つかりません。' });
      return reply.header('cache-control', 'no-store').redirect(target, 302);
    },
  );
}

/**
 * `GET /rich-menu-images/:name`: a menu's image for the console's editor and list (an <img> sends
 * no session), by its random name as public files are.
 */
function richMenuImageRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get<{ Params: { name: string } }>(
    '/rich-menu-images/:name',
    { schema: { hide: true } },
    async (request, reply) => {
      const image = await menus.imageNamed(ctx, request.params.name);
      if (!image) return reply.status(404).send({ success: false, errors: '画像が見つかりません。' });
      return reply
        .header('content-type', image.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'; sandbox")
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(image.bytes);
    },
  );
}
