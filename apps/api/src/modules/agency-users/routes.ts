import type { FastifyInstance } from 'fastify';
import { agencyUsersApi as api } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { principalAs, route } from '../../platform/http.ts';
import { agencyScope, type Principal } from '../../platform/principal.ts';
import * as agencyUsers from './service.ts';

export function agencyUserRoutes(app: FastifyInstance, ctx: AppContext) {
  const callerOf = (principal: Principal | null) => {
    const user = principalAs(principal, 'agency');
    return { user, scope: agencyScope(user.agencyId) };
  };

  route(app, ctx, api.list, async ({ principal, query }) => {
    const { user, scope } = callerOf(principal);
    return agencyUsers.list(ctx, user, scope, query);
  });
  route(app, ctx, api.get, async ({ principal, params }) => {
    const { user, scope } = callerOf(principal);
    return { data: await agencyUsers.get(ctx, user, scope, params.id) };
  });
  route(app, ctx, api.create, async ({ principal, body }) => {
    const { user, scope } = callerOf(principal);
    return { data: await agencyUsers.invite(ctx, user, scope, body) };
  });
  route(app, ctx, api.update, async ({ principal, params, body }) => {
    const { user, scope } = callerOf(principal);
    return { data: await agencyUsers.update(ctx, user, scope, params.id, body) };
  });
}
