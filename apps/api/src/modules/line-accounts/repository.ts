import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import type { AccountScope, ChannelScope, OemScope } from '../../platform/principal.ts';
import { accounts } from '../tenants/schema.ts';
import { lineAccounts } from './schema.ts';

const columns = { id: lineAccounts.id, name: lineAccounts.name, status: lineAccounts.status };

/** Channels of the account; `onlyIds` narrows them to a staff user's assigned channels. */
export async function listLineAccounts(db: Db, scope: AccountScope, onlyIds?: number[]) {
  const conditions = [eq(lineAccounts.accountId, scope.accountId)];
  if (onlyIds) conditions.push(inArray(lineAccounts.id, onlyIds.length > 0 ? onlyIds : [0]));
  return db
    .select(columns)
    .from(lineAccounts)
    .where(and(...conditions))
    .orderBy(asc(lineAccounts.id));
}

export async function findLineAccount(db: Db, scope: AccountScope, id: number) {
  const [row] = await db
    .select(columns)
    .from(lineAccounts)
    .where(and(eq(lineAccounts.accountId, scope.accountId), eq(lineAccounts.id, id)));
  return row;
}

export async function renameLineAccount(db: Db, scope: AccountScope, id: number, name: string) {
  const [row] = await db
    .update(lineAccounts)
    .set({ name, updatedAt: new Date() })
    .where(and(eq(lineAccounts.accountId, scope.accountId), eq(lineAccounts.id, id)))
    .returning(columns);
  return row;
}

const channelForLineColumns = {
  id: lineAccounts.id,
  accountId: lineAccounts.accountId,
  simulated: lineAccounts.simulated,
  botUserId: lineAccounts.botUserId,
  channelSecretSealed: lineAccounts.channelSecretSealed,
  channelAccessTokenSealed: lineAccounts.channelAccessTokenSealed,
};
export type ChannelForLine = { [K in keyof typeof channelForLineColumns]: (typeof lineAccounts.$inferSelect)[K] };

/** Webhooks carry no session: the unguessable key in the URL names the channel. */
export async function findChannelByWebhookKeyUnscoped(db: Db, webhookKey: string): Promise<ChannelForLine | undefined> {
  const [row] = await db
    .select(channelForLineColumns)
    .from(lineAccounts)
    .where(eq(lineAccounts.webhookKey, webhookKey));
  return row;
}

/** Of these channels, the ones that still exist. Unscoped: the ids come from webhook keys (a webhook write's channels). */
export async function existingChannelIdsUnscoped(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: lineAccounts.id }).from(lineAccounts).where(inArray(lineAccounts.id, ids));
  return new Set(rows.map((row) => row.id));
}

/** The channel's own credentials, for a call to LINE made for a request in it. */
export async function channelForLine(db: Db, scope: ChannelScope): Promise<ChannelForLine | undefined> {
  const [row] = await db
    .select(channelForLineColumns)
    .from(lineAccounts)
    .where(eq(lineAccounts.id, scope.lineAccountId));
  return row;
}

/** Jobs act for the channel their payload names; the payload came from a scoped request or a webhook. */
export async function findChannelUnscoped(db: Db, lineAccountId: number): Promise<ChannelForLine | undefined> {
  const [row] = await db.select(channelForLineColumns).from(lineAccounts).where(eq(lineAccounts.id, lineAccountId));
  return row;
}

/** The channel's LINE Login pair (secret sealed) and its last check. */
export async function loginChannelRow(db: Db, scope: ChannelScope) {
  const [row] = await db
    .select({
      simulated: lineAccounts.simulated,
      loginChannelId: lineAccounts.loginChannelId,
      loginChannelSecretSealed: lineAccounts.loginChannelSecretSealed,
      loginCheckedAt: lineAccounts.loginCheckedAt,
      loginCheckError: lineAccounts.loginCheckError,
    })
    .from(lineAccounts)
    .where(eq(lineAccounts.id, scope.lineAccountId));
  return row;
}

/**
 * The OEM's channels, as a subquery of their ids: how other modules scope an OEM-wide figure (the
 * admin home) to the channels of the OEM's accounts.
 */
export function channelIdsOfOem(db: Db, { oemId }: OemScope) {
  return db
    .select({ id: lineAccounts.id })
    .from(lineAccounts)
    .innerJoin(accounts, eq(accounts.id, lineAccounts.accountId))
    .where(eq(accounts.oemId, oemId));
}

/** For the admin home: how many channels each of the OEM's accounts has (accounts without any left out). */
export async function channelsPerAccountOfOem(db: Db, { oemId }: OemScope) {
  return db
    .select({ accountId: lineAccounts.accountId, n: count() })
    .from(lineAccounts)
    .innerJoin(accounts, eq(accounts.id, lineAccounts.accountId))
    .where(eq(accounts.oemId, oemId))
    .groupBy(lineAccounts.accountId);
}
