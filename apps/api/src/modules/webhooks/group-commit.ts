import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { violatesForeignKey } from '../../platform/sql.ts';
import { existingChannelIdsUnscoped } from '../line-accounts/repository.ts';
import * as repo from './repository.ts';
import { enqueueProcessing } from './service.ts';

export interface GroupCommitOptions {
  /** How long the first waiting request's events wait for others' before they are written (0: the next turn). */
  windowMs: number;
  /** A write takes whole requests until it holds this many events; a larger request is written alone. */
  maxEvents: number;
}

/**
 * Writes the events of concurrent webhook requests together: one statement for all of them (the
 * events and their facts), one `webhook.received` and one processing job per channel, instead of one
 * of each per request. Each request is answered only once its own events are committed.
 */
export interface GroupCommit {
  /**
   * Stores the channel's events with those of concurrent requests. Resolves, once they are committed,
   * with how many were new (an id already stored, or taken by an earlier request of the same write,
   * is not); rejects when their write failed (every request of it gets the error) or the channel is gone.
   */
  store(lineAccountId: number, events: repo.IncomingEvent[]): Promise<number>;
  /** Writes what is waiting and waits for every write and enqueue under way (the app closing). */
  close(): Promise<void>;
}

interface Waiting {
  lineAccountId: number;
  events: repo.IncomingEvent[];
  resolve(accepted: number): void;
  reject(error: unknown): void;
}

/**
 * Writes under way at once: while one waits for its commit (the disk's flush), the next gathers and
 * is sent; more would only split the requests into smaller writes.
 */
const WRITES_IN_FLIGHT = 2;

const CHANNEL_FOREIGN_KEY = 'webhook_events_line_account_id_line_accounts_id_fk';

export function createGroupCommit(ctx: AppContext, options: GroupCommitOptions): GroupCommit {
  let waiting: Waiting[] = [];
  let waitingEvents = 0;
  let timer: NodeJS.Timeout | null = null;
  /** The window of the waiting requests is over: they go as soon as a write may start. */
  let due = false;
  let closing = false;
  const writes = new Set<Promise<void>>();
  const enqueues = channelEnqueues(ctx);

  /** Starts writes while some are due and a write may start; otherwise starts the window. */
  const pump = () => {
    while (
      waiting.length > 0 &&
      writes.size < WRITES_IN_FLIGHT &&
      (due || closing || waitingEvents >= options.maxEvents)
    ) {
      const write = writeBatch(takeBatch()).finally(() => {
        writes.delete(write);
        pump();
      });
      writes.add(write);
    }
    if (waiting.length === 0) {
      due = false;
      if (timer) clearTimeout(timer);
      timer = null;
    } else if (!due && !timer) {
      timer = setTimeout(() => {
        timer = null;
        due = true;
        pump();
      }, options.windowMs);
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
      written = await writeEvents(ctx, batch);
    } catch (error) {
      for (const request of batch) request.reject(error);
      return;
    }
    batch.forEach((request, index) => {
      if (written.goneChannels.has(request.lineAccountId)) {
        request.reject(new AppError('not_found', 'Unknown webhook URL'));
      } else {
        request.resolve(written.accepted[index]!);
      }
    });
    for (const lineAccountId of written.channelsWithNewEvents) enqueues.request(lineAccountId);
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
      pump();
      while (writes.size > 0) await Promise.allSettled([...writes]);
      await enqueues.settled();
    },
  };
}

/**
 * The processing job of each channel with new events, enqueued after the write's requests are
 * answered (an enqueue failure is caught by the sweeper; the events are safe). One enqueue per
 * channel at a time: events committed while it runs get one more after it, so none is left behind
 * and a busy channel costs one enqueue per round trip, not one per write.
 */
