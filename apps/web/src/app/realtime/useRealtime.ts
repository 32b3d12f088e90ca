import type { RealtimeEventMessage } from '@linq/contract';
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { API_BASE_URL } from '../config.ts';
import { recheckSessions } from '../session.ts';
import { readStored, STORAGE_KEYS } from '../storage.ts';
import { createRealtimeConnection, realtimeUrl, type RealtimeConnection, type RealtimeStatus } from './connection.ts';

export interface RealtimeListener {
  onEvent?(event: RealtimeEventMessage): void;
  onReady?(): void;
}

/**
 * A screen that leaves and comes back at once (the talk list opening a chat is a route change) keeps
 * the same socket: it closes only after this long without listeners.
 */
const LINGER_MS = 10_000;
/** Events that arrive while no screen listens (between two routes) wait for the next one, this many at most. */
const MAX_PENDING = 200;

interface Shared {
  connection: RealtimeConnection;
  status: RealtimeStatus;
  listeners: Set<RealtimeListener>;
  statusWatchers: Set<(status: RealtimeStatus) => void>;
  pending: RealtimeEventMessage[];
  readyMissed: boolean;
  lingering: ReturnType<typeof setTimeout> | null;
  dispose: () => void;
}

/** One WebSocket per channel, shared by every screen that listens to it. */
const connections = new Map<number, Shared>();

function open(lineAccountId: number): Shared {
  const existing = connections.get(lineAccountId);
  if (existing) {
    if (existing.lingering) clearTimeout(existing.lingering);
    existing.lingering = null;
    return existing;
  }
  const shared: Shared = {
    connection: null as unknown as RealtimeConnection,
    status: 'connecting',
    listeners: new Set(),
    statusWatchers: new Set(),
    pending: [],
    readyMissed: false,
    lingering: null,
    dispose: () => {},
  };
  shared.connection = createRealtimeConnection({
    url: realtimeUrl(API_BASE_URL, lineAccountId, window.location.href),
    token: () => readStored(STORAGE_KEYS.accessToken),
    onEvent(event) {
      if (shared.listeners.size === 0) {
        if (shared.pending.length < MAX_PENDING) shared.pending.push(event);
        else shared.readyMissed = true;
      }
      for (const listener of shared.listeners) listener.onEvent?.(event);
    },
    onReady() {
      if (shared.listeners.size === 0) shared.readyMissed = true;
      for (const listener of shared.listeners) listener.onReady?.();
    },
    onStatus(status) {
      shared.status = status;
      for (const watch of shared.statusWatchers) watch(status);
    },
    onSessionEnded() {
      void recheckSessions();
    },
  });
  // Back online: no need to wait out the back-off.
  const online = () => shared.connection.retryNow();
  window.addEventListener('online', online);
  shared.dispose = () => window.removeEventListener('online', online);
  connections.set(lineAccountId, shared);
  return shared;
}

function release(lineAccountId: number, shared: Shared) {
  if (shared.listeners.size > 0 || shared.statusWatchers.size > 0) return;
  shared.lingering = setTimeout(() => {
    if (connections.get(lineAccountId) !== shared) return;
    connections.delete(lineAccountId);
    shared.dispose();
    shared.connection.close();
  }, LINGER_MS);
}

const watchStatus = (lineAccountId: number | null) => (onChange: () => void) => {
  if (lineAccountId === null) return () => {};
  const shared = open(lineAccountId);
  shared.statusWatchers.add(onChange);
  return () => {
    shared.statusWatchers.delete(onChange);
    release(lineAccountId, shared);
  };
};

/**
 * Listens to the channel's realtime events while mounted and returns the connection status. The
 * listener's latest callbacks are used, so they may close over fresh state.
 */
export function useRealtime(lineAccountId: number | null, listener: RealtimeListener): RealtimeStatus {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  const subscribe = useMemo(() => watchStatus(lineAccountId), [lineAccountId]);
  const status = useSyncExternalStore(subscribe, () =>
    lineAccountId === null ? 'closed' : (connections.get(lineAccountId)?.status ?? 'connecting'),
  );

  useEffect(() => {
    if (lineAccountId === null) return;
    const shared = open(lineAccountId);
    const forward: RealtimeListener = {
      onEvent: (event) => latest.current.onEvent?.(event),
      onReady: () => latest.current.onReady?.(),
    };
    shared.listeners.add(forward);
    // What arrived while nobody listened: hand it over, or ask for a catch-up if too much was missed.
    const pending = shared.pending.splice(0);
    const readyMissed = shared.readyMissed;
    shared.readyMissed = false;
    if (readyMissed) forward.onReady?.();
    else for (const event of pending) forward.onEvent?.(event);
    return () => {
      shared.listeners.delete(forward);
      release(lineAccountId, shared);
    };
  }, [lineAccountId]);

  return status;
}
