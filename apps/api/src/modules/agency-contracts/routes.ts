import type { FastifyInstance } from 'fastify';
import { agencyContractsApi as api } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { ANSWERED, principalAs, route } from '../../platform/http.ts';
import { agencyScope, type Principal } from '../../platform/principal.ts';
import { contractsCsv } from './export.ts';
import * as contracts from './service.ts';

export function agencyContractRoutes(app: FastifyInstance, ctx: AppContext) {
  const callerOf = (principal: Principal | null) => {
    const user = principalAs(principal, 'agency');
    return contracts.callerOf(user, agencyScope(user.agencyId));
  };

  route(app, ctx, api.list, async ({ principal, query }) => contracts.list(ctx, callerOf(principal), query));
  route(app, ctx, api.exportCsv, async ({ principal, query, reply }) => {
    const file = await contractsCsv(ctx, callerOf(principal), query);
    void reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'no-store')
      .send(file.body);
    return ANSWERED;
  });
  route(app, ctx, api.get, async ({ principal, params }) => ({
    data: await contracts.get(ctx, callerOf(principal), params.id),
  }));
  route(app, ctx, api.create, async ({ principal, body }) => ({
    data: await contracts.create(ctx, callerOf(principal), body),
  }));
  route(app, ctx, api.update, async ({ principal, params, body }) => ({
    data: await contracts.update(ctx, callerOf(principal), params.id, body),
  }));
  route(app, ctx, api.transition, async ({ principal, params, body }) => ({
    data: await contracts.transition(ctx, callerOf(principal), params.id, body.status),
  }));
}
