import type { FastifyInstance } from 'fastify';
import { marksApi as api, type Mark } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { requireChannel, route } from '../../platform/http.ts';
import { MARK_TABLES } from '../labels/repository.ts';
import { labelService, presentLabel } from '../labels/service.ts';

export const marks = labelService<Mark>({
  tables: MARK_TABLES,
  folderType: 'marks',
  noun: 'マーク',
  present: (row) => ({ ...presentLabel(row), color: row.color ?? '' }),
});

export function markRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, api.list, async ({ channel, query }) => marks.list(ctx, requireChannel(channel), query));
  route(app, ctx, api.get, async ({ channel, params }) => ({
    data: await marks.get(ctx, requireChannel(channel), params.id),
  }));
  route(app, ctx, api.create, async ({ channel, body }) => ({
    data: await marks.create(ctx, requireChannel(channel), body),
  }));
  route(app, ctx, api.update, async ({ channel, params, body }) => ({
    data: await marks.update(ctx, requireChannel(channel), params.id, body),
  }));
  route(app, ctx, api.uses, async ({ channel, params }) => ({
    data: await marks.uses(ctx, requireChannel(channel), params.id),
  }));
  route(app, ctx, api.remove, async ({ channel, params, query }) => ({
    data: await marks.remove(ctx, requireChannel(channel), params.id, query),
  }));
  route(app, ctx, api.addFriends, async ({ channel, params, body }) => {
    const { item, changed } = await marks.addFriends(ctx, requireChannel(channel), params.id, body);
    return { data: { mark: item, changed } };
  });
  route(app, ctx, api.removeFriends, async ({ channel, params, body }) => {
    const { item, changed } = await marks.removeFriends(ctx, requireChannel(channel), params.id, body);
    return { data: { mark: item, changed } };
  });
}
