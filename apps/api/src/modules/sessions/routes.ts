import type { FastifyInstance } from 'fastify';
import { ROLES, sessionsApi, type Role } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { principalAs, route } from '../../platform/http.ts';
import * as sessions from './service.ts';

export function sessionRoutes(app: FastifyInstance, ctx: AppContext) {
  for (const role of ROLES) roleSessionRoutes(app, ctx, role);
}

function roleSessionRoutes<R extends Role>(app: FastifyInstance, ctx: AppContext, role: R) {
  const api = sessionsApi[role];
  route(app, ctx, api.login, async ({ body, request }) => ({
    data: await sessions.login(ctx, role, body, {
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
    }),
  }));
  route(app, ctx, api.logout, async ({ principal }) => {
    await sessions.logout(ctx, principalAs(principal, role));
    return { data: { message: 'ログアウトしました。' } };
  });
  route(app, ctx, api.me, async ({ principal }) => ({ data: await sessions.me(ctx, principalAs(principal, role)) }));
}
