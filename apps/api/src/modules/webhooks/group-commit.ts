import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { lockExistingChannelsUnscoped } from '../line-accounts/repository.ts';
import * as repo from './repository.ts';
import { enqueueProcessing } from './service.ts';

export interface GroupCommitOptions {
  /** How long the first waiting request's events wait for others' before they are written (0: the next turn). */
  windowMs: number;
  /** A write takes whole requests until it holds this many events; a larger request is written alone. */
  maxEvents: number;
}

/**
 * Writes the events of concurrent webhook requests together: one transaction and one INSERT for
 * all of them, one `webhook.received` and one processing job per channel, instead of one of each
 * per request. Each request is answered only once its own events are committed.
 */
export interface GroupCommit {
  /**
   * Stores the channel's events with those of concurrent requests. Resolves, once they are committed,
   * with how many were new (an id already stored, or taken by an earlier request of the same write,
   * is not); rejects when their write failed (every request of it gets the error) or the channel is gone.
   */
  store(lineAccountId: number, events: repo.IncomingEvent[]): Promise<number>;
  /** Writes what is waiting and waits for every write under way (the app closing). */
  close(): Promise<void>;
}

interface Waiting {
  lineAccountId: number;
  events: repo.IncomingEvent[];
  resolve(accepted: number): void;
  reject(error: unknown): void;
}

/**
 * Writes under way at once: while one waits for its commit, the next one gathers and is sent, so
 * the database's round trip is not the limit; more would only split the requests into smaller writes.
 */
const WRITES_IN_FLIGHT = 2;

export function createGroupCommit(ctx: AppContext, options: GroupCommitOptions): GroupCommit {
  let waiting: Waiting[] = [];
  let waitingEvents = 0;
  let timer: NodeJS.Timeout | NodeJS.Immediate | null = null;
  /** The window of the waiting requests is over: they go as soon as a write may start. */
  let due = false;
  let closing = false;
  const inFlight = new Set<Promise<void>>();

  const cancelTimer = () => {
    if (timer === null) return;
    if (options.windowMs === 0) clearImmediate(timer as NodeJS.Immediate);
    else clearTimeout(timer as NodeJS.Timeout);
    timer = null;
  };

  /** Starts writes while some are due and a write may start. */
  const pump = () => {
    while (
      waiting.length > 0 &&
      inFlight.size < WRITES_IN_FLIGHT &&
      (due || closing || waitingEvents >= options.maxEvents)
    ) {
      const batch = takeBatch();
      if (waiting.length === 0) {
        due = false;
        cancelTimer();
      }
      const write = writeBatch(batch).finally(() => {
        inFlight.delete(write);
        pump();
      });
      inFlight.add(write);
    }
    if (waiting.length > 0 && timer === null && !due) {
      const expire = () => {
        timer = null;
        due = true;
        pump();
      };
      timer = options.windowMs === 0 ? setImmediate(expire) : setTimeout(expire, options.windowMs);
    }
  };

  /** Whole requests, oldest first, up to maxEvents (at least one request). */
  const takeBatch = (): Waiting[] => {
    let events = 0;
    let count = 0;
    while (count < waiting.length) {
      const next = waiting[count]!.events.length;
      if (count > 0 && events + next > options.maxEvents) break;
      events += next;
      count++;
    }
    const batch = waiting.slice(0, count);
    waiting = waiting.slice(count);
    waitingEvents -= events;
    return batch;
  };

  const writeBatch = async (batch: Waiting[]): Promise<void> => {
    let written: Written;
    try {
      written = await write(ctx, batch);
    } catch (error) {
      for (const request of batch) request.reject(error);
      return;
    }
    batch.forEach((request, index) => {
      if (written.liveChannels.has(request.lineAccountId)) request.resolve(written.accepted[index]!);
      else request.reject(new AppError('not_found', 'Unknown webhook URL'));
    });
    for (const lineAccountId of written.storedByChannel.keys()) {
      // Enqueue failures are caught by the sweeper; the events are already safe.
      await enqueueProcessing(ctx, lineAccountId).catch((error: unknown) => {
        ctx.log.warn({ err: error, lineAccountId }, 'could not enqueue webhook processing');
      });
    }
  };

  return {
    store(lineAccountId, events) {
      return new Promise<number>((resolve, reject) => {
        waiting.push({ lineAccountId, events, resolve, reject });
        waitingEvents += events.length;
        pump();
      });
    },
    async close() {
      closing = true;
      cancelTimer();
      pump();
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}

interface Written {
  /** The requests' channels that still exist (a request for a deleted one stored nothing). */
  liveChannels: Set<number>;
  /** New events per request, in the batch's order. */
  accepted: number[];
  /** New events per channel (channels with none are left out). */
  storedByChannel: Map<number, number>;
}

/**
 * One transaction: the channels are kept from being deleted meanwhile (a request for one deleted
 * since its key was read fails alone, not the write), each (channel, event id) is inserted once and
 * counted for the first request that carries it, and each channel with new events publishes
 * `webhook.received` once.
 */
async function write(ctx: AppContext, batch: Waiting[]): Promise<Written> {
  return ctx.events.transaction(ctx.database.db, async (on) => {
    const liveChannels = await lockExistingChannelsUnscoped(on.tx, [...new Set(batch.map((r) => r.lineAccountId))]);
    const firstRequest = new Map<string, number>();
    const rows: repo.ChannelEvent[] = [];
    batch.forEach(({ lineAccountId, events }, index) => {
      if (!liveChannels.has(lineAccountId)) return;
      for (const event of events) {
        const key = eventKey(lineAccountId, event.webhookEventId);
        if (firstRequest.has(key)) continue;
        firstRequest.set(key, index);
        rows.push({ ...event, lineAccountId });
      }
    });
    const accepted = batch.map(() => 0);
    const storedByChannel = new Map<number, number>();
    for (const row of await repo.insertEventsUnscoped(on.tx, rows)) {
      accepted[firstRequest.get(eventKey(row.lineAccountId, row.webhookEventId))!]!++;
      storedByChannel.set(row.lineAccountId, (storedByChannel.get(row.lineAccountId) ?? 0) + 1);
    }
    const at = ctx.clock.now();
    for (const [lineAccountId, events] of storedByChannel) {
      await on.publish('webhook.received', { lineAccountId, events, at });
    }
    return { liveChannels, accepted, storedByChannel };
  });
}

const eventKey = (lineAccountId: number, webhookEventId: string) => `${lineAccountId}\n${webhookEventId}`;
