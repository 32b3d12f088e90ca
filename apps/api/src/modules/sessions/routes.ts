import type { FastifyInstance } from 'fastify';
import { ROLES, sessionsApi, type EndpointOutput, type Role } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { principalAs, route } from '../../platform/http.ts';
import * as sessions from './service.ts';

export function sessionRoutes(app: FastifyInstance, ctx: AppContext) {
  for (const role of ROLES) roleSessionRoutes(app, ctx, role);
}

function roleSessionRoutes<R extends Role>(app: FastifyInstance, ctx: AppContext, role: R) {
  const api = sessionsApi[role];
  // R ties the endpoint to the record's shape, but TypeScript cannot follow a generic
  // index into sessionsApi; the response schema still validates every answer.
  type LoginOutput = EndpointOutput<typeof api.login>;
  type MeOutput = EndpointOutput<typeof api.me>;
  route(app, ctx, api.login, async ({ body, request }) => {
    const data = await sessions.login(ctx, role, body, {
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
    });
    return { data } as LoginOutput;
  });
  route(app, ctx, api.logout, async ({ principal }) => {
    await sessions.logout(ctx, principalAs(principal, role));
    return { data: { message: 'ログアウトしました。' } };
  });
  route(app, ctx, api.me, async ({ principal }) => {
    const data = await sessions.me(ctx, principalAs(principal, role));
    return { data } as MeOutput;
  });
}
