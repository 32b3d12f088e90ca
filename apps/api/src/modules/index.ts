import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../platform/context.ts';
import { sessionRoutes } from './sessions/routes.ts';

/** Every feature module's routes, registered under /api. */
export const apiModules: Array<(app: FastifyInstance, ctx: AppContext) => void> = [sessionRoutes];
