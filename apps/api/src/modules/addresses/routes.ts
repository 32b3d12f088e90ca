import type { FastifyInstance } from 'fastify';
import { addressesApi } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { route } from '../../platform/http.ts';
import { postalAddressOf } from './service.ts';

/** A day: the data changes only with a package update, yet a deploy should reach browsers soon after. */
const CACHE_CONTROL = 'public, max-age=86400';

export function addressRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, addressesApi.postalCode, async ({ params, reply }) => {
    const data = await postalAddressOf(params.code);
    reply.header('cache-control', CACHE_CONTROL);
    return { data };
  });
}
