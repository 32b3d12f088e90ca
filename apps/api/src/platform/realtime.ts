import type { Database, Db } from './db.ts';
import { notify } from './db-notify.ts';

export const REALTIME_CHANNEL = 'linq_events';

/**
 * What changed in a channel, by id: listeners read the rows themselves (payloads stay small and carry
 * no personal data). The module that owns a realtime event declares it by augmenting this interface
 * from its own `events.ts` (`declare module '…/platform/realtime.ts'`); its fields are ids and short
 * codes, sent to the channel's open screens as they are (camelCase keys become snake_case).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface RealtimeEvents {}
export type RealtimeEvent = {
  [K in keyof RealtimeEvents]: { type: K; lineAccountId: number } & RealtimeEvents[K];
}[keyof RealtimeEvents];

/** Published through PostgreSQL NOTIFY so that every api process hears it. */
export async function publishRealtime(database: Database, event: RealtimeEvent): Promise<void> {
  await database.sql.executeSql('select pg_notify($1, $2)', [REALTIME_CHANNEL, JSON.stringify(event)]);
}

/**
 * Whose access changed (sessions revoked, user disabled or deleted, password, authority or channels
 * changed): every api process re-checks these users' open sockets and closes those no longer allowed.
 */
export interface AccessChange {
  type: 'access.changed';
  userIds: number[];
}

/** Published through NOTIFY on the same channel; inside a transaction it goes out at commit. */
export async function publishAccessChanged(db: Db, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  const change: AccessChange = { type: 'access.changed', userIds };
  await notify(db, REALTIME_CHANNEL, JSON.stringify(change));
}
