import { sql } from 'drizzle-orm';
import type { SimChannel, SimFriend } from '@linq/line-simulator';
import { actionPostbackData, type PlanDetail, type PlanTiming } from '@linq/contract';
import type { Db } from '../../platform/db.ts';
import { friends } from '../friends/schema.ts';
import { userLineAccounts } from '../line-accounts/schema.ts';
import { planEnrolments } from '../plans/schema.ts';
import type { TestAppHandle } from '../../test/kit.ts';
import { waitFor } from '../../test/wait.ts';
import { boxOf, createPlan, type Caller } from '../plans/test-support.ts';
import { runDueSends } from './scheduler.ts';

/** The test app listening for the simulator's webhooks (once per test file); answers its URL. */
export async function listening(t: TestAppHandle): Promise<string> {
  return t.app.listen({ port: 0, host: '127.0.0.1' });
}

/** A fresh simulated channel whose webhooks reach the test app, with the tenant's staff on it. */
export async function engineChannel(
  t: TestAppHandle,
  consoleUrl: string,
): Promise<{ channel: SimChannel; lineAccountId: number; as: Caller }> {
  const bound = await t.factory.simulatedChannel(t.tenant.account.id, t.sim, consoleUrl);
  await t.db.insert(userLineAccounts).values({ userId: t.tenant.staff.id, lineAccountId: bound.row.id });
  return {
    channel: bound.channel,
    lineAccountId: bound.row.id,
    as: { token: t.tenant.tokens.staff, lineAccountId: bound.row.id },
  };
}

/** Saves the plan and activates it; answers it as saved. */
export async function activePlan(
  t: Pick<TestAppHandle, 'request'>,
  as: Caller,
  detail: PlanDetail,
): Promise<PlanDetail> {
  const saved = await createPlan(t, as, detail);
  const response = await t.request({
    method: 'POST',
    path: `/service/plans/${saved.plan.id}/activate`,
    body: { allow_partial_send: true },
    ...as,
  });
  if (response.status !== 200) throw new Error(`activate: ${response.status} ${response.text}`);
  return { ...saved, plan: { ...saved.plan, is_active: true } };
}

/** The postback data of the option at `index` of a saved box (what the friend's tap sends). */
export function optionData(detail: PlanDetail, boxId: string, index: number): string {
  const message = boxOf(detail, boxId).message;
  const actions = message.message_confirm?.message_actions ?? message.message_quick_reply?.message_actions ?? [];
  const id = actions[index]?.id;
  if (id === undefined || id === null) throw new Error(`no saved option ${index} on ${boxId}`);
  return actionPostbackData(id);
}

/** The texts (or types) of what the friend received, in order. */
export function received(friend: SimFriend): string[] {
  return friend.inbox().map((sent) => {
    const message = sent.message as { type: string; text?: string; template?: { text?: string } };
    return message.text ?? message.template?.text ?? message.type;
  });
}

/** Runs the scheduler until the friend has received `count` messages. */
export async function receivedCount(t: TestAppHandle, friend: SimFriend, count: number): Promise<string[]> {
  return waitFor(async () => {
    await runDueSends(t.ctx);
    const texts = received(friend);
    return texts.length >= count ? texts : undefined;
  });
}

/** A timing "after N days at HH:MM" on the arrow into `end`. */
export function withTiming(detail: PlanDetail, end: string, timing: Partial<PlanTiming>): PlanDetail {
  return {
    ...detail,
    plan_timings: detail.plan_timings.map((item) => (item.end === end ? { ...item, ...timing } : item)),
  };
}

/**
 * Enrols friends of the channel at the plan's box in one statement, as a big scenario start would
 * leave them: the i-th of `count` is due at `dueAt` + i × `spreadMs` / count (all at once when 0).
 * Friends are taken in id order from those with ids in `friendIds` (every friend of the channel
 * without it).
 */
export async function enrolDue(
  db: Db,
  values: {
    lineAccountId: number;
    planId: number;
    planActionId: number;
    dueAt: Date;
    spreadMs?: number;
    friendIds?: number[];
  },
): Promise<void> {
  const only = values.friendIds ? sql`and f.id = any(${sql.param(values.friendIds)}::int[])` : sql``;
  const due = sql`${values.dueAt.toISOString()}::timestamptz`;
  await db.execute(sql`
    insert into ${planEnrolments}
      (line_account_id, plan_id, friend_id, status, trigger, next_plan_action_id, next_occurrence, arrived_at,
       next_action_at, started_at)
    select f.line_account_id, ${values.planId}, f.id, 'active', 'manual', ${values.planActionId}, 1, ${due},
           ${due} + (row_number() over (order by f.id) - 1) * ${values.spreadMs ?? 0}::float8
             / greatest(count(*) over (), 1) * interval '1 millisecond',
           ${due}
    from ${friends} f where f.line_account_id = ${values.lineAccountId} ${only}`);
}
