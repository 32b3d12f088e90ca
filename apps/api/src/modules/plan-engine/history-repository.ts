import type { Db } from '../../platform/db.ts';
import type { ChannelScope } from '../../platform/principal.ts';
import { deliveries, deliveryRecipients } from '../delivery/schema.ts';
import { planSends, planTaps } from './schema.ts';

/*
 * A plan's past run written as the engine and the delivery service would have left it: for the
 * demo's survey (its analysis has figures from the first start) and for tests of the figures.
 * Never used by the engine itself.
 */

export interface PastSend {
  planId: number;
  planActionId: number;
  boxId: string;
  sentAt: Date;
  /** The delivery's one text (what the friends got). */
  text: string;
  retryKey: string;
  /** Each friend's enrolment and how the delivery went for them. */
  recipients: { friendId: number; enrolmentId: number; status: 'queued' | 'sent' | 'failed' }[];
}

/** One delivery of a box to friends, with its recipients and the plan's sends. */
export async function writePastSend(db: Db, { lineAccountId }: ChannelScope, send: PastSend): Promise<void> {
  const [delivery] = await db
    .insert(deliveries)
    .values({
      lineAccountId,
      messages: [{ type: 'text', text: send.text }],
      retryKey: send.retryKey,
      status: 'sent',
      attempts: 1,
      source: 'plan',
      sourceId: send.planActionId,
      createdAt: send.sentAt,
      sentAt: send.sentAt,
    })
    .returning({ id: deliveries.id });
  const deliveryId = delivery!.id;
  await db
    .insert(deliveryRecipients)
    .values(send.recipients.map(({ friendId, status }) => ({ deliveryId, friendId, status })));
  await db.insert(planSends).values(
    send.recipients.map(({ friendId, enrolmentId }) => ({
      lineAccountId,
      planId: send.planId,
      enrolmentId,
      friendId,
      planActionId: send.planActionId,
      boxId: send.boxId,
      deliveryId,
      dueAt: send.sentAt,
      sentAt: send.sentAt,
    })),
  );
}

export interface PastTap {
  planId: number;
  planActionId: number;
  enrolmentId: number;
  friendId: number;
  actionItemId: number;
  childBoxId: string | null;
  tappedAt: Date;
}

export async function writePastTaps(db: Db, { lineAccountId }: ChannelScope, taps: PastTap[]): Promise<void> {
  if (taps.length > 0) await db.insert(planTaps).values(taps.map((tap) => ({ ...tap, lineAccountId })));
}
