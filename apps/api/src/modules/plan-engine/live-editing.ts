import type { AppContext } from '../../platform/context.ts';
import type { EventTransaction } from '../../platform/events.ts';
import { channelScope } from '../../platform/principal.ts';
import type { PlanChange } from '../plans/events.ts';
import * as plansRepo from '../plans/repository.ts';
import { advanceTo, finished } from './advance.ts';
import { rescheduledDue, stepAfterSend } from './graph.ts';
import { loadPlan, stepContext } from './load.ts';
import * as repo from './repository.ts';

/*
 * Safe live editing (DESIGN.md section 8): friends waiting in a plan follow its saved changes. Saved
 * boxes keep their ids, so only what a save removes, retimes or resumes moves anyone.
 */

/** A save removes boxes: the enrolments waiting at them end, with the reason, and the plan's history says how many. */
export async function endAtRemovedBoxes(ctx: AppContext, on: EventTransaction, change: PlanChange, ids: number[]) {
  const scope = channelScope(change.lineAccountId);
  const ended = await repo.endEnrolmentsAtBoxes(on.tx, scope, change.planId, ids, {
    at: ctx.clock.now(),
    reason: 'box_removed',
  });
  if (ended === 0) return;
  await plansRepo.addHistory(on.tx, scope, {
    planId: change.planId,
    userId: change.userId,
    kind: 'box_removed',
    params: { boxes: ids.length, friends: ended },
    affectedCount: ended,
  });
}

/**
 * A save changed timings: the sends waiting on them are recomputed from when each friend reached
 * the timing, never earlier than now (a box already sent is never sent again: its send is recorded).
 */
export async function rescheduleChangedTimings(
  ctx: AppContext,
  on: EventTransaction,
  change: PlanChange,
  ids: number[],
) {
  const scope = channelScope(change.lineAccountId);
  const row = await repo.plan(on.tx, scope, change.planId);
  if (!row) return;
  const plan = await loadPlan(on.tx, scope, row);
  const now = ctx.clock.now();
  const context = stepContext(plan, now);
  const due: { id: number; at: Date }[] = [];
  const ended: number[] = [];
  for (const enrolment of await repo.waitingFor(on.tx, scope, row.id, ids)) {
    const timing = plan.graph.timingInto(enrolment.nextPlanActionId!);
    const at = timing
      ? rescheduledDue(timing, { arrivedAt: enrolment.arrivedAt ?? now, occurrence: enrolment.nextOccurrence }, context)
      : null;
    if (at === null) ended.push(enrolment.id);
    else if (at.getTime() !== enrolment.nextActionAt?.getTime()) due.push({ id: enrolment.id, at });
  }
  await repo.reschedule(on.tx, scope, due);
  for (const id of ended) await repo.endEnrolment(on.tx, scope, id, { status: 'finished', at: now, reason: null });
  const affected = due.length + ended.length;
  if (affected === 0) return;
  await plansRepo.addHistory(on.tx, scope, {
    planId: row.id,
    userId: change.userId,
    kind: 'timing_changed',
    params: { friends: affected },
    affectedCount: affected,
  });
}

/**
 * A plan active again: what fell due while it was paused goes out now ('send': the scheduler finds
 * it due) or is skipped — recorded as skipped and passed as if sent; a skipped box with options
 * (whose answer can no longer come) ends the enrolment.
 */
export async function resumeMissed(
  ctx: AppContext,
  on: EventTransaction,
  change: PlanChange,
  choice: 'send' | 'skip',
): Promise<void> {
  const scope = channelScope(change.lineAccountId);
  const row = await repo.plan(on.tx, scope, change.planId);
  if (!row) return;
  const now = ctx.clock.now();
  const missed = await repo.overdue(on.tx, scope, row.id, now);
  if (choice === 'skip' && missed.length > 0) {
    const plan = await loadPlan(on.tx, scope, row);
    const context = stepContext(plan, now);
    const advances: repo.EnrolmentAdvance[] = [];
    const sends: repo.NewSend[] = [];
    for (const enrolment of missed) {
      const action = plan.graph.action(enrolment.nextPlanActionId!);
      if (!action) {
        advances.push(finished(enrolment.id, now));
        continue;
      }
      sends.push({
        planId: row.id,
        enrolmentId: enrolment.id,
        friendId: enrolment.friendId,
        planActionId: action.id,
        boxId: action.boxId,
        occurrence: enrolment.nextOccurrence,
        dueAt: enrolment.nextActionAt ?? now,
        status: 'skipped',
      });
      const step = stepAfterSend(
        plan.graph,
        { planActionId: action.id, occurrence: enrolment.nextOccurrence, arrivedAt: enrolment.arrivedAt ?? now },
        context,
      );
      if (step.kind === 'wait_for_tap') {
        await repo.endEnrolment(on.tx, scope, enrolment.id, {
          status: 'stopped',
          at: now,
          reason: 'skipped_wait',
        });
      } else advances.push(advanceTo(enrolment.id, action, step, now));
    }
    await repo.recordSends(on.tx, scope, sends, now, 'skip');
    await repo.advanceEnrolments(on.tx, scope, advances);
  }
  await plansRepo.addHistory(on.tx, scope, {
    planId: row.id,
    userId: change.userId,
    kind: choice === 'send' ? 'resumed_sending_missed' : 'resumed_skipping_missed',
    params: { friends: missed.length },
    affectedCount: missed.length,
  });
}
