import type { FastifyInstance } from 'fastify';
import { staffAuthoritiesApi as api } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { principalAs, route } from '../../platform/http.ts';
import { accountScope } from '../../platform/principal.ts';
import * as staffAuthorities from './service.ts';

export function staffAuthorityRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, api.list, async ({ principal, query }) =>
    staffAuthorities.list(ctx, accountScope(principalAs(principal, 'account').accountId), query),
  );
  route(app, ctx, api.get, async ({ principal, params }) => ({
    data: await staffAuthorities.get(ctx, accountScope(principalAs(principal, 'account').accountId), params.id),
  }));
  route(app, ctx, api.create, async ({ principal, body }) => ({
    data: await staffAuthorities.create(ctx, accountScope(principalAs(principal, 'account').accountId), body),
  }));
  route(app, ctx, api.update, async ({ principal, params, body }) => ({
    data: await staffAuthorities.update(
      ctx,
      accountScope(principalAs(principal, 'account').accountId),
      params.id,
      body,
    ),
  }));
  route(app, ctx, api.remove, async ({ principal, params }) => {
    await staffAuthorities.remove(ctx, accountScope(principalAs(principal, 'account').accountId), params.id);
    return { data: { message: 'スタッフ権限を削除しました。' } };
  });
}
