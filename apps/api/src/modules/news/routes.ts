import type { FastifyInstance } from 'fastify';
import { agencyNewsApi, NEWS_DELETED_MESSAGE, newsApi as api, serviceNewsApi } from '@linq/contract';
import { actingOem } from '../../platform/admin-scope.ts';
import type { AppContext } from '../../platform/context.ts';
import { principalAs, route } from '../../platform/http.ts';
import { accountScope, agencyScope, type Principal } from '../../platform/principal.ts';
import * as news from './service.ts';

const READ_MESSAGE = '既読にしました。';

export function newsRoutes(app: FastifyInstance, ctx: AppContext) {
  const deskOf = (principal: Principal | null, query: { oem_id?: number }): news.NewsDesk => {
    const admin = principalAs(principal, 'admin');
    const scope = actingOem(admin, query.oem_id);
    return { scope, everyOem: admin.platform && scope.oemId === admin.oemId };
  };

  route(app, ctx, api.list, async ({ principal, query }) => news.list(ctx, deskOf(principal, query), query));
  route(app, ctx, api.get, async ({ principal, params, query }) => ({
    data: await news.get(ctx, deskOf(principal, query), params.id),
  }));
  route(app, ctx, api.create, async ({ principal, query, body }) => ({
    data: await news.create(ctx, deskOf(principal, query), body),
  }));
  route(app, ctx, api.update, async ({ principal, params, query, body }) => ({
    data: await news.update(ctx, deskOf(principal, query), params.id, body),
  }));
  route(app, ctx, api.remove, async ({ principal, params, query }) => {
    await news.remove(ctx, deskOf(principal, query), params.id);
    return { data: { message: NEWS_DELETED_MESSAGE } };
  });

  const staffReader = (principal: Principal | null) => {
    const staff = principalAs(principal, 'service');
    return { scope: accountScope(staff.accountId), userId: staff.userId };
  };
  route(app, ctx, serviceNewsApi.list, async ({ principal, query }) =>
    news.readerList(ctx, staffReader(principal), query),
  );
  route(app, ctx, serviceNewsApi.markRead, async ({ principal, params }) => {
    await news.markRead(ctx, staffReader(principal), params.id);
    return { data: { message: READ_MESSAGE } };
  });

  const agencyReader = (principal: Principal | null) => {
    const user = principalAs(principal, 'agency');
    return { scope: agencyScope(user.agencyId), userId: user.userId };
  };
  route(app, ctx, agencyNewsApi.list, async ({ principal, query }) =>
    news.readerList(ctx, agencyReader(principal), query),
  );
  route(app, ctx, agencyNewsApi.markRead, async ({ principal, params }) => {
    await news.markRead(ctx, agencyReader(principal), params.id);
    return { data: { message: READ_MESSAGE } };
  });
}
