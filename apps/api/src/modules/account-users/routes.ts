import type { FastifyInstance } from 'fastify';
import { accountUsersApi as api } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { principalAs, route } from '../../platform/http.ts';
import { accountScope } from '../../platform/principal.ts';
import * as accountUsers from './service.ts';

export function accountUserRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, api.list, async ({ principal, query }) =>
    accountUsers.list(ctx, accountScope(principalAs(principal, 'account').accountId), query),
  );
  route(app, ctx, api.get, async ({ principal, params }) => ({
    data: await accountUsers.get(ctx, accountScope(principalAs(principal, 'account').accountId), params.id),
  }));
  route(app, ctx, api.create, async ({ principal, body }) => ({
    data: await accountUsers.create(ctx, accountScope(principalAs(principal, 'account').accountId), body),
  }));
  route(app, ctx, api.update, async ({ principal, params, body }) => ({
    data: await accountUsers.update(ctx, accountScope(principalAs(principal, 'account').accountId), params.id, body),
  }));
  route(app, ctx, api.remove, async ({ principal, params }) => {
    await accountUsers.remove(ctx, accountScope(principalAs(principal, 'account').accountId), params.id);
    return { data: { message: 'ユーザーを削除しました。' } };
  });
}
