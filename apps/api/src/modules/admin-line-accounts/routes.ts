import type { FastifyInstance } from 'fastify';
import { adminLineAccountsApi as api } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { principalAs, route } from '../../platform/http.ts';
import type { Principal } from '../../platform/principal.ts';
import { serverOrigin } from '../../platform/public-origin.ts';
import * as channels from './service.ts';

export function adminLineAccountRoutes(app: FastifyInstance, ctx: AppContext) {
  const caller = (principal: Principal | null): channels.AdminCaller => {
    return { admin: principalAs(principal, 'admin'), publicOrigin: serverOrigin(app, ctx.config) };
  };

  route(app, ctx, api.list, async ({ principal, query }) => channels.list(ctx, caller(principal), query));
  route(app, ctx, api.get, async ({ principal, params }) => ({
    data: await channels.get(ctx, caller(principal), params.id),
  }));
  route(app, ctx, api.create, async ({ principal, body }) => ({
    data: await channels.create(ctx, caller(principal), body),
  }));
  route(app, ctx, api.update, async ({ principal, params, body }) => ({
    data: await channels.update(ctx, caller(principal), params.id, body),
  }));
  route(app, ctx, api.remove, async ({ principal, params }) => {
    principalAs(principal, 'admin');
    await channels.remove(ctx, params.id);
    return { data: { message: 'LINEアカウントを削除しました。' } };
  });
  route(app, ctx, api.connectionTest, async ({ principal, params }) => ({
    data: await channels.connectionTest(ctx, caller(principal), params.id),
  }));
  route(app, ctx, api.accountOptions, async ({ principal }) => {
    principalAs(principal, 'admin');
    return { data: await channels.accountOptions(ctx) };
  });
}
