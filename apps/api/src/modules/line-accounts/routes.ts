import type { FastifyInstance } from 'fastify';
import { lineAccountsApi } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { requirePrincipal as caller, route } from '../../platform/http.ts';
import * as channels from './service.ts';

export function lineAccountRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, lineAccountsApi.list, async ({ principal }) => ({
    data: await channels.listChannels(ctx, caller(principal)),
  }));
  route(app, ctx, lineAccountsApi.get, async ({ principal, params }) => ({
    data: await channels.getChannel(ctx, caller(principal), params.id),
  }));
  route(app, ctx, lineAccountsApi.update, async ({ principal, params, body }) => ({
    data: await channels.renameChannel(ctx, caller(principal), params.id, body.name),
  }));
}
