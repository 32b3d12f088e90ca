import type { FastifyInstance } from 'fastify';
import { tutorialsApi } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { principalAs, route } from '../../platform/http.ts';
import * as tutorials from './service.ts';

export function tutorialRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, tutorialsApi.hide, async ({ principal, body }) => ({
    data: await tutorials.hide(ctx, principalAs(principal, 'service'), body.screen),
  }));
}
