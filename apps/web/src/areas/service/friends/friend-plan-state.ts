import type { FriendPlanTimeline } from '@linq/contract';

/** A next send this close (or overdue: the engine sends it at its next round) counts as due. */
const DUE_SOON_MS = 60_000;

/** Whether the engine is about to change what the page shows: a send due now, or one LINE has not answered yet. */
export function awaitsEngine(plans: FriendPlanTimeline[] | undefined, now: number): boolean {
  return (plans ?? []).some(
    (plan) =>
      (plan.status === 'active' &&
        plan.next_action_at !== null &&
        new Date(plan.next_action_at).getTime() <= now + DUE_SOON_MS) ||
      plan.sends.some((send) => send.status === 'sent' && send.delivery_status === 'queued'),
  );
}
