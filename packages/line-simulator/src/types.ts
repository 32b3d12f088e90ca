/** Public types of the LINE simulator. */

/** The rich-menu operations (rich-menus.ts): messaging-api.yml's, and the rich-menu insight of insight.yml. */
export const RICH_MENU_ENDPOINT_NAMES = [
  'createRichMenu',
  'validateRichMenuObject',
  'setRichMenuImage',
  'getRichMenuImage',
  'getRichMenu',
  'getRichMenuList',
  'deleteRichMenu',
  'setDefaultRichMenu',
  'getDefaultRichMenuId',
  'cancelDefaultRichMenu',
  'linkRichMenuIdToUser',
  'unlinkRichMenuIdFromUser',
  'getRichMenuIdOfUser',
  'linkRichMenuIdToUsers',
  'unlinkRichMenuIdFromUsers',
  'createRichMenuAlias',
  'getRichMenuAlias',
  'getRichMenuAliasList',
  'updateRichMenuAlias',
  'deleteRichMenuAlias',
  'richMenuBatch',
  'validateRichMenuBatchRequest',
  'getRichMenuBatchProgress',
  'getRichMenuInsightSummary',
  'getRichMenuInsightDaily',
] as const;
export type RichMenuEndpoint = (typeof RICH_MENU_ENDPOINT_NAMES)[number];

/** LINE's statistics of the channel (insight.ts): insight.yml's followers, deliveries and demographics. */
export const INSIGHT_ENDPOINT_NAMES = [
  'getNumberOfFollowers',
  'getNumberOfMessageDeliveries',
  'getFriendsDemographics',
] as const;
export type InsightEndpoint = (typeof INSIGHT_ENDPOINT_NAMES)[number];

/** Messaging API operations the simulator implements, named by their OpenAPI `operationId`. */
export const ENDPOINT_NAMES = [
  'replyMessage',
  'pushMessage',
  'multicast',
  'broadcast',
  'narrowcast',
  'getNarrowcastProgress',
  'validateReply',
  'validatePush',
  'validateMulticast',
  'validateNarrowcast',
  'validateBroadcast',
  'getProfile',
  'getFollowers',
  'getBotInfo',
  'getMessageQuota',
  'getMessageQuotaConsumption',
  'getMessageContent',
  'getMessageContentPreview',
  'getMessageContentTranscodingByMessageId',
  'getWebhookEndpoint',
  'setWebhookEndpoint',
  'testWebhookEndpoint',
  'showLoadingAnimation',
  ...RICH_MENU_ENDPOINT_NAMES,
  ...INSIGHT_ENDPOINT_NAMES,
] as const;
export type EndpointName = (typeof ENDPOINT_NAMES)[number];

/**
 * - `error500`: answer 500 `{"message":"An error occurred in the backend"}` without processing.
 * - `timeout`: never answer (until the client gives up or the simulator stops); nothing processed.
 * - `timeoutAfterProcessing`: process the request (messages are recorded), then drop the
 *   connection without an answer: "sent, but the client saw a time-out".
 * - `rate429`: answer the rate-limit 429 without processing.
 */
/**
 * `quota429`: LINE's 429 for a spent monthly quota (its own message, told apart from a rate limit);
 * `unauthorized401`: the channel access token refused.
 */
export type FaultMode = 'error500' | 'timeout' | 'timeoutAfterProcessing' | 'rate429' | 'quota429' | 'unauthorized401';
export const FAULT_MODES: readonly FaultMode[] = [
  'error500',
  'timeout',
  'timeoutAfterProcessing',
  'rate429',
  'quota429',
  'unauthorized401',
];

export interface Fault {
  channelId?: string;
  endpoint?: EndpointName;
  mode: FaultMode;
  /** How many matching requests are affected. */
  count: number;
}

export interface SimulatorOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0 (a free port). */
  port?: number;
  /** LINE's messaging-api.yml; default `packages/line-simulator/openapi/messaging-api.yml`. */
  openapiPath?: string;
  /** Clock in ms (rate limits, reply-token and retry-key expiry, timestamps). Default Date.now. */
  now?: () => number;
  /** Delays before each webhook redelivery attempt (ms). Default [1000, 5000, 15000]. */
  redeliveryDelaysMs?: number[];
  /** How long a webhook POST may take before it counts as failed (ms). Default 5000. */
  webhookTimeoutMs?: number;
  /** Seed for generated display names (deterministic demo data). */
  seed?: number;
  /**
   * Check every JSON success answer against the operation's response schema in messaging-api.yml;
   * a mismatch is logged and answered 500 (a simulator bug). Meant for tests. Default false.
   */
  validateResponses?: boolean;
}

export interface ChannelInit {
  channelId: string;
  channelSecret: string;
  channelAccessToken: string;
  webhookUrl?: string | null;
  botName?: string;
  basicId?: string;
  /** Webhook redelivery (LINE console setting). Default false. */
  redelivery?: boolean;
  /** Monthly message quota. Default 1000; null = no limit (`type: none`). */
  quota?: number | null;
  /** The LINE Login channel of the same provider. Default: `simulatedLoginChannel(channelId)`. */
  login?: LoginChannel;
}

