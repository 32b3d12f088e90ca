import { type ActivatePlanInput, type PlanListItem } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import type { ChannelRequest } from '../../platform/principal.ts';
import * as repo from './repository.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { forecastOf } from './forecast.ts';
import { PLAN_NOUN, missedSendsMessage, QUOTA_EXCEEDED_MESSAGE } from './messages.ts';
import { listItem } from './presenters.ts';
import { findOrFail } from './read.ts';

/**
 * Activates a plan (its paused enrolments resume). A broadcast that would overrun the channel's
 * monthly quota is refused (409) unless the caller confirms sending as far as the quota goes.
 */
export async function activate(
  ctx: AppContext,
  scope: ChannelRequest,
  id: number,
  input: ActivatePlanInput,
): Promise<PlanListItem> {
  const plan = await findOrFail(ctx.database.db, scope, id);
  if (plan.planType === 'broadcast' && !input.allow_partial_send) {
    const figures = await forecastOf(ctx, scope, plan);
    if (figures.exceeds_quota) throw conflict(QUOTA_EXCEEDED_MESSAGE);
  }
  return ctx.events.transaction(ctx.database.db, async (on) => {
    const missed = (await repo.listRow(on.tx, scope, id, ctx.clock.now()))?.missedCount ?? 0;
    if (missed > 0 && input.missed_sends === undefined) throw conflict(missedSendsMessage(missed));
    const item = await setActiveIn(ctx, on.tx, scope, id, true);
    if (missed > 0 && input.missed_sends !== undefined) {
      await on.publish('plan.resumed', {
        lineAccountId: scope.lineAccountId,
        planId: id,
        userId: scope.userId,
        missedSends: input.missed_sends,
      });
    }
    return item;
  });
}

/** Deactivates a plan: its running enrolments pause. */
export async function deactivate(ctx: AppContext, scope: ChannelRequest, id: number): Promise<PlanListItem> {
  return setActive(ctx, scope, id, false);
}

async function setActive(ctx: AppContext, scope: ChannelRequest, id: number, active: boolean): Promise<PlanListItem> {
  return ctx.database.db.transaction(async (trx) => setActiveIn(ctx, trx as unknown as Db, scope, id, active));
}

async function setActiveIn(
  ctx: AppContext,
  tx: Db,
  scope: ChannelRequest,
  id: number,
  active: boolean,
): Promise<PlanListItem> {
  const now = ctx.clock.now();
  if (!(await repo.update(tx, scope, id, { isActive: active }))) throw notFound(PLAN_NOUN);
  const moved = await repo.setEnrolmentsPaused(tx, scope, id, !active, now);
  await repo.addHistory(tx, scope, {
    planId: id,
    userId: scope.userId,
    kind: active ? 'activated' : 'deactivated',
    params: { friends: moved },
    affectedCount: moved,
  });
  const row = await repo.listRow(tx, scope, id, now);
  if (!row) throw notFound(PLAN_NOUN);
  return listItem(row);
}
