import type { FastifyInstance } from 'fastify';
import { brandingApi } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { route } from '../../platform/http.ts';
import { brandingForDomain } from './service.ts';

export function brandingRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, brandingApi.byDomain, async ({ query }) => ({ data: await brandingForDomain(ctx, query.domain) }));
}
