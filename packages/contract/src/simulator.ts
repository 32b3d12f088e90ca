import { z } from 'zod';
import { dataOf, idNumber, optionalText, requiredText, timestamp } from './common.ts';
import { endpoint, sessionOf } from './http.ts';
import { ENROLMENT_STATUSES } from './plans/api.ts';

/*
 * The phone panel (service area, demo): a person acts as a virtual friend of a channel bound to the
 * LINE simulator. Every route answers 404 with SIMULATOR_NOT_CONNECTED when the selected channel is
 * not simulated or this console runs no simulator.
 */

export const SIMULATOR_NOT_CONNECTED = 'このチャネルはシミュレーターに接続されていません。';
export const VIRTUAL_FRIEND_NOT_FOUND = 'この仮想の友だちは見つかりません。';

export const simulatorStatus = z.object({
  simulated: z.literal(true),
  bot_name: z.string(),
  basic_id: z.string(),
  /** Demo friends are still being created in the background (first start). */
  seeding: z.boolean(),
});
export type SimulatorStatus = z.infer<typeof simulatorStatus>;

export const virtualFriend = z.object({
  user_id: z.string(),
  display_name: z.string(),
  picture_url: z.string().nullable(),
  status_message: z.string().nullable(),
  following: z.boolean(),
});
export type VirtualFriend = z.infer<typeof virtualFriend>;

/** What happened to the webhook the action sent (its first delivery attempt). */
export const webhookOutcome = z.object({
  ok: z.boolean(),
  status_code: z.number().int().nullable(),
  error: z.string().nullable(),
  webhook_event_ids: z.array(z.string()),
  /** The console has processed the events (the friend list and counts show the effect). */
  processed: z.boolean(),
});
export type WebhookOutcome = z.infer<typeof webhookOutcome>;

export const FRIEND_MESSAGE_TYPES = ['text', 'image', 'sticker', 'postback'] as const;

/** One entry of the talk, in order: what the channel sent (LINE message objects) and what the friend sent. */
export const conversationEntry = z.discriminatedUnion('direction', [
  z.object({
    direction: z.literal('to_friend'),
    at: timestamp,
    /** The time in the friend's rehearsal when it came (the rehearsal's own clock); null outside one. */
    demo_at: timestamp.nullable(),
    message_id: z.string(),
    /** replyMessage, pushMessage, multicast, broadcast or narrowcast. */
    endpoint: z.string(),
    /** The LINE message object exactly as the channel sent it. */
    message: z.record(z.string(), z.unknown()),
  }),
  z.object({
    direction: z.literal('from_friend'),
    at: timestamp,
    demo_at: timestamp.nullable(),
    message_id: z.string().nullable(),
    type: z.enum(FRIEND_MESSAGE_TYPES),
    text: z.string().nullable(),
    package_id: z.string().nullable(),
    sticker_id: z.string().nullable(),
    /** Postback data. */
    data: z.string().nullable(),
    /** The image the friend sent, as a data: URL (small images only). */
    image_url: z.string().nullable(),
  }),
]);
export type ConversationEntry = z.infer<typeof conversationEntry>;

export const virtualFriendCreate = z.object({ display_name: optionalText(20).optional() });
export const virtualFriendText = z.object({ text: requiredText(5000) });
export const virtualFriendSticker = z.object({
  package_id: z
    .string()
    .trim()
    .regex(/^\d{1,12}$/, { message: '数字で入力してください' }),
  sticker_id: z
    .string()
    .trim()
    .regex(/^\d{1,12}$/, { message: '数字で入力してください' }),
});
export const virtualFriendPostback = z.object({
  data: z.string().min(1, { message: '入力してください' }).max(300, { message: '300文字以内で入力してください' }),
  params: z.record(z.string(), z.string()).optional(),
});
export const virtualFriendParams = z.object({ userId: z.string().min(1).max(64) });

/** The rich menu LINE shows the virtual friend under the talk (their own, else the channel's default). */
export const virtualRichMenu = z.object({
  chat_bar_text: z.string(),
  /** Open when the talk opens. */
  selected: z.boolean(),
  width: z.number().int(),
  height: z.number().int(),
  /** The menu's image as a data: URL (null before one is uploaded). */
  image_url: z.string().nullable(),
  areas: z.array(
    z.object({
      x: z.number().int(),
      y: z.number().int(),
      width: z.number().int(),
      height: z.number().int(),
      /** LINE's action type (uri, message, postback, richmenuswitch, …). */
      action_type: z.string(),
      /** A uri action's address: the panel opens it (LINE sends nothing for it). */
      uri: z.string().nullable(),
    }),
  ),
});
export type VirtualRichMenu = z.infer<typeof virtualRichMenu>;
export const virtualRichMenuTap = z.object({ area_index: z.number().int().min(0).max(19) });
export const RICH_MENU_NOT_SHOWN = 'この友だちにはリッチメニューが表示されていません。';

