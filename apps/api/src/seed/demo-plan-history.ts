import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../platform/db.ts';
import { friends } from '../modules/friends/schema.ts';
import { writePastSend, writePastTaps } from '../modules/plan-engine/history-repository.ts';
import { channelScope } from '../platform/principal.ts';
import { countTopItem } from '../modules/dashboard/registry.ts';
import { planActions, planEnrolments, plans } from '../modules/plans/schema.ts';
import type { PlanMessage } from '@linq/contract';
import { DEMO_SURVEY_SCENARIO } from './demo-plans.ts';

/*
 * The demo survey's past run, as the engine would have left it, so that the plan analysis has
 * figures to show from the first start. The plan is inactive and none of its enrolments is active:
 * the engine has nothing of it to send. With the channel's first six friends, a week before `now`:
 * - box-0 (the confirm) to all six in one multicast; LINE refused the sixth;
 * - friends 1–3 answered 満足 (box-1-0 sent to them), friend 4 不満 (box-1-1), friend 5 not yet;
 * - friends 1–4 finished; friend 5 waits at box-0 for a tap (paused with the plan); 6 stopped.
 * Figures: box-0 sent 5, failed 1, waiting 1, taps 3 (60%) and 1 (20%); box-1-0 sent 3; box-1-1 sent 1.
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;
export const DEMO_SURVEY_FRIENDS = 6;

/** Written once: nothing when the survey already has enrolments, is gone, or the channel has fewer than six friends. */
export async function seedDemoPlanHistory(db: Db, lineAccountId: number, now: Date = new Date()): Promise<void> {
  const [plan] = await db
    .select({ id: plans.id })
    .from(plans)
    .where(and(eq(plans.lineAccountId, lineAccountId), eq(plans.name, DEMO_SURVEY_SCENARIO)));
  if (!plan) return;
  const [enrolled] = await db
    .select({ id: planEnrolments.id })
    .from(planEnrolments)
    .where(eq(planEnrolments.planId, plan.id))
    .limit(1);
  if (enrolled) return;
  const friendIds = (
    await db
      .select({ id: friends.id })
      .from(friends)
      .where(eq(friends.lineAccountId, lineAccountId))
      .orderBy(asc(friends.id))
      .limit(DEMO_SURVEY_FRIENDS)
  ).map((row) => row.id);
  if (friendIds.length < DEMO_SURVEY_FRIENDS) return;
  const boxes = await db
    .select({ id: planActions.id, boxId: planActions.boxId, message: planActions.message })
    .from(planActions)
    .where(eq(planActions.planId, plan.id));
  const box = (boxId: string) => boxes.find((row) => row.boxId === boxId)!;
  const options = (box('box-0').message as PlanMessage).message_confirm!.message_actions;
  const started = new Date(now.getTime() - 7 * DAY);
  const at = (hours: number) => new Date(started.getTime() + hours * HOUR);
  const [f1, f2, f3, f4, f5, f6] = friendIds as [number, number, number, number, number, number];

  await db.transaction(async (tx) => {
    const base = { lineAccountId, planId: plan.id, trigger: 'manual' as const, startedAt: started };
    const finished = (friendId: number, boxId: string) => ({
      ...base,
      friendId,
      status: 'finished' as const,
      currentBoxId: boxId,
      currentPlanActionId: box(boxId).id,
      endedAt: at(2),
    });
    const enrolments = await tx
      .insert(planEnrolments)
      .values([
        finished(f1, 'box-1-0'),
        finished(f2, 'box-1-0'),
        finished(f3, 'box-1-0'),
        finished(f4, 'box-1-1'),
        {
          ...base,
          friendId: f5,
          status: 'paused',
          currentBoxId: 'box-0',
          currentPlanActionId: box('box-0').id,
          pausedAt: at(24),
        },
        {
          ...base,
          friendId: f6,
          status: 'stopped',
          currentBoxId: 'box-0',
          currentPlanActionId: box('box-0').id,
          endedAt: at(1),
          endReason: 'not_sent',
        },
      ])
      .returning({ id: planEnrolments.id, friendId: planEnrolments.friendId });
    const enrolmentOf = new Map(enrolments.map((row) => [row.friendId, row.id]));

    const scope = channelScope(lineAccountId);
    const send = async (boxId: string, sentAt: Date, recipients: [number, 'sent' | 'failed'][]) => {
      // LINE accepted the sent ones: they count for the plan among the dashboard's top plans.
      await countTopItem(
        tx,
        scope,
        'plans',
        plan.id,
        sentAt,
        recipients.filter(([, status]) => status === 'sent').length,
      );
      await writePastSend(tx, scope, {
        planId: plan.id,
        planActionId: box(boxId).id,
        boxId,
        sentAt,
        text: DEMO_SURVEY_SCENARIO,
        retryKey: `demo-survey-${plan.id}-${boxId}`,
        recipients: recipients.map(([friendId, status]) => ({
          friendId,
          enrolmentId: enrolmentOf.get(friendId)!,
          status,
        })),
      });
    };
    await send('box-0', at(0), [
      [f1, 'sent'],
      [f2, 'sent'],
      [f3, 'sent'],
      [f4, 'sent'],
      [f5, 'sent'],
      [f6, 'failed'],
    ]);
    await writePastTaps(
      tx,
      scope,
      (
        [
          [f1, 0],
          [f2, 0],
          [f3, 0],
          [f4, 1],
        ] as const
      ).map(([friendId, option]) => ({
        planId: plan.id,
        enrolmentId: enrolmentOf.get(friendId)!,
        friendId,
        planActionId: box('box-0').id,
        actionItemId: options[option]!.id!,
        childBoxId: options[option]!.box_id,
        tappedAt: at(1),
      })),
    );
    await send('box-1-0', at(1), [
      [f1, 'sent'],
      [f2, 'sent'],
      [f3, 'sent'],
    ]);
    await send('box-1-1', at(1), [[f4, 'sent']]);
  });
}
