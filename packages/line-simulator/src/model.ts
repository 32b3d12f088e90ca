/** In-memory state of the simulated LINE Platform: channels, virtual friends, records. */
import { createHash } from 'node:crypto';
import * as ids from './ids.ts';
import type { NameGenerator } from './names.ts';
import { makePng } from './png.ts';
import { inspectImage } from './explicit-limits.ts';
import { InsightRecords } from './insight.ts';
import { RichMenuRecords, openRichMenu, tapRichMenu } from './rich-menus.ts';
import type {
  ChannelInit,
  ConversationEntry,
  FriendInit,
  FriendMessage,
  FriendProfile,
  InsightSettings,
  LoginChannel,
  QuotaState,
  RichMenuSettings,
  RichMenuTap,
  SentMessage,
  SimChannel,
  SimFriend,
  WebhookDelivery,
  WebhookEvent,
} from './types.ts';
import type { WebhookSender, WebhookTarget } from './webhooks.ts';

/**
 * The LINE Login channel the simulator gives a channel unless told otherwise: derived from the
 * Messaging API channel id, so it is the same after every restart and the demo seed can store it.
 */
export function simulatedLoginChannel(messagingChannelId: string): LoginChannel {
  const digest = createHash('sha256').update(`line-simulator-login:${messagingChannelId}`).digest('hex');
  return {
    channelId: String(1_000_000_000 + (parseInt(digest.slice(0, 8), 16) % 1_000_000_000)),
    channelSecret: digest.slice(8, 40),
  };
}

/** An error answered over HTTP: LINE's `ErrorResponse` for the Messaging API, `{message}` for /_sim. */
export class SimError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: { details?: { message: string; property: string }[]; headers?: Record<string, string> } & Record<
      string,
      unknown
    > = {},
  ) {
    super(message);
  }
}

/** What channels and friends need from the simulator. */
export interface SimContext {
  now(): number;
  readonly webhooks: WebhookSender;
  readonly names: NameGenerator;
  avatarUrl(userId: string): string;
  registerFriend(friend: Friend): void;
  issueReplyToken(channelId: string, userId: string): string;
  /** The channel's calls now authenticate with `next` only (null: with none). */
  changeAccessToken(channel: Channel, next: string | null): void;
}

export interface StoredContent {
  bytes: Buffer;
  contentType: string;
}

export interface RichMenu {
  richMenuId: string;
  size: { width: number; height: number };
  selected: boolean;
  name: string;
  chatBarText: string;
  areas: unknown[];
  image?: StoredContent;
}

export interface NarrowcastProgress {
  phase: 'waiting' | 'sending' | 'succeeded' | 'failed';
  successCount: number;
  failureCount: number;
  targetCount: number;
  acceptedTime: string;
  completedTime?: string;
}

export interface AcceptedRetryKey {
  requestId: string;
  at: number;
  sentMessages?: { id: string; quoteToken?: string }[];
}

let defaultImage: Buffer | undefined;
function defaultFriendImage(): Buffer {
  defaultImage ??= makePng(240, 160, [255, 183, 77]);
  return defaultImage;
}

export class Friend implements SimFriend {
  following = false;
  /** When the user first added the channel (null: never). */
  followedSince: number | null = null;
  blockedAt: number | null = null;
  readonly inboxList: SentMessage[] = [];
  readonly outboxList: FriendMessage[] = [];
  /** Both directions in order (references into the lists above). */
  readonly timeline: (SentMessage | FriendMessage)[] = [];
  private data: Omit<FriendProfile, 'userId'>;

  constructor(
    readonly channel: Channel,
    readonly userId: string,
    data: Omit<FriendProfile, 'userId'>,
  ) {
    this.data = data;
  }

  get channelId(): string {
    return this.channel.channelId;
  }

  get profile(): FriendProfile {
    const p: FriendProfile = { userId: this.userId, displayName: this.data.displayName };
    p.pictureUrl = this.data.pictureUrl ?? this.channel.sim.avatarUrl(this.userId);
    if (this.data.statusMessage !== undefined) p.statusMessage = this.data.statusMessage;
    if (this.data.language !== undefined) p.language = this.data.language;
    return p;
  }

  /** The user changed their LINE profile (name, picture, status message): LINE answers the new one from now on. */
  setProfile(changes: Partial<Omit<FriendProfile, 'userId'>>): void {
    this.data = { ...this.data, ...changes };
  }

  get hasFollowed(): boolean {
    return this.followedSince !== null;
  }

