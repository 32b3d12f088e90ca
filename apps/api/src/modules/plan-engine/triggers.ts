import type { AppContext } from '../../platform/context.ts';
import { outboxConsumer } from '../../platform/events.ts';
import { channelScope } from '../../platform/principal.ts';
import * as enrolments from './enrolment-repository.ts';
import { enrolFriends, enrolRequested } from './enrol.ts';
import { planEffect, PLAN_TRIGGERS } from './registries.ts';
import * as repo from './repository.ts';

/**
 * Every registered trigger kind (registries.ts), in the transaction of its fact: the channel's active
 * scenarios of the kind, naming the item the fact names, enrol the friends it concerns. Each fact is
 * published once, so each enrols once.
 */
export function subscribeTriggers(ctx: AppContext): void {
  for (const trigger of ctx.registries.all(PLAN_TRIGGERS)) {
    ctx.events.subscribe(trigger.event, async (event, on) => {
      const firing = trigger.fired(event);
      if (!firing || firing.friendIds.length === 0) return;
      const scope = channelScope(firing.lineAccountId);
      for (const row of await enrolments.scenariosStartedBy(on.tx, scope, trigger.kind, firing.refId)) {
        await enrolFriends(ctx, on, scope, row, firing.friendIds, trigger.kind);
      }
    });
  }
}

/** Friends enrolled in bulk after the fact that matched them (enrol.ts, INLINE_ENROLMENT_MAX). */
export const bulkEnrolment = outboxConsumer({
  name: 'plan-engine.bulk-enrolment',
  event: 'plan.enrolment_requested',
  handle: (request, on, ctx) => enrolRequested(ctx, request, on),
});

/** The effect "start a scenario" of boxes and plans: the friends who reach them enter it (trigger `start_plan`). */
export const startPlanEffect = planEffect({
  kind: 'start_plan',
  async apply(ctx, on, scope, friendIds, planIds) {
    for (const planId of planIds) {
      const row = await repo.plan(on.tx, scope, planId);
      if (!row || row.planType === 'auto_reply') continue;
      await enrolFriends(ctx, on, scope, row, friendIds, 'start_plan');
    }
  },
});
