/** Handlers of the simulated Messaging API operations (requests are already authenticated and validated). */
import * as ids from './ids.ts';
import { checkMessages, checkRecipients } from './explicit-limits.ts';
import { SimError, type Channel } from './model.ts';
import { insightHandlers } from './insight.ts';
import { richMenuHandlers } from './rich-menus.ts';
import type { ErrorDetail } from './openapi.ts';
import type { EndpointName, SendEndpoint, SentMessage } from './types.ts';
import type { WebhookSender } from './webhooks.ts';

export interface ApiContext {
  channel: Channel;
  operationId: EndpointName;
  params: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  raw: Buffer;
  requestId: string;
  now: number;
  webhooks: WebhookSender;
  consumeReplyToken(channelId: string, token: string): { userId: string } | null;
}

export interface ApiResult {
  status: number;
  json?: unknown;
  bytes?: Buffer;
  contentType?: string;
  headers?: Record<string, string>;
}

type Obj = Record<string, unknown>;
type Message = Record<string, unknown>;

const RETRY_KEY_TTL_MS = 24 * 3600 * 1000;
const QUOTABLE_TYPES = new Set(['text', 'textV2', 'sticker', 'image', 'video']);

const ok = (json: unknown = {}, status = 200): ApiResult => ({ status, json });
const notFound = (message = 'Not found'): SimError => new SimError(404, message);
const badRequest = (message: string, details?: { message: string; property: string }[]): SimError =>
  new SimError(400, message, details ? { details } : {});

function bodyOf(ctx: ApiContext): Obj {
  return (ctx.body ?? {}) as Obj;
}

/** Explicit checks (limits LINE documents but the YAML omits); 400 like the validator. */
function checkMessageLimits(messages: unknown, recipients: { details: ErrorDetail[] } = { details: [] }): void {
  const details = [...recipients.details, ...checkMessages(messages)];
  if (details.length) throw badRequest(`The request body has ${details.length} error(s)`, details);
}

function recipients(ids: unknown, property: string, allowGroups: boolean) {
  return { details: checkRecipients(ids, property, allowGroups) };
}

function retryKeyOf(ctx: ApiContext): string | undefined {
  const v = ctx.headers['x-line-retry-key'];
  return typeof v === 'string' ? v.toLowerCase() : undefined;
}

/** 409 when the retry key was accepted in the last 24 h for this channel (nothing is sent again). */
function checkRetryKey(ctx: ApiContext, key: string | undefined): void {
  if (!key) return;
  const accepted = ctx.channel.retryKeys.get(key);
  if (!accepted) return;
  if (accepted.at <= ctx.now - RETRY_KEY_TTL_MS) {
    ctx.channel.retryKeys.delete(key);
    return;
  }
  throw new SimError(409, 'The retry key is already accepted', {
    headers: { 'x-line-accepted-request-id': accepted.requestId },
    ...(accepted.sentMessages ? { sentMessages: accepted.sentMessages } : {}),
  });
}

function acceptRetryKey(ctx: ApiContext, key: string | undefined, sentMessages?: AcceptedSent[]): void {
  if (!key) return;
  const keys = ctx.channel.retryKeys;
  keys.set(key, { requestId: ctx.requestId, at: ctx.now, ...(sentMessages ? { sentMessages } : {}) });
  if (keys.size > 10_000) {
    for (const [k, v] of keys) if (v.at <= ctx.now - RETRY_KEY_TTL_MS) keys.delete(k);
  }
}

function consumeQuota(ctx: ApiContext, count: number): void {
  if (!ctx.channel.consumeQuota(count)) throw new SimError(429, 'You have reached your monthly limit.');
}

type AcceptedSent = { id: string; quoteToken?: string };

/** Assigns ids to the message objects of one request (shared by its recipients). */
function sentIds(messages: Message[]): AcceptedSent[] {
  return messages.map((m) =>
    QUOTABLE_TYPES.has(String(m['type']))
      ? { id: ids.messageId(), quoteToken: ids.token(64) }
      : { id: ids.messageId() },
  );
}