  setFollowing(on: boolean): void {
    if (on === this.following) return;
    const now = this.channel.sim.now();
    const firstTime = !this.hasFollowed;
    this.following = on;
    this.channel.followers += on ? 1 : -1;
    if (on) {
      this.followedSince ??= now;
      this.blockedAt = null;
    } else {
      this.blockedAt = now;
    }
    this.channel.insight.recordFollow(this, on, firstTime, now);
  }

  private requireFollowing(action: string): void {
    if (!this.following) {
      throw new SimError(409, `${this.userId} is not following the channel (follow first) and cannot ${action}`);
    }
  }

  follow(): Promise<WebhookDelivery> {
    if (this.following) return Promise.reject(new SimError(409, `${this.userId} already follows the channel`));
    const isUnblocked = this.hasFollowed;
    this.setFollowing(true);
    return this.channel.emit(this, { type: 'follow', follow: { isUnblocked } }, true);
  }

  unfollow(): Promise<WebhookDelivery> {
    if (!this.following) return Promise.reject(new SimError(409, `${this.userId} does not follow the channel`));
    this.setFollowing(false);
    return this.channel.emit(this, { type: 'unfollow' }, false);
  }

  private sendMessage(record: Omit<FriendMessage, 'messageId' | 'sentAt'>, message: WebhookEvent['message']) {
    const sentAt = this.channel.sim.now();
    this.pushOutbox({ ...record, messageId: message!.id, sentAt });
    return this.channel.emit(this, { type: 'message', message }, true, sentAt);
  }

  sendText(text: string): Promise<WebhookDelivery> {
    try {
      this.requireFollowing('send messages');
    } catch (e) {
      return Promise.reject(e);
    }
    const id = ids.messageId();
    return this.sendMessage({ type: 'text', text }, { id, type: 'text', text, quoteToken: ids.token(64) });
  }

  sendImage(bytes?: Buffer): Promise<WebhookDelivery> {
    try {
      this.requireFollowing('send messages');
    } catch (e) {
      return Promise.reject(e);
    }
    const image = bytes ?? defaultFriendImage();
    const id = ids.messageId();
    this.channel.contents.set(id, {
      bytes: image,
      contentType: inspectImage(image)?.contentType ?? 'application/octet-stream',
    });
    return this.sendMessage(
      { type: 'image' },
      { id, type: 'image', contentProvider: { type: 'line' }, quoteToken: ids.token(64) },
    );
  }

  sendSticker(packageId: string, stickerId: string): Promise<WebhookDelivery> {
    try {
      this.requireFollowing('send messages');
    } catch (e) {
      return Promise.reject(e);
    }
    const id = ids.messageId();
    return this.sendMessage(
      { type: 'sticker', packageId, stickerId },
      { id, type: 'sticker', packageId, stickerId, stickerResourceType: 'STATIC', quoteToken: ids.token(64) },
    );
  }

  postback(data: string, params?: Record<string, string>): Promise<WebhookDelivery> {
    try {
      this.requireFollowing('tap actions');
    } catch (e) {
      return Promise.reject(e);
    }
    const sentAt = this.channel.sim.now();
    this.pushOutbox({ messageId: '', type: 'postback', data, ...(params ? { params } : {}), sentAt });
    const postback = params ? { data, params } : { data };
    return this.channel.emit(this, { type: 'postback', postback }, true, sentAt);
  }

  private pushOutbox(m: FriendMessage): void {
    this.outboxList.push(m);
    this.timeline.push(m);
  }

  receive(sent: SentMessage): void {
    this.inboxList.push(sent);
    this.timeline.push(sent);
  }

  conversation(): ConversationEntry[] {
    return this.timeline.map((e) =>
      'channelId' in e
        ? { direction: 'toFriend', at: e.sentAt, messageId: e.messageId, endpoint: e.endpoint, message: e.message }
        : { direction: 'fromFriend', at: e.sentAt, message: e },
    );
  }

  inbox(): SentMessage[] {
    return this.inboxList.slice();
  }

  outbox(): FriendMessage[] {
    return this.outboxList.slice();
  }

  richMenuId(): string | undefined {
    return this.channel.userRichMenus.get(this.userId) ?? this.channel.defaultRichMenuId;
  }

  openRichMenu(): void {
    openRichMenu(this);
  }

  tapRichMenu(areaIndex: number, picked?: string): Promise<RichMenuTap> {
    return tapRichMenu(this, areaIndex, picked);
  }

  toJSON() {
    return {
      userId: this.userId,
      channelId: this.channelId,
      profile: this.profile,
      following: this.following,
      blockedAt: this.blockedAt,
      richMenuId: this.richMenuId() ?? null,
    };
  }
}

function monthOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 7);
}

