import type { FastifyInstance } from 'fastify';
import { adminOemOptionsApi as api } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { principalAs, route } from '../../platform/http.ts';
import { oemScope, PLATFORM_SCOPE } from '../../platform/principal.ts';
import { oemOptions } from './repository.ts';

export function adminOemOptionRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, api.list, async ({ principal }) => {
    const admin = principalAs(principal, 'admin');
    // A platform admin may act on every OEM; an OEM admin on their own only.
    const scope = admin.platform ? PLATFORM_SCOPE : oemScope(admin.oemId);
    return { data: await oemOptions(ctx.database.db, scope) };
  });
}
