import type { FastifyInstance } from 'fastify';
import { oemsApi as api } from '@linq/contract';
import { actingOem } from '../../platform/admin-scope.ts';
import type { AppContext } from '../../platform/context.ts';
import { principalAs, route } from '../../platform/http.ts';
import { oemScope } from '../../platform/principal.ts';
import { imageUploadScope, uploadedBytes } from '../files/routes.ts';
import * as oems from './service.ts';

/** The OEM endpoints are platform admins' (their `platformAdmin` access); oem_account is any admin's, on the acting OEM. */
export function oemRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, api.list, async ({ query }) => oems.list(ctx, query));
  route(app, ctx, api.get, async ({ params }) => ({ data: await oems.get(ctx, oemScope(params.id)) }));
  route(app, ctx, api.create, async ({ body }) => ({ data: await oems.create(ctx, body) }));
  route(app, ctx, api.update, async ({ params, body }) => ({
    data: await oems.update(ctx, oemScope(params.id), body),
  }));
  route(app, ctx, api.remove, async ({ params }) => {
    await oems.remove(ctx, oemScope(params.id));
    return { data: { message: 'OEMを削除しました。' } };
  });
  imageUploadScope(app, (scoped) => {
    route(scoped, ctx, api.uploadImage, async ({ request }) => {
      const bytes = await uploadedBytes(scoped, request);
      return { data: await oems.uploadImage(ctx, bytes) };
    });
  });

  route(app, ctx, api.account, async ({ principal, query }) => ({
    data: await oems.account(ctx, actingOem(principalAs(principal, 'admin'), query.oem_id)),
  }));
  route(app, ctx, api.updateAccount, async ({ principal, query, body }) => ({
    data: await oems.updateAccount(ctx, actingOem(principalAs(principal, 'admin'), query.oem_id), body),
  }));

  route(app, ctx, api.landing, async ({ query }) => ({ data: await oems.landing(ctx, query.domain) }));
}
