import { z } from 'zod';
import { dataOf, id, idParams, listOf, timestamp } from './common.ts';
import { deliveryWait } from './deliveries.ts';
import { endpoint, sessionOf } from './http.ts';

/** Conversation page size (spec section 9). */
export const CONVERSATION_PAGE_SIZE = 20;
/** Talk history page size, paging back from the newest. */
export const TALK_HISTORY_PAGE_SIZE = 30;
/** LINE's limit for one text message. */
export const TALK_TEXT_MAX = 5000;
/** The WebSocket of realtime events (under /api): `?laid=…`, then the session token as the first message. */
export const REALTIME_PATH = '/service/realtime';

const flag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((value) => value === 'true' || value === '1');

export const conversationQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(CONVERSATION_PAGE_SIZE),
  /** Display-name search (case-insensitive, anywhere in the name). */
  name: z.string().trim().max(255).optional(),
  /** true: only conversations with unread messages. */
  un_read: flag,
});
export type ConversationQuery = z.input<typeof conversationQuery>;

/** A friend as the talk list shows it (spec section 3, Friend). */
export const conversation = z.object({
  id: z.number().int(),
  display_name: z.string(),
  picture_url: z.string().nullable(),
  message_unreads_counts: z.number().int(),
  /** The text of the last message; null for other types (see message_type). */
  last_message: z.string().nullable(),
  last_message_created_at: timestamp.nullable(),
  message_type: z.string().nullable(),
  status: z.enum(['following', 'blocked']),
});
export type Conversation = z.infer<typeof conversation>;

/**
 * The talk list's page. With a name search the total is counted only so far past the page (enough
 * to page on); `total_is_lower_bound` says when more match than `total_item_count`.
 */
export const conversationList = listOf(conversation).extend({ total_is_lower_bound: z.boolean() });

export const talkHistoryQuery = z.object({
  friend_id: id,
  /** Entries older than this point (paging back): the previous page's `next_before`, opaque to the client. */
  before: z.string().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(TALK_HISTORY_PAGE_SIZE),
});
export type TalkHistoryQuery = z.input<typeof talkHistoryQuery>;

export const DELIVERY_STATES = ['queued', 'sent', 'failed'] as const;

/**
 * Where an outgoing entry came from when no staff member sent it by hand: a plan (its kind
 * broadcast, scenario or auto_reply, its name, and the box by its message's first words), or what
 * later sources add (forms, rich menus). Entries sent by hand name their sender in `sent_by`.
 */
export const talkOrigin = z.object({
  kind: z.string(),
  name: z.string(),
  /** The box (or item) by the first words of what was sent; null for a picture or sticker. */
  box: z.string().nullable(),
});
export type TalkOrigin = z.infer<typeof talkOrigin>;

/**
 * One entry of a talk: what the friend sent or did (incoming: messages, taps, follows and blocks)
 * or what the channel sent (outgoing: by hand, or by a plan). Types besides LINE's message types:
 * `postback` (a tap; content has `label` and `origin` when known), `follow` (content `kind`: new,
 * unblock, re_add) and `unfollow` (a block).
 */
export const talkMessage = z.object({
  /** The entry's id within its source (a talk message's id for the talk's own entries). */
  id: z.number().int(),
  /** Unique across the talk's sources: the key of a list item. */
  key: z.string(),
  direction: z.enum(['incoming', 'outgoing']),
  /** text, image, sticker, location, postback, … */
  type: z.string(),
  /** LINE's message object without ids and tokens (untrusted: render as text). */
  content: z.record(z.string(), z.unknown()),
  occurred_at: timestamp,
  /** The staff member who sent an outgoing message. */
  sent_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  origin: talkOrigin.nullable(),
  /** Outgoing messages: from the delivery log. */
  delivery_status: z.enum(DELIVERY_STATES).nullable(),
  failure_reason: z.string().nullable(),
  /** A queued outgoing message that waits (quota, rate limit, channel credentials, LINE unavailable): why, and until when. */
  delivery_wait: deliveryWait.nullable(),
});
export type TalkMessage = z.infer<typeof talkMessage>;

export const talkHistory = z.object({
  data: z.array(talkMessage),
  has_more: z.boolean(),
  /** The `before` of the next (older) page; null when there is none. */
  next_before: z.string().nullable(),
});
export type TalkHistory = z.infer<typeof talkHistory>;

export const HTTPS_URL_MESSAGE = 'https:// で始まるURLを入力してください';

