import {
  PlanErrorList,
  fromPlanSavePayload,
  validatePlan,
  type PlanSaveAnswer,
  type PlanSavePayload,
} from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import type { EventTransaction } from '../../platform/events.ts';
import type { ChannelRequest } from '../../platform/principal.ts';
import * as repo from './repository.ts';
import { scenarioTriggers, triggerInfo } from './triggers.ts';
import { savedParams } from './history.ts';
import { findOrFail } from './read.ts';
import {
  savedSendAt,
  checkBoxes,
  checkReferences,
  checkTriggerRef,
  checkSavedRows,
  checkFriendAdded,
  throwIfAny,
} from './save-checks.ts';
import { write, type BoxToWrite } from './write.ts';
import { messageRefusal } from '../templates/line-message.ts';

/**
 * Creates (id null) or saves a plan from the save payload. Every problem is answered at once as a
 * 422 keyed by the save format's path (spec section 8): the contract's rules, then ids the plan or
 * channel does not have (boxes, timings, conditions, message items, tags, marks, friends, plans,
 * folders) and a second friend-added scenario.
 */
export async function save(
  ctx: AppContext,
  scope: ChannelRequest,
  id: number | null,
  payload: PlanSavePayload,
): Promise<PlanSaveAnswer> {
  return ctx.events.transaction(ctx.database.db, async (on) => {
    const planId = await saveIn(ctx, on, scope, id, payload, ctx.clock.now());
    return { success: true, errors: {}, id: planId };
  });
}

/** `save` inside the caller's transaction (the demo seed's too): the saved plan's id. */
export async function saveIn(
  ctx: Pick<AppContext, 'registries'>,
  on: EventTransaction,
  scope: ChannelRequest,
  id: number | null,
  payload: PlanSavePayload,
  now: Date = new Date(),
): Promise<number> {
  const tx = on.tx;
  const existing = id === null ? null : await findOrFail(tx, scope, id, true);
  const errors = new PlanErrorList();
  const triggers = scenarioTriggers(ctx);
  const contractErrors = validatePlan(payload, {
    now,
    savedSendAt: savedSendAt(existing, payload),
    triggers: triggers.map(triggerInfo),
  });
  for (const [key, error] of Object.entries(contractErrors)) errors.errors[key] ??= error;
  const input = fromPlanSavePayload(payload);
  const boxes = await checkBoxes(tx, scope, existing, input, errors);
  await checkReferences(tx, scope, existing, payload, errors);
  const refused = await messageRefusal(
    ctx,
    tx,
    scope,
    input.plan_actions.map((action) => action.message),
  );
  if (refused) errors.errors.plan_actions ??= { description: refused };
  await checkTriggerRef(tx, scope, payload, triggers, errors);
  await checkSavedRows(tx, scope, existing, payload, errors);
  const friendAdded = await checkFriendAdded(tx, scope, existing, payload, errors);
  throwIfAny(errors.errors);

  const before = existing ? await repo.partCounts(tx, scope, existing.id) : null;
  const change = existing ? await liveEditOf(on, scope, existing, boxes) : null;
  const planId = await write(tx, scope, existing, {
    plan: input.plan,
    boxes,
    timings: input.plan_timings,
    conditions: input.target_conditions,
  });
  if (change) await change.afterWrite();
  const after = await repo.partCounts(tx, scope, planId);
  await repo.addHistory(tx, scope, {
    planId,
    userId: scope.userId,
    kind: before ? 'saved' : 'created',
    params: before
      ? savedParams(before, after, boxes.filter((box) => box.savedId === null).length)
      : { boxes: after.boxes, timings: after.timings },
    affectedCount: 0,
  });
  if (friendAdded.claims) await repo.setFriendAddedPlan(tx, scope, planId);
  else if (friendAdded.current === planId) await repo.setFriendAddedPlan(tx, scope, null);
  return planId;
}

/**
 * Safe live editing: before the save writes, enrolments waiting at boxes it removes are ended (by
 * the engine, through `plan.boxes_removing`); after it, sends waiting on timings it changed are
 * rescheduled (`plan.timings_changed`). Saved boxes keep their ids, so nothing else moves.
 */
async function liveEditOf(on: EventTransaction, scope: ChannelRequest, existing: repo.PlanRow, boxes: BoxToWrite[]) {
  const change = { lineAccountId: scope.lineAccountId, planId: existing.id, userId: scope.userId };
  const timingsBefore = await repo.timingShapes(on.tx, scope, existing.id);
  const kept = new Set(boxes.flatMap((box) => (box.savedId === null ? [] : [box.savedId])));
  const removed = (await repo.actionIdsOf(on.tx, scope, existing.id)).filter((id) => !kept.has(id));
  if (removed.length > 0) await on.publish('plan.boxes_removing', { ...change, planActionIds: removed });
  return {
    async afterWrite() {
      const timingsAfter = await repo.timingShapes(on.tx, scope, existing.id);
      const changed = [...timingsAfter].flatMap(([endId, shape]) =>
        timingsBefore.get(endId) === shape ? [] : [endId],
      );
      if (changed.length > 0) await on.publish('plan.timings_changed', { ...change, planActionIds: changed });
    },
  };
}
