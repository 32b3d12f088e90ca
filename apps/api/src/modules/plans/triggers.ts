import type { PlanTriggerInfo } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { planTrigger, PLAN_TRIGGERS, type TriggerRef } from '../plan-engine/registries.ts';

/** A scenario trigger a plan may name: the plans' own (manual, start_plan) or one a module registers. */
export interface ScenarioTriggerKind {
  kind: string;
  ref: TriggerRef | null;
}

/** The plans' own triggers, started by staff (send_plan) or by another plan's start_plan, with no fact of their own. */
const BUILT_IN: ScenarioTriggerKind[] = [
  { kind: 'manual', ref: null },
  { kind: 'start_plan', ref: null },
];

/** Every scenario trigger there is: the built-in ones, then the registered ones in their modules' order. */
export function scenarioTriggers(ctx: Pick<AppContext, 'registries'>): ScenarioTriggerKind[] {
  return [...BUILT_IN, ...ctx.registries.all(PLAN_TRIGGERS).map(({ kind, ref }) => ({ kind, ref }))];
}

export function triggerInfo({ kind, ref }: ScenarioTriggerKind): PlanTriggerInfo {
  return { kind, ref: ref && { list_path: ref.listPath, required_message: ref.requiredMessage } };
}

/**
 * The channel's friend-added scenario (its plan settings name it; one per channel, plans/save-checks.ts):
 * started for a friend who adds the channel, whether new, unblocking or adding it again.
 */
export const friendAddedTrigger = planTrigger({
  kind: 'friend_added',
  event: 'friend.followed',
  ref: null,
  fired: (event) => ({ lineAccountId: event.lineAccountId, friendIds: [event.friendId], refId: null }),
});
