import type { Database } from './db.ts';

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
