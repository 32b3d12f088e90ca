import type { AppContext } from '../platform/context.ts';
import type { Db } from '../platform/db.ts';
import { channelScope } from '../platform/principal.ts';
import * as incidents from '../modules/abnormal-detection/repository.ts';
import { addToBucket } from '../modules/metrics/repository.ts';
import { DEMO_BROADCAST } from './demo-plans.ts';

/*
 * The demo channel's abnormal detection (issue 27): a week of sends and webhook roll-ups, an open block spike after
 * the demo broadcast (it clears by itself an hour or two after the start, as a real one would once
 * the blocks stop) and a delivery-failure incident of two days ago, acknowledged and resolved.
 */

const HOUR_MS = 3_600_000;
export const DEMO_FAILURE_REASON = 'An error occurred in the backend';

export async function seedDemoIncidents(db: Db, ctx: AppContext, lineAccountId: number, staffId: number) {
  const scope = channelScope(lineAccountId);
  const now = ctx.clock.now();
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * HOUR_MS);
  for (let hour = 24 * 7; hour >= 2; hour--) {
    const at = hoursAgo(hour);
    const daytime = (at.getUTCHours() + 9) % 24 >= 9 && (at.getUTCHours() + 9) % 24 < 22;
    if (daytime) await addToBucket(db, scope, 'sends_ok', at, 20 + (hour % 7));
    if (daytime) await addToBucket(db, scope, 'webhook_events', at, 8 + (hour % 5));
  }
  // Two days ago LINE answered 500s for three hours.
  const failureStart = hoursAgo(50);
  for (let hour = 50; hour > 47; hour--) {
    await addToBucket(db, scope, 'sends_failed', hoursAgo(hour), 12, DEMO_FAILURE_REASON);
  }
  const failure = await incidents.insertIncident(
    db,
    scope,
    {
      detector: 'delivery_failure_rate',
      subject: '',
      severity: 'critical',
      figures: {
        failed: 12,
        total: 34,
        rate_percent: 35.3,
        threshold_percent: 10,
        top_reason: DEMO_FAILURE_REASON,
        top_reason_count: 12,
      },
      affected: [],
      metric: 'sends_failed',
      at: failureStart,
    },
    true,
  );
  if (failure) {
    const resolvedAt = hoursAgo(47);
    await incidents.addTimeline(db, scope, {
      incidentId: failure.id,
      kind: 'raised',
      at: failureStart,
      figures: failure.figures,
    });
    await incidents.addTimeline(db, scope, {
      incidentId: failure.id,
      kind: 'acknowledged',
      at: hoursAgo(49.5),
      comment: 'LINE側の障害情報を確認中です',
      userId: staffId,
    });
    await incidents.setStatus(db, scope, failure.id, 'resolved', resolvedAt);
    await incidents.addTimeline(db, scope, { incidentId: failure.id, kind: 'resolved', at: resolvedAt });
  }

  // The blocks right after the demo broadcast are the demo friends' own, in this hour and the last
  // (demo-dashboard.ts dates them), so the chart and the dashboard agree with the friend counts.
  const broadcast = await incidents.planIdByName(db, scope, DEMO_BROADCAST);
  const spike = await incidents.insertIncident(
    db,
    scope,
    {
      detector: 'block_spike',
      subject: '',
      severity: 'warning',
      figures: {
        blocks: 4,
        usual_per_hour: 0.1,
        threshold: 1.6,
        plan: DEMO_BROADCAST,
        plan_sent_at: hoursAgo(1.5).toISOString(),
        plan_recipients: 12,
        plan_blocked: 4,
        plan_block_rate_percent: 33.3,
        usual_block_rate_percent: 0.4,
      },
      affected: broadcast ? [{ kind: 'plan', id: broadcast, label: DEMO_BROADCAST, count: 4 }] : [],
      metric: 'blocks',
      at: hoursAgo(1),
    },
    true,
  );
  if (spike)
    await incidents.addTimeline(db, scope, {
      incidentId: spike.id,
      kind: 'raised',
      at: hoursAgo(1),
      figures: spike.figures,
    });
}
