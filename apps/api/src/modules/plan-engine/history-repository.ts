import type { Db } from '../../platform/db.ts';
import type { ChannelScope } from '../../platform/principal.ts';
import { deliveries } from '../delivery/schema.ts';
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
  /** Each friend's enrolment and how the delivery to them went. */
  recipients: { friendId: number; enrolmentId: number; status: 'queued' | 'sent' | 'failed' }[];
}

/**
 * A box sent to friends: a delivery per outcome (LINE takes or refuses a request as a whole), each
 * with its recipients, and the plan's sends.
 */
export async function writePastSend(db: Db, { lineAccountId }: ChannelScope, send: PastSend): Promise<void> {
  for (const status of ['sent', 'failed', 'queued'] as const) {
    const recipients = send.recipients.filter((recipient) => recipient.status === status);
    if (recipients.length === 0) continue;
    const [delivery] = await db
      .insert(deliveries)
      .values({
        lineAccountId,
        messages: [{ type: 'text', text: send.text }],
        friendIds: recipients.map((recipient) => recipient.friendId),
        retryKey: `${send.retryKey}-${status}`,
        status,
        attempts: status === 'queued' ? 0 : 1,
        nextAttemptAt: send.sentAt,
        source: 'plan',
        sourceId: send.planActionId,
        createdAt: send.sentAt,
        sentAt: status === 'sent' ? send.sentAt : null,
      })
      .returning({ id: deliveries.id });
    await db.insert(planSends).values(
      recipients.map(({ friendId, enrolmentId }) => ({
        lineAccountId,
        planId: send.planId,
        enrolmentId,
        friendId,
        planActionId: send.planActionId,
        boxId: send.boxId,
        deliveryId: delivery!.id,
        dueAt: send.sentAt,
        sentAt: send.sentAt,
      })),
    );
  }
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
