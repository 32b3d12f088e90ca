import type { FastifyInstance } from 'fastify';
import { tagsApi as api, type Tag } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { requireChannel, route } from '../../platform/http.ts';
import { TAG_TABLES } from '../labels/repository.ts';
import { labelService, presentLabel } from '../labels/service.ts';

export const tags = labelService<Tag>({ tables: TAG_TABLES, folderType: 'tags', noun: 'タグ', present: presentLabel });

export function tagRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, api.list, async ({ channel, query }) => tags.list(ctx, requireChannel(channel), query));
  route(app, ctx, api.get, async ({ channel, params }) => ({
    data: await tags.get(ctx, requireChannel(channel), params.id),
  }));
  route(app, ctx, api.create, async ({ channel, body }) => ({
    data: await tags.create(ctx, requireChannel(channel), body),
  }));
  route(app, ctx, api.update, async ({ channel, params, body }) => ({
    data: await tags.update(ctx, requireChannel(channel), params.id, body),
  }));
  route(app, ctx, api.uses, async ({ channel, params }) => ({
    data: await tags.uses(ctx, requireChannel(channel), params.id),
  }));
  route(app, ctx, api.remove, async ({ channel, params, query }) => ({
    data: await tags.remove(ctx, requireChannel(channel), params.id, query),
  }));
  route(app, ctx, api.addFriends, async ({ channel, params, body }) => {
    const { item, changed } = await tags.addFriends(ctx, requireChannel(channel), params.id, body);
    return { data: { tag: item, changed } };
  });
  route(app, ctx, api.removeFriends, async ({ channel, params, body }) => {
    const { item, changed } = await tags.removeFriends(ctx, requireChannel(channel), params.id, body);
    return { data: { tag: item, changed } };
  });
}
