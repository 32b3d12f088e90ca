import type { AffectedItem, DetectionThresholds } from '@linq/contract';
import { overduePlanSends } from '../repository.ts';
import type { Detector, Finding } from '../registry.ts';

/** A plan's sends that are due and not handed to LINE: how many and since when. */
export interface OverduePlan {
  planId: number;
  planName: string;
  due: number;
  oldestDueAt: Date;
}

const minutesSince = (now: Date, at: Date) => Math.floor((now.getTime() - at.getTime()) / 60_000);
const affectedOf = (plans: readonly OverduePlan[]): AffectedItem[] =>
  plans.map((plan) => ({ kind: 'plan', id: plan.planId, label: plan.planName, count: plan.due }));

/** Sends due longer than the lag threshold, in all plans of the channel. */
export function schedulerLagRule(
  plans: readonly OverduePlan[],
  now: Date,
  t: Pick<DetectionThresholds, 'scheduler_lag_minutes'>,
): Finding | null {
  const late = plans.filter((plan) => minutesSince(now, plan.oldestDueAt) >= t.scheduler_lag_minutes);
  if (late.length === 0) return null;
  const oldest = Math.max(...late.map((plan) => minutesSince(now, plan.oldestDueAt)));
  return {
    severity: 'warning',
    figures: { due_sends: late.reduce((n, plan) => n + plan.due, 0), oldest_minutes: oldest },
    affected: affectedOf(late),
  };
}

/** Each plan whose due sends have waited past the "stopped" threshold: one incident per plan. */
export function planStoppedRule(
  plans: readonly OverduePlan[],
  now: Date,
  t: Pick<DetectionThresholds, 'plan_stopped_minutes'>,
): Finding[] {
  return plans
    .filter((plan) => minutesSince(now, plan.oldestDueAt) >= t.plan_stopped_minutes)
    .map((plan) => ({
      subject: `plan:${plan.planId}`,
      severity: 'critical',
      figures: { plan: plan.planName, due_sends: plan.due, oldest_minutes: minutesSince(now, plan.oldestDueAt) },
      affected: affectedOf([plan]),
    }));
}

export const schedulerLagDetector: Detector = {
  kind: 'scheduler_lag',
  title: '配信スケジューラの遅延',
  metric: 'sends_ok',
  async check({ ctx, scope, now, thresholds }) {
    const cutoff = new Date(now.getTime() - thresholds.scheduler_lag_minutes * 60_000);
    const finding = schedulerLagRule(await overduePlanSends(ctx.database.db, scope, cutoff), now, thresholds);
    return finding ? [finding] : [];
  },
};

export const planStoppedDetector: Detector = {
  kind: 'plan_stopped',
  title: '配信が止まったプラン',
  metric: 'sends_ok',
  async check({ ctx, scope, now, thresholds }) {
    const cutoff = new Date(now.getTime() - thresholds.plan_stopped_minutes * 60_000);
    return planStoppedRule(await overduePlanSends(ctx.database.db, scope, cutoff), now, thresholds);
  },
};
