import { createHmac, randomBytes } from 'node:crypto';
import {
  CONVERSION_CURRENCY,
  CONVERSION_SIGNATURE_HEADER,
  type ConversionWebhook,
  type ConversionWebhookBody,
  type WebhookTestResult,
  type conversionWebhookInput,
} from '@linq/contract';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { outboxConsumer } from '../../platform/events.ts';
import { channelScope, type ChannelScope } from '../../platform/principal.ts';
import * as repo from './repository.ts';

/*
 * The channel's conversion webhook: each conversion is posted as JSON, signed with the channel's
 * secret (hex HMAC-SHA256 of the raw body in CONVERSION_SIGNATURE_HEADER), with the conversion's
 * id as the deduplication key. A delivery is retried with a growing wait until the receiver
 * answers 2xx; a job carries each attempt, and a sweep sends the jobs a restart lost.
 */

declare module '../../platform/queue.ts' {
  interface JobPayloads {
    'conversions.webhook': { lineAccountId: number; conversionId: number };
  }
}

export const CONVERSION_QUEUES = [{ name: 'conversions.webhook' }] as const;

const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 6 * 60 * 60 * 1000;
const TIMEOUT_MS = 10_000;
const SWEEP_MS = 60_000;
const SWEEP_BATCH = 100;
const SWEEP_GRACE_MS = 5 * 60_000;
export const NO_URL_MESSAGE = 'Webhook URLが設定されていません';

/** The wait before attempt `attempts + 1`: 30 s, doubled each time, at most 6 hours. */
export const retryDelayMs = (attempts: number) =>
  Math.min(FIRST_RETRY_MS * 2 ** Math.max(attempts - 1, 0), MAX_RETRY_MS);

export const signatureOf = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('hex');

const newSecret = () => randomBytes(32).toString('base64url');

async function channelWebhook(ctx: AppContext, scope: ChannelScope) {
  const row = await repo.settings(ctx.database.db, scope);
  if (!row?.webhookUrl || !row.webhookSecret) return null;
  return { url: row.webhookUrl, secret: ctx.secrets.open(row.webhookSecret) };
}

export async function webhook(ctx: AppContext, scope: ChannelScope): Promise<ConversionWebhook> {
  const db = ctx.database.db;
  const row = await repo.settings(db, scope);
  const { pending, lastError } = await repo.pendingDeliveries(db, scope);
  return {
    url: row?.webhookUrl ?? null,
    secret: row?.webhookSecret ? ctx.secrets.open(row.webhookSecret) : null,
    pending,
    last_error: lastError,
  };
}

export async function saveWebhook(
  ctx: AppContext,
  scope: ChannelScope,
  input: z.output<typeof conversionWebhookInput>,
): Promise<ConversionWebhook> {
  const db = ctx.database.db;
  const row = await repo.settings(db, scope);
  const secret = input.regenerate_secret || !row?.webhookSecret ? ctx.secrets.seal(newSecret()) : row.webhookSecret;
  await repo.saveSettings(db, scope, { webhookUrl: input.url, webhookSecret: secret });
  return webhook(ctx, scope);
}

/** Posts one body; answers the status, or the error when no answer came. */
async function post(target: { url: string; secret: string }, body: ConversionWebhookBody) {
  const text = JSON.stringify(body);
  try {
    const response = await fetch(target.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [CONVERSION_SIGNATURE_HEADER]: signatureOf(target.secret, text),
        'Idempotency-Key': body.id,
      },
      body: text,
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await response.body?.cancel();
    return { status: response.status, error: response.ok ? null : `HTTP ${response.status}` };
  } catch (error) {
    return { status: null, error: error instanceof Error ? error.message : String(error) };
  }
}

export async function testWebhook(ctx: AppContext, scope: ChannelScope): Promise<WebhookTestResult> {
  const target = await channelWebhook(ctx, scope);
  if (!target) return { ok: false, status: null, error: NO_URL_MESSAGE };
  const result = await post(target, {
    id: `test-${randomBytes(8).toString('hex')}`,
    type: 'conversion.reached',
    point: { id: 0, name: 'テスト' },
    friend_id: null,
    reached_at: ctx.clock.now().toISOString(),
    value: 0,
    currency: CONVERSION_CURRENCY,
    inflow_route: null,
    test: true,
  });
  return { ok: result.error === null, status: result.status, error: result.error };
}

/**
 * One delivery attempt of a pending conversion that is due: delivered on a 2xx, otherwise tried
 * again after retryDelayMs (a job is sent for then). Skips one that is not pending or not yet due.
 */
export async function deliver(ctx: AppContext, payload: { lineAccountId: number; conversionId: number }) {
  const scope = channelScope(payload.lineAccountId);
  const db = ctx.database.db;
  const row = await repo.pendingDelivery(db, scope, payload.conversionId);
  const now = ctx.clock.now();
  if (!row || (row.nextAt !== null && row.nextAt > now)) return;
  const target = await channelWebhook(ctx, scope);
  const result = target
    ? await post(target, {
        id: `conversion-${row.id}`,
        type: 'conversion.reached',
        point: { id: row.pointId, name: row.pointName },
        friend_id: row.friendId,
        reached_at: row.reachedAt.toISOString(),
        value: row.value,
        currency: CONVERSION_CURRENCY,
        inflow_route: row.inflowRouteName,
        test: false,
      })
    : { status: null, error: NO_URL_MESSAGE };
  if (result.error === null) {
    await repo.recordAttempt(db, scope, row.id, { delivered: true });
    return;
  }
  const nextAt = new Date(now.getTime() + retryDelayMs(row.attempts + 1));
  await repo.recordAttempt(db, scope, row.id, { delivered: false, error: result.error, nextAt });
  await ctx.queue.send('conversions.webhook', payload, { startAfter: nextAt });
}

/** A conversion of a channel with a webhook becomes a pending delivery, sent at once. */
export const webhookConsumer = outboxConsumer({
  name: 'conversions.webhook',
  event: 'conversion.reached',
  async handle(event, on, ctx) {
    const scope = channelScope(event.lineAccountId);
    const row = await repo.settings(on.tx, scope);
    if (!row?.webhookUrl) return;
    await repo.markPending(on.tx, scope, event.conversionId, ctx.clock.now());
    const payload = { lineAccountId: event.lineAccountId, conversionId: event.conversionId };
    on.afterCommit(() => ctx.queue.send('conversions.webhook', payload), 'conversions: send webhook');
  },
});

/**
 * Pending deliveries whose job a restart lost are sent again: those overdue by more than a sweep's
 * grace, so a job that is about to run is not doubled (a double would be one the receiver drops by its id).
 */
async function sweep(ctx: AppContext) {
  const overdue = new Date(ctx.clock.now().getTime() - SWEEP_GRACE_MS);
  const due = await repo.dueDeliveriesUnscoped(ctx.database.db, overdue, SWEEP_BATCH);
  if (due.length > 0) await ctx.queue.sendMany('conversions.webhook', due);
}

export async function registerConversionJobs(ctx: AppContext): Promise<void> {
  await ctx.queue.work('conversions.webhook', (payload) => deliver(ctx, payload));
  ctx.queue.every(SWEEP_MS, () => sweep(ctx));
}