function recordAll(
  ctx: ApiContext,
  endpoint: SendEndpoint,
  recipients: Iterable<string>,
  messages: Message[],
  accepted: AcceptedSent[],
  retryKey: string | undefined,
): { delivered: number; total: number } {
  let delivered = 0;
  let total = 0;
  for (const to of recipients) {
    total++;
    let d = false;
    messages.forEach((message, i) => {
      const entry: Omit<SentMessage, 'channelId' | 'delivered'> = {
        to,
        message,
        messageId: accepted[i]!.id,
        requestId: ctx.requestId,
        sentAt: ctx.now,
        endpoint,
      };
      if (retryKey) entry.retryKey = retryKey;
      d = ctx.channel.record(entry).delivered;
    });
    if (d) delivered++;
  }
  return { delivered, total };
}

function followingFriends(channel: Channel, max = Number.POSITIVE_INFINITY): string[] {
  const out: string[] = [];
  for (const f of channel.friendOrder) {
    if (out.length >= max) break;
    if (f.following) out.push(f.userId);
  }
  return out;
}

const send = {
  replyMessage(ctx: ApiContext): ApiResult {
    const body = bodyOf(ctx);
    const messages = body['messages'] as Message[];
    checkMessageLimits(messages);
    const token = ctx.consumeReplyToken(ctx.channel.channelId, String(body['replyToken']));
    if (!token) throw badRequest('Invalid reply token');
    // Reply messages are free: they do not count towards the monthly quota.
    const accepted = sentIds(messages);
    recordAll(ctx, 'replyMessage', [token.userId], messages, accepted, undefined);
    return ok({ sentMessages: accepted });
  },

  pushMessage(ctx: ApiContext): ApiResult {
    const body = bodyOf(ctx);
    const messages = body['messages'] as Message[];
    checkMessageLimits(messages, recipients(body['to'], 'to', true));
    const key = retryKeyOf(ctx);
    checkRetryKey(ctx, key);
    consumeQuota(ctx, messages.length);
    const accepted = sentIds(messages);
    recordAll(ctx, 'pushMessage', [String(body['to'])], messages, accepted, key);
    acceptRetryKey(ctx, key, accepted);
    return ok({ sentMessages: accepted });
  },

  multicast(ctx: ApiContext): ApiResult {
    const body = bodyOf(ctx);
    const messages = body['messages'] as Message[];
    checkMessageLimits(messages, recipients(body['to'], 'to', false));
    const key = retryKeyOf(ctx);
    checkRetryKey(ctx, key);
    const to = new Set((body['to'] as unknown[]).map(String));
    consumeQuota(ctx, messages.length * to.size);
    recordAll(ctx, 'multicast', to, messages, sentIds(messages), key);
    acceptRetryKey(ctx, key);
    return ok({});
  },

  broadcast(ctx: ApiContext): ApiResult {
    const body = bodyOf(ctx);
    const messages = body['messages'] as Message[];
    checkMessageLimits(messages);
    const key = retryKeyOf(ctx);
    checkRetryKey(ctx, key);
    const to = followingFriends(ctx.channel);
    consumeQuota(ctx, messages.length * to.length);
    recordAll(ctx, 'broadcast', to, messages, sentIds(messages), key);
    acceptRetryKey(ctx, key);
    return ok({});
  },

  /**
   * Narrowcast: `recipient` (audiences, redelivery) and `filter.demographic` are accepted but
   * ignored (the simulator has no demographics/audiences): every following friend is targeted,
   * up to `limit.max`; `limit.upToRemainingQuota` caps the recipients at the remaining quota.
   * Processed before the 202 answer, so the progress endpoint reports `succeeded` at once.
   */
  narrowcast(ctx: ApiContext): ApiResult {
    const body = bodyOf(ctx);
    const messages = body['messages'] as Message[];
    checkMessageLimits(messages);
    const key = retryKeyOf(ctx);
    checkRetryKey(ctx, key);
    const limit = (body['limit'] ?? {}) as Obj;
    let max = typeof limit['max'] === 'number' ? limit['max'] : Number.POSITIVE_INFINITY;
    if (limit['upToRemainingQuota'] === true) {
      max = Math.min(max, Math.floor(ctx.channel.remainingQuota() / messages.length));
    }
    const to = followingFriends(ctx.channel, max);
    consumeQuota(ctx, messages.length * to.length);
    const { delivered, total } = recordAll(ctx, 'narrowcast', to, messages, sentIds(messages), key);
    const at = new Date(ctx.now).toISOString();
    ctx.channel.narrowcasts.set(ctx.requestId, {
      phase: 'succeeded',
      successCount: delivered,
      failureCount: total - delivered,
      targetCount: total,
      acceptedTime: at,
      completedTime: at,
    });
    acceptRetryKey(ctx, key);
    return ok({}, 202);
  },
};

