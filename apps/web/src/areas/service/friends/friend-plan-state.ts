import type { FriendPlanTimeline } from '@linq/contract';

/** A next send this close (or overdue: the engine sends it at its next round) counts as due. */
const DUE_SOON_MS = 60_000;

/**
 * The engine's time as far as the page can tell: the browser's clock, or the latest time the engine
 * wrote in the timelines when that is later (the demo's time warp runs the engine's clock ahead).
 */
export function engineNow(plans: FriendPlanTimeline[] | undefined, browserNow: number): number {
  const written = (plans ?? []).flatMap((plan) => [
    plan.started_at,
    ...(plan.ended_at === null ? [] : [plan.ended_at]),
    ...plan.sends.map((send) => send.sent_at),
  ]);
  return Math.max(browserNow, ...written.map((time) => Date.parse(time)));
}

/** Whether the engine is about to change what the page shows: a send due now, or one LINE has not answered yet. */
export function awaitsEngine(plans: FriendPlanTimeline[] | undefined, browserNow: number): boolean {
  const now = engineNow(plans, browserNow);
  return (plans ?? []).some(
    (plan) =>
      (plan.status === 'active' &&
        plan.next_action_at !== null &&
        new Date(plan.next_action_at).getTime() <= now + DUE_SOON_MS) ||
      plan.sends.some((send) => send.status === 'sent' && send.delivery_status === 'queued'),
  );
}