/**
 * An image address of an image message. LINE fetches only https URLs; the server enforces that per
 * channel (apps/api/src/modules/files/service.ts), because a simulated demo channel may also use the
 * console's own http origin, which this schema cannot know. Anything but http(s) is refused here.
 */
const imageUrl = z
  .string()
  .trim()
  .max(2000, { message: '2000文字以内で入力してください' })
  .refine(
    (value) => {
      try {
        const { protocol } = new URL(value);
        return protocol === 'https:' || protocol === 'http:';
      } catch {
        return false;
      }
    },
    { message: HTTPS_URL_MESSAGE },
  );

export const outgoingMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('text'),
    text: z
      .string()
      .trim()
      .min(1, { message: '入力してください' })
      .max(TALK_TEXT_MAX, { message: `${TALK_TEXT_MAX}文字以内で入力してください` }),
  }),
  z.object({ type: z.literal('image'), originalContentUrl: imageUrl, previewImageUrl: imageUrl }),
  /** One of the channel's message templates, filled in for the friend (name, info values) when sent. */
  z.object({ type: z.literal('template'), template_id: id }),
]);
export type OutgoingMessage = z.infer<typeof outgoingMessage>;

/** Message send payload (spec section 3): a message object and friend_id. */
export const sendMessageInput = z.object({ message: outgoingMessage, friend_id: id });
export type SendMessageInput = z.input<typeof sendMessageInput>;

export const markReadInput = z.object({ friend_id: id });

/**
 * What the realtime WebSocket sends: ids only; the client fetches the rows. The type names a module's
 * realtime event (the talks' `message.created`, the friends' `friend.updated`, and those later modules
 * declare); a screen reacts to the types it knows and passes over the others.
 */
export const realtimeEvent = z.object({
  type: z.string().min(1),
  /** The friend it concerns; null for an event about no one friend. */
  friend_id: z.number().int().nullable(),
  message_id: z.number().int().nullable(),
  direction: z.enum(['incoming', 'outgoing']).nullable(),
});
export type RealtimeEventMessage = z.infer<typeof realtimeEvent>;
/**
 * Sent once the connection is authenticated and subscribed (a reconnected client then catches up),
 * and again whenever the server may have missed events (its database LISTEN was lost and replaced):
 * every ready means "fetch again what you show".
 */
export const realtimeReady = z.object({ type: z.literal('ready') });
/** Close codes of the realtime WebSocket when it refuses the connection. */
export const REALTIME_CLOSE = { badRequest: 4400, unauthorized: 4401, forbidden: 4403 } as const;

const access = sessionOf('service');
export const talksApi = {
  conversations: endpoint({
    method: 'GET',
    path: '/service/messages/conversations',
    summary: 'Friends with messages, newest last message first (talk list)',
    access,
    permission: { feature: 'talks', level: 'view' },
    query: conversationQuery,
    response: conversationList,
  }),
  history: endpoint({
    method: 'GET',
    path: '/service/messages',
    summary:
      "One friend's talk, newest first: their messages, taps, follows and blocks, and everything the channel sent them (by hand and by plans), paged back with next_before",
    access,
    permission: { feature: 'talks', level: 'view' },
    query: talkHistoryQuery,
    response: talkHistory,
  }),
  markRead: endpoint({
    method: 'POST',
    path: '/service/messages/read',
    summary:
      "Opens a conversation: the friend's unread count becomes 0. Needs talks edit: the count is the team's shared to-do, so a view-only user's reading leaves it as it is",
    access,
    permission: { feature: 'talks', level: 'edit' },
    body: markReadInput,
    response: dataOf(z.object({ friend_id: z.number().int(), message_unreads_counts: z.number().int() })),
  }),
  send: endpoint({
    method: 'POST',
    path: '/service/messages',
    summary: 'Sends a text, an image or a message template to one friend (needs the send_messages capability)',
    access,
    permission: { allOf: [{ feature: 'talks', level: 'edit' }, { capability: 'send_messages' }] },
    body: sendMessageInput,
    response: dataOf(talkMessage),
    successStatus: 201,
  }),
  content: endpoint({
    method: 'GET',
    path: '/service/messages/:id/content',
    summary:
      "The picture a friend sent (an incoming image message), as LINE's content API serves it: the copy kept when the webhook arrived, else fetched from LINE now",
    access,
    permission: { feature: 'talks', level: 'view' },
    params: idParams,
    response: z.string().describe('image bytes'),
    contentType: 'image/*',
  }),
};
