import type { FastifyInstance } from 'fastify';
import { teppanBrowseApi, teppanTemplatesApi, templatesApi } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { principalAs, requireChannel, route } from '../../platform/http.ts';
import { PLATFORM_SCOPE, type ChannelRequest, type Principal } from '../../platform/principal.ts';
import { consoleOrigin, imageUploadScope, uploadedBytes } from '../files/routes.ts';
import * as templates from './service.ts';

/** The channel's templates, as the staff member in the LineAccountId header. */
const inChannel = (channel: ChannelRequest | null): templates.TemplateCaller => {
  const scope = requireChannel(channel);
  return { owner: scope, userId: scope.userId };
};
/** The platform's teppan templates, as an administrator. */
const asAdmin = (principal: Principal | null): templates.TemplateCaller => ({
  owner: PLATFORM_SCOPE,
  userId: principalAs(principal, 'admin').userId,
});

/** Channel templates (service), teppan templates (admin), and the teppan templates offered to channels. */
export function templateRoutes(app: FastifyInstance, ctx: AppContext) {
  const origin = () => consoleOrigin(app, ctx);

  route(app, ctx, templatesApi.list, async ({ channel, query }) =>
    templates.list(ctx, inChannel(channel).owner, query),
  );
  route(app, ctx, templatesApi.get, async ({ channel, params }) =>
    templates.get(ctx, inChannel(channel).owner, params.id),
  );
  route(app, ctx, templatesApi.create, async ({ channel, body }) =>
    templates.save(ctx, inChannel(channel), null, body),
  );
  route(app, ctx, templatesApi.update, async ({ channel, params, body }) =>
    templates.save(ctx, inChannel(channel), params.id, body),
  );
  route(app, ctx, templatesApi.remove, async ({ channel, params }) => ({
    data: await templates.remove(ctx, inChannel(channel).owner, params.id),
  }));
  route(app, ctx, templatesApi.copy, async ({ channel, params, body }) =>
    templates.copy(ctx, inChannel(channel), params.id, body),
  );
  route(app, ctx, templatesApi.sendTest, async ({ channel, params, body }) => ({
    data: await templates.sendTest(ctx, requireChannel(channel), params.id, body.friend_id, origin()),
  }));

  route(app, ctx, teppanTemplatesApi.list, async ({ principal, query }) =>
    templates.list(ctx, asAdmin(principal).owner, query),
  );
  route(app, ctx, teppanTemplatesApi.get, async ({ principal, params }) =>
    templates.get(ctx, asAdmin(principal).owner, params.id),
  );
  route(app, ctx, teppanTemplatesApi.create, async ({ principal, body }) =>
    templates.save(ctx, asAdmin(principal), null, body),
  );
  route(app, ctx, teppanTemplatesApi.update, async ({ principal, params, body }) =>
    templates.save(ctx, asAdmin(principal), params.id, body),
  );
  route(app, ctx, teppanTemplatesApi.remove, async ({ principal, params }) => ({
    data: await templates.remove(ctx, asAdmin(principal).owner, params.id),
  }));
  route(app, ctx, teppanTemplatesApi.copy, async ({ principal, params, body }) =>
    templates.copy(ctx, asAdmin(principal), params.id, body),
  );

  // Service users read teppan templates in any of their channels and copy them into it.
  route(app, ctx, teppanBrowseApi.list, async ({ channel, query }) => {
    requireChannel(channel);
    return templates.list(ctx, PLATFORM_SCOPE, query);
  });
  route(app, ctx, teppanBrowseApi.copy, async ({ channel, params, body }) =>
    templates.copyTeppan(ctx, requireChannel(channel), params.id, body),
  );

  imageUploadScope(app, (scoped) => {
    route(scoped, ctx, templatesApi.uploadImage, async ({ channel, request }) => {
      requireChannel(channel);
      return { data: await templates.uploadImage(ctx, await uploadedBytes(scoped, request), origin()) };
    });
    // Administrators have no channel: the file is served from the console's own origin all the same.
    route(scoped, ctx, teppanTemplatesApi.uploadImage, async ({ principal, request }) => {
      principalAs(principal, 'admin');
      return { data: await templates.uploadImage(ctx, await uploadedBytes(scoped, request), origin()) };
    });
  });
}
