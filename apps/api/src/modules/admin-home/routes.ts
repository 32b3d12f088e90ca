import type { FastifyInstance } from 'fastify';
import { adminHomeApi } from '@linq/contract';
import { actingOem } from '../../platform/admin-scope.ts';
import type { AppContext } from '../../platform/context.ts';
import { principalAs, route } from '../../platform/http.ts';
import * as adminHome from './service.ts';

export function adminHomeRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, adminHomeApi.get, async ({ principal, query }) => {
    const admin = principalAs(principal, 'admin');
    return { data: await adminHome.home(ctx, { scope: actingOem(admin, query.oem_id), platform: admin.platform }) };
  });
}
