import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db.ts';
import { REALTIME_CHANNEL, type AccessChange, type RealtimeEvent } from './realtime.ts';

export type RealtimeListener = (event: RealtimeEvent) => void;
/** Events may have been missed (the LISTEN connection was lost and replaced): the subscriber catches up. */
export type CatchUpListener = () => void;

/**
 * One LISTEN per api process on the realtime NOTIFY channel, fanned out to the
 * subscribers of each LINE channel (WebSocket connections). Every process hears every
 * event, so a message ingested by any process reaches browsers connected to any other.
 */
export interface RealtimeHub {
  /** Events of one LINE channel, and the signal to catch up; returns the unsubscribe function. */
  subscribe(lineAccountId: number, listener: RealtimeListener, onCatchUp?: CatchUpListener): () => void;
  /** Told when this user's access changed (in any process); returns the unsubscribe function. */
  watchAccess(userId: number, listener: () => void): () => void;
  /** Subscribers now (tests, metrics). */
  subscriberCount(): number;
  stop(): Promise<void>;
}

export async function startRealtimeHub(database: Database, log: FastifyBaseLogger): Promise<RealtimeHub> {
  const byChannel = new Map<number, Set<RealtimeListener>>();
  const catchUps = new Set<CatchUpListener>();
  const accessWatchers = new Map<number, Set<() => void>>();

  const dispatch = (payload: string) => {
    const change = parseAccessChange(payload);
    if (change) {
      for (const userId of change.userIds) {
        for (const watcher of accessWatchers.get(userId) ?? []) {
          try {
            watcher();
          } catch (error) {
            log.warn({ err: error }, 'realtime: an access watcher failed');
          }
        }
      }
      return;
    }
    const event = parseEvent(payload);
    if (!event) {
      log.warn('realtime: ignored a malformed notification');
      return;
    }
    for (const listener of byChannel.get(event.lineAccountId) ?? []) {
      try {
        listener(event);
      } catch (error) {
        log.warn({ err: error }, 'realtime: a subscriber failed');
      }
    }
  };
  const catchUp = () => {
    log.info({ subscribers: catchUps.size }, 'realtime: listening again; subscribers catch up');
    for (const listener of catchUps) {
      try {
        listener();
      } catch (error) {
        log.warn({ err: error }, 'realtime: a subscriber failed to catch up');
      }
    }
  };
  const unlisten = await database.listen(REALTIME_CHANNEL, dispatch, catchUp);

  return {
    subscribe(lineAccountId, listener, onCatchUp) {
      let set = byChannel.get(lineAccountId);
      if (!set) byChannel.set(lineAccountId, (set = new Set()));
      set.add(listener);
      // A function of its own per subscription, so that one subscriber's removal removes only its own.
      const catchUpOnce = onCatchUp && (() => onCatchUp());
      if (catchUpOnce) catchUps.add(catchUpOnce);
      return () => {
        if (catchUpOnce) catchUps.delete(catchUpOnce);
        set.delete(listener);
        if (set.size === 0 && byChannel.get(lineAccountId) === set) byChannel.delete(lineAccountId);
      };
    },
    watchAccess(userId, listener) {
      let set = accessWatchers.get(userId);
      if (!set) accessWatchers.set(userId, (set = new Set()));
      const watcher = () => listener();
      set.add(watcher);
      return () => {
        set.delete(watcher);
        if (set.size === 0 && accessWatchers.get(userId) === set) accessWatchers.delete(userId);
      };
    },
    subscriberCount() {
      let n = 0;
      for (const set of byChannel.values()) n += set.size;
      return n;
    },
    async stop() {
      byChannel.clear();
      catchUps.clear();
      accessWatchers.clear();
      await unlisten();
    },
  };
}

/** The published event, or null for anything else on the channel. */
function parseEvent(payload: string): RealtimeEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const e = value as Record<string, unknown>;
  // Any module's event (realtime.ts): a type and the channel it belongs to; an access change is not one.
  if (typeof e.type !== 'string' || e.type === '' || e.type === 'access.changed') return null;
  if (!Number.isInteger(e.lineAccountId) || (e.lineAccountId as number) <= 0) return null;
  return e as unknown as RealtimeEvent;
}

/** An access change, or null for anything else on the channel. */
function parseAccessChange(payload: string): AccessChange | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const e = value as Record<string, unknown>;
  if (e.type !== 'access.changed' || !Array.isArray(e.userIds)) return null;
  return { type: 'access.changed', userIds: e.userIds.filter((id): id is number => Number.isInteger(id)) };
}