/** A LINE Login channel's id and secret (client_id, client_secret). */
export interface LoginChannel {
  channelId: string;
  channelSecret: string;
}

export interface FriendProfile {
  userId: string;
  displayName: string;
  pictureUrl?: string;
  statusMessage?: string;
  language?: string;
}

export interface FriendInit {
  /** Restore a known friend (`U` + 32 hex), e.g. after a restart; default a new random id. */
  userId?: string;
  displayName?: string;
  pictureUrl?: string;
  statusMessage?: string;
  language?: string;
  /** Start as a follower without sending a follow webhook. Default false: call follow(). */
  following?: boolean;
}

export type SendEndpoint = 'replyMessage' | 'pushMessage' | 'multicast' | 'broadcast' | 'narrowcast';

/** One message object accepted for one recipient. */
export interface SentMessage {
  channelId: string;
  to: string;
  /** The message object exactly as the channel sent it. */
  message: Record<string, unknown>;
  /** Id of the sent message (shared by all recipients of one request). */
  messageId: string;
  requestId: string;
  retryKey?: string;
  sentAt: number;
  endpoint: SendEndpoint;
  /** False when the recipient is not a friend or has blocked the channel (LINE drops it silently). */
  delivered: boolean;
}

export interface WebhookSource {
  type: 'user';
  userId: string;
}

export type WebhookMessageContent =
  | { id: string; type: 'text'; text: string; quoteToken: string }
  | { id: string; type: 'image'; contentProvider: { type: 'line' }; quoteToken: string }
  | {
      id: string;
      type: 'sticker';
      packageId: string;
      stickerId: string;
      stickerResourceType: 'STATIC';
      quoteToken: string;
    };

/**
 * A webhook event object as webhook.yml describes it. `botSuspended` / `botResumed` concern the
 * channel itself: they carry no source.
 */
export interface WebhookEvent {
  type: 'message' | 'follow' | 'unfollow' | 'postback' | 'botSuspended' | 'botResumed';
  mode: 'active';
  timestamp: number;
  source?: WebhookSource;
  webhookEventId: string;
  deliveryContext: { isRedelivery: boolean };
  replyToken?: string;
  message?: WebhookMessageContent;
  follow?: { isUnblocked: boolean };
  postback?: { data: string; params?: Record<string, string> };
}

/** One HTTP attempt to deliver webhook events. */
export interface WebhookDelivery {
  /** Sequence number within the simulator. */
  id: number;
  channelId: string;
  /** Null when the channel has no webhook URL (nothing was sent). */
  url: string | null;
  webhookEventIds: string[];
  events: WebhookEvent[];
  /** The exact bytes sent (UTF-8). */
  body: string;
  /** `x-line-signature` sent. */
  signature: string;
  isRedelivery: boolean;
  /** 1 for the first delivery, 2.. for redeliveries. */
  attempt: number;
  statusCode: number | null;
  error: string | null;
  ok: boolean;
  startedAt: number;
  durationMs: number;
}

/** What a friend sent to the channel (the friend's side of the talk). */
export interface FriendMessage {
  messageId: string;
  type: 'text' | 'image' | 'sticker' | 'postback';
  text?: string;
  packageId?: string;
  stickerId?: string;
  data?: string;
  params?: Record<string, string>;
  sentAt: number;
}

/** One entry of a friend's talk with the channel, in the order it happened. */
export type ConversationEntry =
  | {
      direction: 'toFriend';
      at: number;
      messageId: string;
      endpoint: SendEndpoint;
      message: Record<string, unknown>;
    }
  | { direction: 'fromFriend'; at: number; message: FriendMessage };

export interface SimFriend {
  readonly userId: string;
  readonly channelId: string;
  readonly profile: FriendProfile;
  readonly following: boolean;
  /** The user changes their LINE profile: no webhook (LINE sends none), the profile endpoint answers it from now on. */
  setProfile(changes: Partial<Omit<FriendProfile, 'userId'>>): void;
  follow(): Promise<WebhookDelivery>;
  unfollow(): Promise<WebhookDelivery>;
  sendText(text: string): Promise<WebhookDelivery>;
  /** PNG or JPEG bytes; default a small generated PNG. Downloadable via the message content endpoint. */
  sendImage(bytes?: Buffer): Promise<WebhookDelivery>;
  sendSticker(packageId: string, stickerId: string): Promise<WebhookDelivery>;
  postback(data: string, params?: Record<string, string>): Promise<WebhookDelivery>;
  /** What the channel sent this friend (delivered messages), in order. */
  inbox(): SentMessage[];
  /** What this friend sent the channel, in order. */
  outbox(): FriendMessage[];
  /** Both directions interleaved in the order they happened (for a phone view). */
  conversation(): ConversationEntry[];
  /** Rich menu shown to this friend: per-user link, else the default; undefined when none. */
  richMenuId(): string | undefined;
  /** The friend opens the shown menu (an impression for insight); rejects (409) when none is shown. */
  openRichMenu(): void;
  /**
   * The friend taps an area of the shown menu: counted for insight, and its action runs as in LINE's
   * app (see rich-menus.ts `tapRichMenu`). `picked`: the value a datetimepicker area returns.
   */
  tapRichMenu(areaIndex: number, picked?: string): Promise<RichMenuTap>;
}