export class Channel implements SimChannel, WebhookTarget {
  readonly channelId: string;
  readonly channelSecret: string;
  channelAccessToken: string | null;
  readonly botUserId: string;
  botName: string;
  basicId: string;
  webhookUrl: string | null;
  redelivery: boolean;
  webhookActive = true;
  followers = 0;
  /** LINE suspended the LINE Official Account: its Messaging API calls are refused (simulator.ts). */
  suspended = false;
  readonly login: LoginChannel;

  private quotaLimit: number | null;
  private quotaUsed = 0;
  private quotaMonth: string;

  readonly friendsById = new Map<string, Friend>();
  readonly friendOrder: Friend[] = [];
  readonly sent: SentMessage[] = [];
  /** Requests answered per Messaging API operation (OpenAPI operationId): tests check what was called, and how often. */
  readonly operations = new Map<string, number>();
  readonly deliveries: WebhookDelivery[] = [];
  readonly retryKeys = new Map<string, AcceptedRetryKey>();
  readonly contents = new Map<string, StoredContent>();
  readonly richMenus = new Map<string, RichMenu>();
  readonly aliases = new Map<string, string>();
  readonly userRichMenus = new Map<string, string>();
  defaultRichMenuId: string | undefined;
  /** Rich-menu batches, taps and impressions (insight), and the simulator's rich-menu settings. */
  readonly richMenuRecords = new RichMenuRecords();
  readonly narrowcasts = new Map<string, NarrowcastProgress>();
  /** Followers and deliveries per day as LINE's statistics count them, and their not-ready settings. */
  readonly insight = new InsightRecords();

  constructor(
    readonly sim: SimContext,
    init: ChannelInit,
  ) {
    this.channelId = init.channelId;
    this.channelSecret = init.channelSecret;
    this.channelAccessToken = init.channelAccessToken;
    // Stable per channel id, so webhook `destination` survives restarts of a demo.
    const digest = createHash('sha256').update(`line-simulator:${init.channelId}`).digest('hex');
    this.botUserId = 'U' + digest.slice(0, 32);
    this.botName = init.botName ?? `Bot ${init.channelId}`;
    const letters = [...digest.slice(36, 40)].map((h) => String.fromCharCode(97 + (parseInt(h, 16) % 26))).join('');
    this.basicId = init.basicId ?? `@${String(parseInt(digest.slice(33, 36), 16) % 1000).padStart(3, '0')}${letters}`;
    this.webhookUrl = init.webhookUrl ?? null;
    this.redelivery = init.redelivery ?? false;
    this.quotaLimit = init.quota === undefined ? 1000 : init.quota;
    this.quotaMonth = monthOf(sim.now());
    this.login = init.login ?? simulatedLoginChannel(init.channelId);
  }

  setWebhookUrl(url: string | null): void {
    this.webhookUrl = url;
  }

  setRedelivery(on: boolean): void {
    this.redelivery = on;
  }

  setChannelAccessToken(token: string | null): void {
    this.sim.changeAccessToken(this, token);
  }

  private rollMonth(): void {
    const month = monthOf(this.sim.now());
    if (month !== this.quotaMonth) {
      this.quotaMonth = month;
      this.quotaUsed = 0;
    }
  }

  setQuota(limit: number | null, used?: number): void {
    this.rollMonth();
    this.quotaLimit = limit;
    if (used !== undefined) this.quotaUsed = used;
  }

  quota(): QuotaState {
    this.rollMonth();
    return { limit: this.quotaLimit, used: this.quotaUsed };
  }

  remainingQuota(): number {
    const q = this.quota();
    return q.limit === null ? Number.POSITIVE_INFINITY : Math.max(0, q.limit - q.used);
  }

  /** Adds `count` to the month's usage when it fits; returns false (nothing added) otherwise. */
  consumeQuota(count: number): boolean {
    if (count > this.remainingQuota()) return false;
    this.quotaUsed += count;
    return true;
  }

  createFriend(p: FriendInit = {}): Friend {
    const names = this.sim.names;
    const data: Omit<FriendProfile, 'userId'> = {
      displayName: p.displayName ?? names.displayName(),
      language: p.language ?? 'ja',
    };
    if (p.pictureUrl !== undefined) data.pictureUrl = p.pictureUrl;
    const status = p.statusMessage ?? names.statusMessage();
    if (status !== undefined) data.statusMessage = status;
    if (p.userId !== undefined && !/^U[0-9a-f]{32}$/.test(p.userId)) throw new Error(`invalid user id ${p.userId}`);
    const friend = new Friend(this, p.userId ?? ids.userId(), data);
    this.addFriend(friend);
    if (p.following) friend.setFollowing(true);
    return friend;
  }

