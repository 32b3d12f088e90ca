import type { FastifyInstance } from 'fastify';
import { agencyNoticesApi as api, NOTICE_CANCELLED_MESSAGE } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { principalAs, route } from '../../platform/http.ts';
import { agencyScope, type Principal } from '../../platform/principal.ts';
import * as notices from './service.ts';

export function agencyNoticeRoutes(app: FastifyInstance, ctx: AppContext) {
  const callerOf = (principal: Principal | null): notices.NoticeCaller => {
    const user = principalAs(principal, 'agency');
    return { scope: agencyScope(user.agencyId), userId: user.userId };
  };

  route(app, ctx, api.list, async ({ principal, query }) => notices.list(ctx, callerOf(principal).scope, query));
  route(app, ctx, api.get, async ({ principal, params }) => ({
    data: await notices.get(ctx, callerOf(principal).scope, params.id),
  }));
  route(app, ctx, api.preview, async ({ principal, body }) => ({
    data: { account_count: await notices.preview(ctx, callerOf(principal).scope, body) },
  }));
  route(app, ctx, api.create, async ({ principal, body }) => ({
    data: await notices.create(ctx, callerOf(principal), body),
  }));
  route(app, ctx, api.cancel, async ({ principal, params }) => {
    await notices.cancel(ctx, callerOf(principal).scope, params.id);
    return { data: { message: NOTICE_CANCELLED_MESSAGE } };
  });
}