function channelEnqueues(ctx: AppContext) {
  const running = new Map<number, Promise<void>>();
  const again = new Set<number>();
  const run = (lineAccountId: number) => {
    const enqueue = enqueueProcessing(ctx, lineAccountId)
      .catch((error: unknown) => {
        ctx.log.warn({ err: error, lineAccountId }, 'could not enqueue webhook processing');
      })
      .finally(() => {
        running.delete(lineAccountId);
        if (again.delete(lineAccountId)) run(lineAccountId);
      });
    running.set(lineAccountId, enqueue);
  };
  return {
    request(lineAccountId: number) {
      if (running.has(lineAccountId)) again.add(lineAccountId);
      else run(lineAccountId);
    },
    async settled() {
      while (running.size > 0) await Promise.allSettled([...running.values()]);
    },
  };
}

interface Written {
  /** New events per request, in the batch's order. */
  accepted: number[];
  channelsWithNewEvents: number[];
  /** The requests' channels deleted since their webhook key was read: those requests stored nothing. */
  goneChannels: Set<number>;
}

/**
 * One write: each (channel, event id) is inserted once and counted for the first request that
 * carries it, and each channel with new events publishes `webhook.received` once. A channel deleted
 * since its key was read fails the insert on its foreign key: the write is then done again without
 * that channel's requests, so they fail alone.
 */
async function writeEvents(ctx: AppContext, batch: Waiting[]): Promise<Written> {
  const goneChannels = new Set<number>();
  for (;;) {
    try {
      return { ...(await writeOnce(ctx, batch, goneChannels)), goneChannels };
    } catch (error) {
      if (!violatesForeignKey(error, CHANNEL_FOREIGN_KEY)) throw error;
      const channels = [...new Set(batch.map((request) => request.lineAccountId))].filter(
        (id) => !goneChannels.has(id),
      );
      const existing = await existingChannelIdsUnscoped(ctx.database.db, channels);
      const gone = channels.filter((id) => !existing.has(id));
      if (gone.length === 0) throw error;
      for (const id of gone) goneChannels.add(id);
    }
  }
}

/**
 * The write itself: one statement (the events and their facts, no transaction to begin and commit)
 * unless `webhook.received` has subscribers, which run in the transaction that publishes it.
 */
async function writeOnce(ctx: AppContext, batch: Waiting[], goneChannels: Set<number>) {
  const firstRequest = new Map<string, number>();
  const rows: repo.ChannelEvent[] = [];
  batch.forEach(({ lineAccountId, events }, index) => {
    if (goneChannels.has(lineAccountId)) return;
    for (const event of events) {
      const key = eventKey(lineAccountId, event.webhookEventId);
      if (firstRequest.has(key)) continue;
      firstRequest.set(key, index);
      rows.push({ ...event, lineAccountId });
    }
  });
  const at = ctx.clock.now();
  const publisher = ctx.events.statementPublisher('webhook.received');
  const inserted = publisher
    ? await repo.insertEventsUnscoped(ctx.database.db, rows, { publisher, at })
    : await ctx.events.transaction(ctx.database.db, async (on) => {
        const stored = await repo.insertEventsUnscoped(on.tx, rows);
        for (const [lineAccountId, events] of countByChannel(stored)) {
          await on.publish('webhook.received', { lineAccountId, events, at });
        }
        return stored;
      });
  const accepted = batch.map(() => 0);
  for (const row of inserted) accepted[firstRequest.get(eventKey(row.lineAccountId, row.webhookEventId))!]!++;
  const channelsWithNewEvents = [...countByChannel(inserted).keys()];
  if (publisher && channelsWithNewEvents.length > 0) publisher.written();
  return { accepted, channelsWithNewEvents };
}

function countByChannel(rows: Array<{ lineAccountId: number }>): Map<number, number> {
  const counts = new Map<number, number>();
  for (const { lineAccountId } of rows) counts.set(lineAccountId, (counts.get(lineAccountId) ?? 0) + 1);
  return counts;
}

const eventKey = (lineAccountId: number, webhookEventId: string) => `${lineAccountId}\n${webhookEventId}`;
