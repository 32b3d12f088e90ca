import type { Database, Db } from './db.ts';
import { notify } from './db-notify.ts';

export const REALTIME_CHANNEL = 'linq_events';

/** What changed, by id: listeners read the rows themselves (payloads stay small and carry no personal data). */
export type RealtimeEvent =
  | {
      type: 'message.created';
      lineAccountId: number;
      friendId: number;
      messageId: number;
      direction: 'incoming' | 'outgoing';
    }
  | { type: 'friend.updated'; lineAccountId: number; friendId: number };

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
