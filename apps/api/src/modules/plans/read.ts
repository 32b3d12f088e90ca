import { listPage, type EndpointOutput, type PlanDetail, type planListQuery, type plansApi } from '@linq/contract';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import type { ChannelRequest } from '../../platform/principal.ts';
import * as repo from './repository.ts';
import { notFound } from '../../platform/errors.ts';
import { PLAN_NOUN } from './messages.ts';
import { listItem, detail } from './presenters.ts';

/* Reading plans: the list and one plan in the spec's detail format. */

type ListQuery = z.output<typeof planListQuery>;

export async function list(
  ctx: AppContext,
  scope: ChannelRequest,
  query: ListQuery,
): Promise<EndpointOutput<typeof plansApi.list>> {
  const { rows, total } = await repo.list(
    ctx.database.db,
    scope,
    {
      folderId: query.folder_id,
      planType: query.plan_type,
      isActive: query.is_active,
      q: query.q,
      page: query.page,
      limit: query.limit,
    },
    ctx.clock.now(),
  );
  return listPage(rows.map(listItem), total, query);
}

export async function get(ctx: AppContext, scope: ChannelRequest, id: number): Promise<PlanDetail> {
  const db = ctx.database.db;
  return detail(db, scope, await findOrFail(db, scope, id));
}

export async function findOrFail(db: Db, scope: ChannelRequest, id: number, forUpdate = false): Promise<repo.PlanRow> {
  const row = await repo.find(db, scope, id, forUpdate);
  if (!row) throw notFound(PLAN_NOUN);
  return row;
}