/** A channel's rich-menu behaviour in the simulator (LINE has no such settings: they drive tests and demos). */
export interface RichMenuSettings {
  /** The next batch-control request fails after changing this many users (then null again); null: it succeeds. */
  batchFailAfterUsers: number | null;
  /** How long a batch reads `ongoing` in the progress endpoint (its changes apply at once). Default 0. */
  batchDurationMs: number;
  /** Rich-menu insight withholds its figures below this many unique clickers in the period. Default 20. */
  insightPrivacyThreshold: number;
}

/** A channel's statistics in the simulator (LINE has no such settings: they drive tests and demos). */
export interface InsightSettings {
  /** Every date answers `status: unready` (LINE has not counted it yet) until set back to false. Default false. */
  unready: boolean;
  /** How long after a JST day ends its figures become ready (before: `unready`). Default 0. */
  countingDelayMs: number;
  /** Demographics are withheld (`available: false`) below this many friends LINE knows the attributes of. Default 20. */
  demographicsThreshold: number;
}

/** What a tap on a rich-menu area did. */
export interface RichMenuTap {
  richMenuId: string;
  areaIndex: number;
  action: Record<string, unknown>;
  /** The webhook the tap sent (message, postback, switch); null for actions the phone handles (uri, camera…). */
  delivery: WebhookDelivery | null;
  /** The menu shown after the tap (a switch changes it). */
  richMenuIdAfter: string | null;
}

export interface QuotaState {
  /** null: no limit (`type: none`). */
  limit: number | null;
  used: number;
}

export interface SimChannel {
  readonly channelId: string;
  readonly botUserId: string;
  readonly channelSecret: string;
  /** The token calls must carry; null once revoked (every call answers 401). */
  readonly channelAccessToken: string | null;
  readonly webhookUrl: string | null;
  readonly redelivery: boolean;
  readonly botName: string;
  readonly basicId: string;
  /** The LINE Login channel linked to this channel (same provider: the same user ids). */
  readonly login: LoginChannel;
  setWebhookUrl(url: string | null): void;
  setRedelivery(on: boolean): void;
  /**
   * As when LINE reissues or revokes the token: from now on only `token` authenticates the channel's
   * calls (null: none does, every call answers 401). Throws (409) when another channel uses it.
   */
  setChannelAccessToken(token: string | null): void;
  /** `limit` null = no limit. `used` sets the month's consumption (default: unchanged). */
  setQuota(limit: number | null, used?: number): void;
  quota(): QuotaState;
  createFriend(p?: FriendInit): SimFriend;
  /** Bulk: `count` friends, following, no webhooks. `namer(i)` gives display names. */
  createFriends(count: number, namer?: (index: number) => string): SimFriend[];
  friends(): SimFriend[];
  friend(userId: string): SimFriend | undefined;
  followerCount(): number;
  /** Every message accepted, one entry per recipient and message object. */
  sentMessages(): SentMessage[];
  sentMessageCount(): number;
  /** Requests of a Messaging API operation (its OpenAPI operationId, e.g. `getProfile`) the channel answered. */
  operationCount(operationId: string): number;
  webhookDeliveries(): WebhookDelivery[];
  /** Sets some of the simulator's rich-menu settings and answers them all. */
  setRichMenuSettings(changes: Partial<RichMenuSettings>): RichMenuSettings;
  /** Sets some of the channel's statistics settings (insight.yml's not-ready states) and answers them all. */
  setInsightSettings(changes: Partial<InsightSettings>): InsightSettings;
  /** Whether LINE has suspended the channel's LINE Official Account. */
  readonly suspended: boolean;
  /**
   * LINE suspends the account: the `botSuspended` webhook event is sent, and every Messaging API
   * call of the channel answers 403 until `resume`. Rejects (409) when already suspended.
   */
  suspend(): Promise<WebhookDelivery>;
  /** LINE lifts the suspension: the `botResumed` webhook event, and calls are answered again. Rejects (409) when not suspended. */
  resume(): Promise<WebhookDelivery>;
}

export interface SimFaults {
  inject(f: Fault): void;
  /** Added to every Messaging API request before it is handled. */
  setLatency(ms: number): void;
  /** Removes injected faults and latency. */
  clear(): void;
  pending(): Fault[];
}

export interface LineSimulator {
  /** http://127.0.0.1:<port>: serves both the api.line.me and the api-data.line.me paths. */
  readonly url: string;
  stop(): Promise<void>;
  addChannel(c: ChannelInit): SimChannel;
  channel(channelId: string): SimChannel | undefined;
  channels(): SimChannel[];
  friend(userId: string): SimFriend | undefined;
  readonly faults: SimFaults;
}
