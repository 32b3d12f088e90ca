import type { FastifyInstance } from 'fastify';
import { oemPrivacyApi as api } from '@linq/contract';
import { actingOem } from '../../platform/admin-scope.ts';
import type { AppContext } from '../../platform/context.ts';
import { principalAs, route } from '../../platform/http.ts';
import * as pages from './service.ts';

export function oemPrivacyRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, api.get, async ({ principal, query }) => ({
    data: await pages.get(ctx, actingOem(principalAs(principal, 'admin'), query.oem_id)),
  }));
  route(app, ctx, api.save, async ({ principal, params, query, body }) => {
    const admin = principalAs(principal, 'admin');
    return { data: await pages.save(ctx, actingOem(admin, query.oem_id), params.kind, body.body, admin.userId) };
  });
  route(app, ctx, api.versions, async ({ principal, params, query }) =>
    pages.versions(ctx, actingOem(principalAs(principal, 'admin'), query.oem_id), params.kind, query),
  );
  route(app, ctx, api.version, async ({ principal, params, query }) => ({
    data: await pages.version(ctx, actingOem(principalAs(principal, 'admin'), query.oem_id), params.id),
  }));
  route(app, ctx, api.publicPage, async ({ params, query }) => ({
    data: await pages.publicPage(ctx, params.kind, query.domain),
  }));
}
