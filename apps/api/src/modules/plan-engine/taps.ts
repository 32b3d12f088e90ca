import type { AppContext } from '../../platform/context.ts';
import type { EventTransaction } from '../../platform/events.ts';
import type { ChannelScope } from '../../platform/principal.ts';
import { advanceTo, onEngineClock, shifted } from './advance.ts';
import { stepAfterTap, tappedOption } from './graph.ts';
import { loadPlan, stepContext, type LoadedPlan } from './load.ts';
import * as repo from './repository.ts';

/**
 * A tap on an option of a box the friend was sent moves the enrolment that sent it, and only it,
 * once: the tap is recorded under its (enrolment, box) key, and the enrolment moves only while it
 * still waits at that box.
 */
export async function handleTap(
  ctx: AppContext,
  on: EventTransaction,
  scope: ChannelScope,
  friendId: number,
  actionItemId: number,
): Promise<void> {
  const now = ctx.clock.now();
  const candidates = await repo.optionBoxesSentTo(on.tx, scope, friendId);
  const loaded = new Map<number, LoadedPlan>();
  for (const candidate of candidates) {
    const row = loaded.get(candidate.planId)?.row ?? (await repo.plan(on.tx, scope, candidate.planId));
    if (!row) continue;
    const plan = loaded.get(row.id) ?? (await loadPlan(on.tx, scope, row));
    loaded.set(row.id, plan);
    const action = plan.graph.action(candidate.planActionId);
    const option = action && tappedOption(action, actionItemId);
    if (!action || !option) continue;
    const enrolment = await repo.enrolmentForUpdate(on.tx, scope, candidate.enrolmentId);
    if (!enrolment) return;
    const recorded = await repo.recordTap(on.tx, scope, {
      planId: row.id,
      enrolmentId: enrolment.id,
      friendId,
      planActionId: action.id,
      actionItemId,
      childBoxId: option.childBoxId,
      tappedAt: now,
    });
    const waitsHere =
      enrolment.status !== 'finished' &&
      enrolment.status !== 'stopped' &&
      enrolment.currentPlanActionId === action.id &&
      enrolment.nextPlanActionId === null;
    if (!recorded || !waitsHere) return;
    // A rehearsed enrolment decides at its own time; its times are stored on the engine clock.
    const offset = enrolment.clockOffsetMs;
    const step = onEngineClock(
      stepAfterTap(plan.graph, option.childBoxId, stepContext(plan, shifted(now, offset))),
      offset,
    );
    const advance = advanceTo(enrolment.id, action, step, now);
    // A paused plan keeps the friend's choice: the send follows once it is active again.
    await repo.advanceEnrolments(on.tx, scope, [
      { ...advance, status: advance.status === 'active' ? enrolment.status : advance.status } as repo.EnrolmentAdvance,
    ]);
    return;
  }
}