/*
 * The demo's time warp: the plan engine's clock moved forward so that "after 3 days at 10:00"
 * arrives in seconds. The clock is the whole process's (every friend's plans follow it), so
 * it is refused with CLOCK_NOT_SIMULATED unless this console runs the embedded LINE simulator and
 * the selected channel is bound to it.
 */

export const CLOCK_NOT_SIMULATED =
  '時間を進める操作は、組み込みのLINEシミュレーターに接続されたチャネル（デモ）でだけ使えます。';
export const NO_NEXT_SEND = 'この友だちに予定されている配信はありません（選択肢のタップ待ち、または終了しています）。';
/** The longest single warp: a month. */
export const CLOCK_ADVANCE_MAX_MINUTES = 60 * 24 * 31;

export const engineClock = z.object({
  /** The engine's current (demo) time. */
  now: timestamp,
  /** How far it runs ahead of the real time, in milliseconds. */
  offset_ms: z.number().int(),
});
export type EngineClock = z.infer<typeof engineClock>;

const virtualUserId = z.string().min(1).max(64);
/**
 * Forward by minutes, or to the next due send of one friend's plans (named by the console's friend
 * id or by the virtual friend's LINE user id, as the phone panel knows it).
 */
export const clockAdvance = z.union([
  z.strictObject({
    minutes: z
      .number()
      .int({ message: '整数で入力してください' })
      .min(1, { message: '1分以上を指定してください' })
      .max(CLOCK_ADVANCE_MAX_MINUTES, { message: '31日以内を指定してください' }),
  }),
  z.strictObject({ to_next_send: z.literal(true), friend_id: idNumber }),
  z.strictObject({ to_next_send: z.literal(true), user_id: virtualUserId }),
]);
export type ClockAdvance = z.infer<typeof clockAdvance>;

/** A plan run for one virtual friend of the simulated channel (who must follow it). */
export const rehearsalStart = z.object({ plan_id: idNumber, user_id: virtualUserId });

/*
 * A rehearsal runs on its own time: moving it (+1時間, +1日, 次の配信まで) moves that one friend's run
 * of the plan and sends only its due steps; no other friend's plan moves.
 */
export const NOT_IN_REHEARSAL =
  'この友だちはリハーサル中ではありません。プラン一覧の「リハーサル」から始めてください（時間を進められるのはリハーサルの進行だけです）。';

/** The friend's latest rehearsal: its plan, state and own clock. */
export const rehearsalState = z.object({
  plan_id: z.number().int(),
  plan_name: z.string(),
  status: z.enum(ENROLMENT_STATUSES),
  /** The rehearsal's own (demo) time. */
  now: timestamp,
  /** How far it runs ahead of the engine clock, in milliseconds. */
  offset_ms: z.number().int(),
  /** When its next step is due, on its own time (null: waiting for a tap, or ended). */
  next_at: timestamp.nullable(),
});
export type RehearsalState = z.infer<typeof rehearsalState>;

/** Forward by minutes, or to the rehearsal's next send. */
export const rehearsalAdvance = z.union([
  z.strictObject({
    minutes: z
      .number()
      .int({ message: '整数で入力してください' })
      .min(1, { message: '1分以上を指定してください' })
      .max(CLOCK_ADVANCE_MAX_MINUTES, { message: '31日以内を指定してください' }),
  }),
  z.strictObject({ to_next_send: z.literal(true) }),
]);
export type RehearsalAdvance = z.infer<typeof rehearsalAdvance>;

const access = sessionOf('service');
const permission = { feature: 'talks', level: 'view' } as const;
/**
 * Acting as a virtual friend changes the channel as a LINE user would (friends, counts, talks): it
 * needs the edit level of talks, like answering them. Only simulated channels have virtual friends.
 */
