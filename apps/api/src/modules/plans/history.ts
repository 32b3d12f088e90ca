import {
  listPage,
  type EndpointOutput,
  type PlanHistoryItem,
  type PlanHistoryParams,
  type pageQuery,
  type plansApi,
} from '@linq/contract';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { ChannelRequest } from '../../platform/principal.ts';
import * as repo from './repository.ts';
import { findOrFail } from './read.ts';

type PageQuery = z.output<typeof pageQuery>;

/** The history of a plan: who changed what, when and how many friends it moved, newest first. */
export async function history(
  ctx: AppContext,
  scope: ChannelRequest,
  id: number,
  query: PageQuery,
): Promise<EndpointOutput<typeof plansApi.history>> {
  const db = ctx.database.db;
  await findOrFail(db, scope, id);
  const { rows, total } = await repo.history(db, scope, id, query);
  return listPage(
    rows.map((row): PlanHistoryItem => ({
      id: row.id,
      kind: row.kind,
      params: row.params,
      affected_count: row.affectedCount,
      user_name: row.userName,
      created_at: row.createdAt.toISOString(),
    })),
    total,
    query,
  );
}

type PartCounts = { boxes: number; timings: number };

/** What a save changed in numbers: boxes added and removed, timings before and after, and the totals now. */
export function savedParams(before: PartCounts, after: PartCounts, addedBoxes: number): PlanHistoryParams {
  return {
    boxes: after.boxes,
    timings: after.timings,
    added_boxes: addedBoxes,
    removed_boxes: before.boxes + addedBoxes - after.boxes,
    timings_before: before.timings,
  };
}
