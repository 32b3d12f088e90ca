import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { nestsDeeperThan, TOO_DEEP_MESSAGE } from '../../platform/json-depth.ts';
import type { ChannelCache } from './channel-cache.ts';
import { callbackBody, toIncomingEvents } from './events.ts';
import type { GroupCommit } from './group-commit.ts';
import { validLineSignature } from './signature.ts';

/** One waiting job per channel: it processes every pending event of the channel. */
export const enqueueProcessing = (ctx: AppContext, lineAccountId: number) =>
  ctx.queue.send('webhook.process', { lineAccountId }, { singletonKey: `channel-${lineAccountId}` });

/**
 * A webhook request from LINE: signature first (on the raw bytes), then the events are
 * stored (written together with concurrent requests' events), then a job processes them. The
 * caller answers 200 only after this returns, once the events are committed, so an accepted
 * event is never lost; a database failure throws and LINE redelivers.
 */
export async function ingestWebhook(
  ctx: AppContext,
  { channels, groupCommit }: { channels: ChannelCache; groupCommit: GroupCommit },
  webhookKey: string,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ accepted: number }> {
  const signed = (secret: string | null) => secret !== null && validLineSignature(rawBody, secret, signature);
  let channel = await channels.find(webhookKey);
  // A failure on the channel as this process kept it is checked again on the stored one: its secret
  // may have changed a moment ago, before the announcement arrived.
  if (channel && !signed(channel.secret)) channel = await channels.find(webhookKey, { fresh: true });
  if (!channel) throw new AppError('not_found', 'Unknown webhook URL');
  if (!signed(channel.secret)) {
    const lineAccountId = channel.id;
    await ctx.events.transaction(ctx.database.db, (on) =>
      on.publish('webhook.signature_failed', { lineAccountId, at: ctx.clock.now() }),
    );
    throw new AppError('unauthorized', 'Invalid signature');
  }
  const text = rawBody.toString('utf8');
  if (nestsDeeperThan(text)) throw new AppError('bad_request', TOO_DEEP_MESSAGE);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppError('bad_request', 'Body is not JSON');
  }
  const body = callbackBody.safeParse(parsed);
  if (!body.success) throw new AppError('bad_request', 'Not a LINE webhook body');
  const events = toIncomingEvents(body.data);
  if (events.length === 0) return { accepted: 0 };
  return { accepted: await groupCommit.store(channel.id, events) };
}
