import type { LineFigures, LineFiguresPending } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { LineApiError, type LineStatistics } from '../../platform/line.ts';
import { channelScope, type ChannelScope } from '../../platform/principal.ts';
import { channelLineClient } from '../abnormal-detection/line-client.ts';
import * as repo from './repository.ts';

const DAY_MS = 86_400_000;
/** LINE counts its statistics per day in Japan (UTC+9), whatever the account's time zone. */
const JST_OFFSET_MS = 9 * 3_600_000;
/** A day still pending is asked again on each run for this many days; after that it stays pending. */
const RETRY_DAYS = 7;

/** The JST day (YYYY-MM-DD) `daysBefore` days before the one `at` falls on. */
export function jstDay(at: Date, daysBefore = 0): string {
  return new Date(at.getTime() + JST_OFFSET_MS - daysBefore * DAY_MS).toISOString().slice(0, 10);
}

type Read<T> = { figures: T } | { pending: LineFiguresPending };

/** One statistics call: figures only when LINE says they are ready; not ready or not answered is pending. */
async function read<T>(call: () => Promise<LineStatistics<T>>): Promise<Read<T>> {
  try {
    const answer = await call();
    return answer.status === 'ready' ? { figures: answer.figures } : { pending: answer.status };
  } catch (error) {
    if (error instanceof LineApiError) return { pending: 'unreachable' };
    throw error;
  }
}

/**
 * Reads from LINE the channel's figures of yesterday, if not read yet, and of every recent day still
 * pending; writes what LINE gave. Nothing when the channel cannot ask (no token, or LINE refuses it).
 */
export async function readChannel(ctx: AppContext, scope: ChannelScope): Promise<void> {
  const db = ctx.database.db;
  const now = ctx.clock.now();
  const yesterday = jstDay(now, 1);
  const days = new Set(await repo.pendingDays(db, scope, jstDay(now, RETRY_DAYS)));
  if (!(await repo.storedDays(db, scope, [yesterday])).has(yesterday)) days.add(yesterday);
  if (days.size === 0) return;
  const client = await channelLineClient(ctx, scope);
  if (!client) return;
  for (const day of [...days].sort()) {
    const stored = await repo.dayOf(db, scope, day);
    const date = day.replaceAll('-', '');
    const followers = stored?.followers == null ? await read(() => client.followers(date)) : null;
    const deliveries = stored?.deliveries == null ? await read(() => client.deliveries(date)) : null;
    const missing = [followers, deliveries].find((part) => part !== null && 'pending' in part);
    await repo.saveDay(db, scope, day, {
      ...(followers && 'figures' in followers ? { followers: followers.figures } : {}),
      ...(deliveries && 'figures' in deliveries ? { deliveries: deliveries.figures } : {}),
      pending: missing && 'pending' in missing ? missing.pending : null,
      checkedAt: now,
    });
  }
}

/** Every channel with a token, one after the other (the worker's schedule); one channel's failure spares the others. */
export async function readAllChannels(ctx: AppContext): Promise<void> {
  for (const lineAccountId of await repo.channelsToReadUnscoped(ctx.database.db)) {
    if (ctx.queue.stopping()) return;
    try {
      await readChannel(ctx, channelScope(lineAccountId));
    } catch (error) {
      ctx.log.error({ err: error, lineAccountId }, "line-insight: LINE's figures not read");
    }
  }
}

/** Yesterday's figures as stored by the worker (the page never calls LINE for them). */
export async function yesterdayFigures(ctx: AppContext, scope: ChannelScope): Promise<LineFigures> {
  const day = jstDay(ctx.clock.now(), 1);
  const row = await repo.dayOf(ctx.database.db, scope, day);
  return {
    day,
    followers:
      row?.followers != null && row.targetedReaches != null && row.blocks != null
        ? { followers: row.followers, targeted_reaches: row.targetedReaches, blocks: row.blocks }
        : null,
    deliveries: row?.deliveries != null ? { total: row.deliveries, by_kind: row.deliveriesByKind ?? {} } : null,
    pending: row ? row.pending : 'not_read',
    checked_at: row ? row.checkedAt.toISOString() : null,
  };
}
