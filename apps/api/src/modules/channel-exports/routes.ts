import type { FastifyInstance } from 'fastify';
import { channelExportsApi as api } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { ANSWERED, principalAs, requirePrincipal, route } from '../../platform/http.ts';
import { accountScope, type Principal } from '../../platform/principal.ts';
import * as exports from './service.ts';

export function channelExportRoutes(app: FastifyInstance, ctx: AppContext) {
  const scopeOf = (principal: Principal | null) => accountScope(principalAs(principal, 'account').accountId);

  route(app, ctx, api.list, async ({ principal }) => ({ data: await exports.list(ctx, scopeOf(principal)) }));
  route(app, ctx, api.create, async ({ principal, body }) => ({
    data: await exports.create(ctx, scopeOf(principal), body.line_account_id),
  }));
  route(app, ctx, api.download, async ({ principal, params, reply }) => {
    const file = await exports.download(ctx, requirePrincipal(principal), params.id);
    void reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'no-store')
      .send(file.stream);
    return ANSWERED;
  });
}
