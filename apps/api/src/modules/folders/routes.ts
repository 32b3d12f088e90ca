import type { FastifyInstance } from 'fastify';
import { adminFoldersApi, serviceFoldersApi } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { principalAs, requireChannel, route } from '../../platform/http.ts';
import { PLATFORM_SCOPE, type ChannelRequest, type Principal } from '../../platform/principal.ts';
import * as folders from './service.ts';

/** A channel's folders; the folder type's feature is checked per call in the service. */
const inChannel = (channel: ChannelRequest | null): folders.FolderCaller => {
  const scope = requireChannel(channel);
  return { owner: scope, permissions: scope.permissions };
};
const asAdmin = (principal: Principal | null): folders.FolderCaller => {
  principalAs(principal, 'admin');
  return { owner: PLATFORM_SCOPE, permissions: null };
};

export function folderRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, serviceFoldersApi.list, async ({ channel, query }) => folders.list(ctx, inChannel(channel), query));
  route(app, ctx, serviceFoldersApi.create, async ({ channel, body }) => folders.create(ctx, inChannel(channel), body));
  route(app, ctx, serviceFoldersApi.update, async ({ channel, params, body }) => ({
    data: await folders.update(ctx, inChannel(channel), params.id, body),
  }));
  route(app, ctx, serviceFoldersApi.remove, async ({ channel, params }) =>
    folders.remove(ctx, inChannel(channel), params.id),
  );

  route(app, ctx, adminFoldersApi.list, async ({ principal, query }) => folders.list(ctx, asAdmin(principal), query));
  route(app, ctx, adminFoldersApi.create, async ({ principal, body }) => folders.create(ctx, asAdmin(principal), body));
  route(app, ctx, adminFoldersApi.update, async ({ principal, params, body }) => ({
    data: await folders.update(ctx, asAdmin(principal), params.id, body),
  }));
  route(app, ctx, adminFoldersApi.remove, async ({ principal, params }) =>
    folders.remove(ctx, asAdmin(principal), params.id),
  );
}
