import {
  isEmptyMessage,
  openingWords,
  parseActionPostbackData,
  tappedItemOf,
  toLineMessage,
  type MessageContext,
  type TalkOrigin,
} from '@linq/contract';
import type { Db } from '../../platform/db.ts';
import type { ChannelScope } from '../../platform/principal.ts';
import { deliveryWait } from '../delivery/service.ts';
import { channelFriend } from '../friends/repository.ts';
import { tapDescriber, talkSource, type TalkEntry } from '../talks/sources.ts';
import { contextOf } from '../templates/line-message.ts';
import { friendSends, sentOptionMessages, type FriendSendRow } from './talk-repository.ts';

/*
 * The plan engine's part of a friend's talk: every box a broadcast, scenario or auto-reply sent
 * them, with the message as it went out and the plan it came from; and how a tap on a box's option
 * reads.
 */

/** The first words of a LINE message: its text or alt text (null for a picture or a sticker). */
function openingOf(message: Record<string, unknown>): string | null {
  const text = message.type === 'text' ? message.text : message.altText;
  return typeof text === 'string' ? openingWords(text) : null;
}

/** The friend's message context, read once per page and only when a send has no delivery to show. */
function lazyContext(db: Db, scope: ChannelScope, friendId: number): () => Promise<MessageContext | null> {
  let context: Promise<MessageContext | null> | null = null;
  return () =>
    (context ??= channelFriend(db, scope, friendId).then((friend) => (friend ? contextOf(db, friend) : null)));
}

/**
 * The entry of a send, or null when it sent nothing (a box left empty). A send that went with a
 * delivery shows its message from the delivery, as sent, even after the box was changed or removed;
 * an auto-reply that went as a reply has no delivery: it shows the box as it is now, filled in for
 * the friend, as sent (LINE took the reply), and nothing once the box is gone.
 */
async function entryOf(row: FriendSendRow, context: () => Promise<MessageContext | null>): Promise<TalkEntry | null> {
  let message = row.deliveredMessages?.[row.position] ?? null;
  if (message === null && row.deliveryId === null && row.boxMessage && !isEmptyMessage(row.boxMessage)) {
    const friendContext = await context();
    if (friendContext) message = { ...toLineMessage(row.boxMessage, friendContext) };
  }
  if (message === null) return null;
  const origin: TalkOrigin = { kind: row.planType ?? 'plan', name: row.planName ?? '', box: openingOf(message) };
  return {
    id: row.id,
    at: row.at,
    direction: 'outgoing',
    type: typeof message.type === 'string' ? message.type : 'unknown',
    content: message,
    sentBy: null,
    origin,
    delivery:
      row.deliveryId === null
        ? { status: 'sent', failureReason: null, wait: null }
        : {
            status: row.deliveryStatus,
            failureReason: row.failureReason,
            wait: deliveryWait(row.deliveryStatus, row.waitReason, row.nextAttemptAt),
          },
  };
}

export const PLAN_SENDS_SOURCE = 'plans';

/**
 * The boxes sent to the friend, newest first. Sends that carried no message are passed over, so a
 * page reads on until it has `limit` entries or the sends run out.
 */
export const planTalkSource = talkSource({
  name: PLAN_SENDS_SOURCE,
  async entries(db, scope, friendId, before, limit) {
    const context = lazyContext(db, scope, friendId);
    const entries: TalkEntry[] = [];
    let from = before;
    for (;;) {
      const rows = await friendSends(db, scope, friendId, from, limit);
      for (const row of rows) {
        const entry = await entryOf(row, context);
        if (entry) entries.push(entry);
      }
      const last = rows.at(-1);
      if (entries.length >= limit || rows.length < limit || !last) return entries.slice(0, limit);
      from = { at: last.at, id: last.id };
    }
  },
});

/**
 * A tap on an option of a box sent to the friend: its label and the box's words, filled in for the
 * friend. The newest box sent to the friend with the option answers (an item id is one option).
 */
export const planOptionTaps = tapDescriber({
  async describe(db, scope, friendId, data) {
    const itemId = parseActionPostbackData(data);
    if (itemId === null) return undefined;
    const context = lazyContext(db, scope, friendId);
    for (const message of await sentOptionMessages(db, scope, friendId)) {
      const friendContext = await context();
      const tapped = friendContext && tappedItemOf(message, itemId, friendContext);
      if (tapped) return tapped;
    }
    return undefined;
  },
});