  createFriends(count: number, namer?: (index: number) => string): Friend[] {
    const userIds = ids.userIds(count);
    const out = new Array<Friend>(count);
    for (let i = 0; i < count; i++) {
      const status = this.sim.names.statusMessage();
      const friend = new Friend(this, userIds[i]!, {
        displayName: namer ? namer(i) : this.sim.names.displayName(),
        language: 'ja',
        ...(status !== undefined ? { statusMessage: status } : {}),
      });
      this.addFriend(friend);
      friend.setFollowing(true);
      out[i] = friend;
    }
    return out;
  }

  private addFriend(friend: Friend): void {
    if (this.friendsById.has(friend.userId)) throw new Error(`friend ${friend.userId} exists already`);
    this.friendsById.set(friend.userId, friend);
    this.friendOrder.push(friend);
    this.sim.registerFriend(friend);
  }

  friends(): Friend[] {
    return this.friendOrder.slice();
  }

  friend(userId: string): Friend | undefined {
    return this.friendsById.get(userId);
  }

  followerCount(): number {
    return this.followers;
  }

  sentMessages(): SentMessage[] {
    return this.sent.slice();
  }

  sentMessageCount(): number {
    return this.sent.length;
  }

  operationCount(operationId: string): number {
    return this.operations.get(operationId) ?? 0;
  }

  webhookDeliveries(): WebhookDelivery[] {
    return this.deliveries.slice();
  }

  setRichMenuSettings(changes: Partial<RichMenuSettings>): RichMenuSettings {
    return this.richMenuRecords.configure(changes);
  }

  setInsightSettings(changes: Partial<InsightSettings>): InsightSettings {
    return this.insight.configure(changes);
  }

  suspend(): Promise<WebhookDelivery> {
    if (this.suspended) return Promise.reject(new SimError(409, `channel ${this.channelId} is suspended already`));
    this.suspended = true;
    return this.emitChannelEvent('botSuspended');
  }

  resume(): Promise<WebhookDelivery> {
    if (!this.suspended) return Promise.reject(new SimError(409, `channel ${this.channelId} is not suspended`));
    this.suspended = false;
    return this.emitChannelEvent('botResumed');
  }

  /** An event about the channel itself (webhook.yml BotSuspendedEvent, BotResumedEvent): no source, no reply token. */
  private emitChannelEvent(type: 'botSuspended' | 'botResumed'): Promise<WebhookDelivery> {
    const timestamp = this.sim.now();
    return this.sim.webhooks.send(this, [
      {
        type,
        mode: 'active',
        timestamp,
        webhookEventId: ids.ulid(timestamp),
        deliveryContext: { isRedelivery: false },
      },
    ]);
  }

  recordDelivery(d: WebhookDelivery): void {
    this.deliveries.push(d);
  }

  /** Records one message object for one recipient; delivered only to a following friend. */
  record(entry: Omit<SentMessage, 'channelId' | 'delivered'>): SentMessage {
    const friend = this.friendsById.get(entry.to);
    const delivered = friend !== undefined && friend.following;
    const sent: SentMessage = { channelId: this.channelId, ...entry, delivered };
    this.sent.push(sent);
    if (delivered) {
      friend.receive(sent);
      this.insight.recordDelivery(entry.endpoint, entry.sentAt);
    }
    return sent;
  }

  /** Builds the webhook event for a friend action and delivers it. */
  emit(
    friend: Friend,
    partial: Pick<WebhookEvent, 'type'> & Partial<WebhookEvent>,
    withReplyToken: boolean,
    timestamp = this.sim.now(),
  ): Promise<WebhookDelivery> {
    const event: WebhookEvent = {
      type: partial.type,
      mode: 'active',
      timestamp,
      source: { type: 'user', userId: friend.userId },
      webhookEventId: ids.ulid(timestamp),
      deliveryContext: { isRedelivery: false },
    };
    if (withReplyToken) event.replyToken = this.sim.issueReplyToken(this.channelId, friend.userId);
    if (partial.message) event.message = partial.message;
    if (partial.follow) event.follow = partial.follow;
    if (partial.postback) event.postback = partial.postback;
    return this.sim.webhooks.send(this, [event]);
  }

  toJSON() {
    const q = this.quota();
    return {
      channelId: this.channelId,
      botUserId: this.botUserId,
      botName: this.botName,
      basicId: this.basicId,
      webhookUrl: this.webhookUrl,
      redelivery: this.redelivery,
      quota: q,
      friendCount: this.friendOrder.length,
      followerCount: this.followers,
      suspended: this.suspended,
      sentMessageCount: this.sent.length,
      webhookDeliveryCount: this.deliveries.length,
      defaultRichMenuId: this.defaultRichMenuId ?? null,
    };
  }
}