function validateOnly(ctx: ApiContext): ApiResult {
  checkMessageLimits(bodyOf(ctx)['messages']);
  return ok({});
}

export const handlers: Record<EndpointName, (ctx: ApiContext) => ApiResult | Promise<ApiResult>> = {
  ...send,
  validateReply: validateOnly,
  validatePush: validateOnly,
  validateMulticast: validateOnly,
  validateNarrowcast: validateOnly,
  validateBroadcast: validateOnly,

  getNarrowcastProgress(ctx) {
    const progress = ctx.channel.narrowcasts.get(ctx.query['requestId'] ?? '');
    if (!progress) throw notFound();
    return ok(progress);
  },

  getProfile(ctx) {
    const friend = ctx.channel.friend(ctx.params['userId'] ?? '');
    // LINE only returns profiles of users who follow the channel.
    if (!friend || !friend.following) throw notFound();
    return ok(friend.profile);
  },

  getFollowers(ctx) {
    const limit = ctx.query['limit'] !== undefined ? Number(ctx.query['limit']) : 300;
    if (!Number.isInteger(limit) || limit < 1)
      throw badRequest('Invalid limit', [{ message: 'invalid', property: 'limit' }]);
    const order = ctx.channel.friendOrder;
    let i = 0;
    if (ctx.query['start'] !== undefined) {
      i = Number.parseInt(ctx.query['start'], 36);
      if (!/^[0-9a-z]+$/.test(ctx.query['start']) || !(i >= 0 && i <= order.length)) {
        throw badRequest('Invalid start', [{ message: 'invalid continuation token', property: 'start' }]);
      }
    }
    const userIds: string[] = [];
    for (; i < order.length && userIds.length < limit; i++) if (order[i]!.following) userIds.push(order[i]!.userId);
    while (i < order.length && !order[i]!.following) i++;
    return ok(i < order.length ? { userIds, next: i.toString(36) } : { userIds });
  },

  getBotInfo(ctx) {
    const c = ctx.channel;
    return ok({
      userId: c.botUserId,
      basicId: c.basicId,
      displayName: c.botName,
      chatMode: 'bot',
      markAsReadMode: 'auto',
    });
  },

  getMessageQuota(ctx) {
    const q = ctx.channel.quota();
    return ok(q.limit === null ? { type: 'none' } : { type: 'limited', value: q.limit });
  },

  getMessageQuotaConsumption(ctx) {
    return ok({ totalUsage: ctx.channel.quota().used });
  },

  getMessageContent(ctx) {
    const content = ctx.channel.contents.get(ctx.params['messageId'] ?? '');
    if (!content) throw notFound();
    return { status: 200, bytes: content.bytes, contentType: content.contentType };
  },

  getMessageContentPreview(ctx) {
    const content = ctx.channel.contents.get(ctx.params['messageId'] ?? '');
    if (!content) throw notFound();
    return { status: 200, bytes: content.bytes, contentType: content.contentType };
  },

  getMessageContentTranscodingByMessageId(ctx) {
    if (!ctx.channel.contents.has(ctx.params['messageId'] ?? '')) throw notFound();
    return ok({ status: 'succeeded' });
  },

  getWebhookEndpoint(ctx) {
    if (!ctx.channel.webhookUrl) throw notFound();
    return ok({ endpoint: ctx.channel.webhookUrl, active: ctx.channel.webhookActive });
  },

  setWebhookEndpoint(ctx) {
    ctx.channel.setWebhookUrl(String(bodyOf(ctx)['endpoint']));
    return ok({});
  },

  async testWebhookEndpoint(ctx) {
    const url = (bodyOf(ctx)['endpoint'] as string | undefined) ?? ctx.channel.webhookUrl;
    if (!url) throw badRequest('The webhook URL is not set');
    const r = await ctx.webhooks.test(ctx.channel, url);
    const success = r.statusCode !== null && r.statusCode >= 200 && r.statusCode < 300;
    return ok({
      success,
      timestamp: new Date(ctx.now).toISOString(),
      statusCode: r.statusCode ?? 0,
      reason: success ? 'OK' : r.error ? 'COULD_NOT_CONNECT' : 'ERROR_STATUS_CODE',
      detail: r.error ?? String(r.statusCode),
    });
  },

  showLoadingAnimation() {
    return ok({}, 202);
  },

  ...richMenuHandlers,
  ...insightHandlers,
};
