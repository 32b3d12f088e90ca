import type { FastifyInstance } from 'fastify';
import { agencyDashboardApi as api } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { principalAs, route } from '../../platform/http.ts';
import { agencyScope } from '../../platform/principal.ts';
import { agencyDashboard } from './service.ts';

export function agencyDashboardRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, api.get, async ({ principal }) => {
    const agency = principalAs(principal, 'agency');
    return {
      data: await agencyDashboard(ctx, agencyScope(agency.agencyId), agency.agencyRole === 'manager'),
    };
  });
}
