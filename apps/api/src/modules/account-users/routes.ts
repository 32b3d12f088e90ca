import type { FastifyInstance } from 'fastify';
import { accountUsersApi as api } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { principalAs, route } from '../../platform/http.ts';
import * as accountUsers from './service.ts';

export function accountUserRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, api.list, async ({ principal, query }) =>
    accountUsers.list(ctx, principalAs(principal, 'account'), query),
  );
  route(app, ctx, api.get, async ({ principal, params }) => ({
    data: await accountUsers.get(ctx, principalAs(principal, 'account'), params.id),
  }));
  route(app, ctx, api.create, async ({ principal, body }) => ({
    data: await accountUsers.create(ctx, principalAs(principal, 'account'), body),
  }));
  route(app, ctx, api.update, async ({ principal, params, body }) => ({
    data: await accountUsers.update(ctx, principalAs(principal, 'account'), params.id, body),
  }));
  route(app, ctx, api.remove, async ({ principal, params }) => {
    await accountUsers.remove(ctx, principalAs(principal, 'account'), params.id);
    return { data: { message: 'ユーザーを削除しました。' } };
  });
}
