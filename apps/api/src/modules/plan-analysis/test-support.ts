import type { PlanDetail } from '@linq/contract';
import type { TestAppHandle } from '../../test/kit.ts';
import { channelScope } from '../../platform/principal.ts';
import { writePastSend, writePastTaps } from '../plan-engine/history-repository.ts';
import { planEnrolments } from '../plans/schema.ts';
import { boxOf, branchingScenario, createPlan, type Caller } from '../plans/test-support.ts';

/*
 * A known history of the branching scenario (box-0 a confirm: option 0 → box-1-0 → box-2-0, option
 * 1 → box-1-1), written as the engine would have left it: enrolments, sends with their deliveries
 * and recipients, and taps. Times are Asia/Tokyo days (UTC+9):
 * - 11-10 10:00: box-0 to six friends in one multicast; LINE refused it for friend 6 (stopped since).
 * - 11-11 01:00 (11-10 16:00 UTC): friends 1–3 tapped option 0, friend 4 option 1; friend 5 never tapped.
 * - 11-11 00:30 (11-10 15:30 UTC): box-1-0 to friends 1–3 (friend 2's recipient still queued).
 * - 11-12 10:00: box-2-0 to friend 1, who finished; friends 2 and 3 wait for it, friend 4
 *   (paused) for box-1-1, friend 5 at box-0 for a tap.
 */
const at = (iso: string) => new Date(iso);

export interface KnownHistory {
  plan: PlanDetail;
  /** Friend ids, friend 1 first. */
  friendIds: number[];
}

export async function planWithKnownHistory(
  t: TestAppHandle,
  caller: Caller & { lineAccountId: number },
  name = '分析シナリオ',
): Promise<KnownHistory> {
  const lineAccountId = caller.lineAccountId;
  const plan = await createPlan(t, caller, branchingScenario(name));
  const db = t.db;
  const actionId = (box: string) => boxOf(plan, box).id!;
  const options = boxOf(plan, 'box-0').message.message_confirm!.message_actions;
  const friendIds: number[] = [];
  for (let n = 1; n <= 6; n++) {
    friendIds.push((await t.factory.friend(lineAccountId, { displayName: `分析 友だち${n}` })).id);
  }
  const [f1, f2, f3, f4, f5, f6] = friendIds as [number, number, number, number, number, number];
  const waitingFor = (box: string, due: string) => ({
    status: 'active' as const,
    nextPlanActionId: actionId(box),
    nextActionAt: at(due),
  });
  const enrolments: Omit<typeof planEnrolments.$inferInsert, 'lineAccountId' | 'planId'>[] = [
    {
      friendId: f1,
      status: 'finished',
      currentBoxId: 'box-2-0',
      currentPlanActionId: actionId('box-2-0'),
      endedAt: at('2026-11-12T01:00:00Z'),
    },
    {
      friendId: f2,
      currentBoxId: 'box-1-0',
      currentPlanActionId: actionId('box-1-0'),
      ...waitingFor('box-2-0', '2026-12-01T01:00:00Z'),
    },
    {
      friendId: f3,
      currentBoxId: 'box-1-0',
      currentPlanActionId: actionId('box-1-0'),
      ...waitingFor('box-2-0', '2026-12-02T01:00:00Z'),
    },
    {
      friendId: f4,
      currentBoxId: 'box-0',
      currentPlanActionId: actionId('box-0'),
      ...waitingFor('box-1-1', '2026-11-20T01:00:00Z'),
      status: 'paused',
      pausedAt: at('2026-11-11T00:00:00Z'),
    },
    { friendId: f5, status: 'active', currentBoxId: 'box-0', currentPlanActionId: actionId('box-0') },
    {
      friendId: f6,
      status: 'stopped',
      currentBoxId: 'box-0',
      currentPlanActionId: actionId('box-0'),
      endedAt: at('2026-11-10T02:00:00Z'),
      endReason: 'stopped_by_staff',
    },
  ];
  const enrolmentRows = await db
    .insert(planEnrolments)
    .values(
      enrolments.map((row) => ({
        lineAccountId,
        planId: plan.plan.id!,
        trigger: 'manual' as const,
        startedAt: at('2026-11-10T00:59:00Z'),
        ...row,
      })),
    )
    .returning({ id: planEnrolments.id, friendId: planEnrolments.friendId });
  const enrolmentOf = new Map(enrolmentRows.map((row) => [row.friendId, row.id]));

  /** One delivery of `box` to the friends (recipient status each), with its plan sends. */
  const scope = channelScope(lineAccountId);
  /** One delivery of `box` to the friends (recipient status each), with its plan sends. */
  const send = (box: string, sentAt: string, recipients: [number, 'queued' | 'sent' | 'failed'][]) =>
    writePastSend(db, scope, {
      planId: plan.plan.id!,
      planActionId: actionId(box),
      boxId: box,
      sentAt: at(sentAt),
      text: box,
      retryKey: `analysis-${plan.plan.id}-${box}`,
      recipients: recipients.map(([friendId, status]) => ({
        friendId,
        enrolmentId: enrolmentOf.get(friendId)!,
        status,
      })),
    });
  await send('box-0', '2026-11-10T01:00:00Z', [
    [f1, 'sent'],
    [f2, 'sent'],
    [f3, 'sent'],
    [f4, 'sent'],
    [f5, 'sent'],
    [f6, 'failed'],
  ]);
  await send('box-1-0', '2026-11-10T15:30:00Z', [
    [f1, 'sent'],
    [f2, 'queued'],
    [f3, 'sent'],
  ]);
  await send('box-2-0', '2026-11-12T01:00:00Z', [[f1, 'sent']]);
  await writePastTaps(
    db,
    scope,
    (
      [
        [f1, 0],
        [f2, 0],
        [f3, 0],
        [f4, 1],
      ] as const
    ).map(([friendId, option]) => ({
      planId: plan.plan.id!,
      enrolmentId: enrolmentOf.get(friendId)!,
      friendId,
      planActionId: actionId('box-0'),
      actionItemId: options[option]!.id!,
      childBoxId: options[option]!.box_id,
      tappedAt: at('2026-11-10T16:00:00Z'),
    })),
  );
  return { plan, friendIds };
}
