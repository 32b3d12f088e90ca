import type { FastifyInstance } from 'fastify';
import { adminLineAccountsApi as api } from '@linq/contract';
import { actingOem } from '../../platform/admin-scope.ts';
import type { AppContext } from '../../platform/context.ts';
import { principalAs, route } from '../../platform/http.ts';
import type { Principal } from '../../platform/principal.ts';
import { serverOrigin } from '../../platform/public-origin.ts';
import * as channels from './service.ts';

export function adminLineAccountRoutes(app: FastifyInstance, ctx: AppContext) {
  const caller = (principal: Principal | null, query: { oem_id?: number | undefined }): channels.AdminCaller => {
    const admin = principalAs(principal, 'admin');
    return { admin, scope: actingOem(admin, query.oem_id), publicOrigin: serverOrigin(app, ctx.config) };
  };

  route(app, ctx, api.list, async ({ principal, query }) => channels.list(ctx, caller(principal, query), query));
  route(app, ctx, api.get, async ({ principal, params, query }) => ({
    data: await channels.get(ctx, caller(principal, query), params.id),
  }));
  route(app, ctx, api.create, async ({ principal, body, query }) => ({
    data: await channels.create(ctx, caller(principal, query), body),
  }));
  route(app, ctx, api.update, async ({ principal, params, body, query }) => ({
    data: await channels.update(ctx, caller(principal, query), params.id, body),
  }));
  route(app, ctx, api.remove, async ({ principal, params, query }) => {
    await channels.remove(ctx, caller(principal, query).scope, params.id);
    return { data: { message: 'LINEアカウントを削除しました。' } };
  });
  route(app, ctx, api.connectionTest, async ({ principal, params, query }) => ({
    data: await channels.connectionTest(ctx, caller(principal, query), params.id),
  }));
  route(app, ctx, api.accountOptions, async ({ principal, query }) => ({
    data: await channels.accountOptions(ctx, caller(principal, query).scope),
  }));
}