const actAsFriend = { feature: 'talks', level: 'edit' } as const;
/** The time warp and rehearsal run plans: reading the clock needs plans view, moving it plans edit. */
const viewPlans = { feature: 'plans', level: 'view' } as const;
const editPlans = { feature: 'plans', level: 'edit' } as const;
const action = (name: string, summary: string) =>
  endpoint({
    method: 'POST',
    path: `/service/simulator/friends/:userId/${name}`,
    summary,
    access,
    permission: actAsFriend,
    params: virtualFriendParams,
    response: dataOf(webhookOutcome),
  });

export const simulatorApi = {
  status: endpoint({
    method: 'GET',
    path: '/service/simulator',
    summary: 'Whether the selected channel is bound to the LINE simulator (shows the phone panel)',
    access,
    permission,
    response: dataOf(simulatorStatus),
  }),
  friends: endpoint({
    method: 'GET',
    path: '/service/simulator/friends',
    summary: "The channel's virtual friends",
    access,
    permission,
    response: dataOf(z.array(virtualFriend)),
  }),
  createFriend: endpoint({
    method: 'POST',
    path: '/service/simulator/friends',
    summary: 'A new virtual friend (not following yet)',
    access,
    permission: actAsFriend,
    body: virtualFriendCreate,
    response: dataOf(virtualFriend),
    successStatus: 201,
  }),
  follow: action('follow', 'The virtual friend adds the channel as a friend (follow webhook)'),
  unfollow: action('unfollow', 'The virtual friend blocks the channel (unfollow webhook)'),
  text: { ...action('text', 'The virtual friend sends a text message'), body: virtualFriendText },
  image: action('image', 'The virtual friend sends a sample image'),
  sticker: { ...action('sticker', 'The virtual friend sends a sticker'), body: virtualFriendSticker },
  postback: { ...action('postback', 'The virtual friend taps a postback action'), body: virtualFriendPostback },
  richMenu: endpoint({
    method: 'GET',
    path: '/service/simulator/friends/:userId/rich_menu',
    summary: 'The rich menu the virtual friend sees (null: none)',
    access,
    permission,
    params: virtualFriendParams,
    response: dataOf(virtualRichMenu.nullable()),
  }),
  tapRichMenu: endpoint({
    method: 'POST',
    path: '/service/simulator/friends/:userId/rich_menu/tap',
    summary: 'The virtual friend taps an area of their rich menu (null: the action sends nothing, e.g. a link)',
    access,
    permission: actAsFriend,
    params: virtualFriendParams,
    body: virtualRichMenuTap,
    response: dataOf(webhookOutcome.nullable()),
  }),
  conversation: endpoint({
    method: 'GET',
    path: '/service/simulator/friends/:userId/conversation',
    summary: 'The talk as the virtual friend sees it, both directions in order',
    access,
    permission,
    params: virtualFriendParams,
    response: dataOf(z.array(conversationEntry)),
  }),
  clock: endpoint({
    method: 'GET',
    path: '/service/simulator/clock',
    summary: "The plan engine's clock (demo time warp; embedded simulator only)",
    access,
    permission: viewPlans,
    response: dataOf(engineClock),
  }),
  advanceClock: endpoint({
    method: 'POST',
    path: '/service/simulator/clock/advance',
    summary: "Moves the plan engine's clock forward and sends what fell due (demo time warp; embedded simulator only)",
    access,
    permission: editPlans,
    body: clockAdvance,
    response: dataOf(engineClock),
  }),
  rehearsal: endpoint({
    method: 'POST',
    path: '/service/simulator/rehearsal',
    summary: 'Starts a scenario or broadcast for one virtual friend and sends its first box if due (rehearsal)',
    access,
    permission: editPlans,
    body: rehearsalStart,
    response: dataOf(rehearsalState),
  }),
  rehearsalOf: endpoint({
    method: 'GET',
    path: '/service/simulator/friends/:userId/rehearsal',
    summary: "The virtual friend's latest rehearsal and its own time (null: none)",
    access,
    permission: viewPlans,
    params: virtualFriendParams,
    response: dataOf(rehearsalState.nullable()),
  }),
  advanceRehearsal: endpoint({
    method: 'POST',
    path: '/service/simulator/friends/:userId/rehearsal/advance',
    summary:
      "Moves the virtual friend's rehearsal (that one run only) forward and sends its due steps; 409 NOT_IN_REHEARSAL when it has none running",
    access,
    permission: editPlans,
    params: virtualFriendParams,
    body: rehearsalAdvance,
    response: dataOf(rehearsalState),
  }),
};
