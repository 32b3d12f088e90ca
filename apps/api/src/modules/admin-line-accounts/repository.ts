/**
 * LINE channels as an admin sees them: every channel of the accounts of one OEM (the acting OEM's
 * scope, first argument of each query). Only the channel id's uniqueness is checked across OEMs.
 */
import { and, asc, count, desc, eq, ilike, ne, notExists, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { AccountScope, ChannelScope, OemScope } from '../../platform/principal.ts';
import type { Db } from '../../platform/db.ts';
import { containsPattern } from '../../platform/sql.ts';
import { channelDeliveryStates, deliveries } from '../delivery/schema.ts';
import { friends } from '../friends/schema.ts';
import { lineAccounts, userLineAccounts } from '../line-accounts/schema.ts';
import { users } from '../sessions/schema.ts';
import { accounts } from '../tenants/schema.ts';

type ChannelStatus = (typeof lineAccounts.$inferSelect)['status'];

export interface ChannelRow {
  id: number;
  name: string;
  status: ChannelStatus;
  accountId: number;
  accountName: string;
  channelId: string | null;
  basicId: string | null;
  botUserId: string | null;
  simulated: boolean;
  hasChannelSecret: boolean;
  hasChannelAccessToken: boolean;
  webhookKey: string;
  connectionCheckedAt: Date | null;
  connectionError: string | null;
  credentialsInvalidSince: Date | null;
  credentialsError: string | null;
  credentialsWaiting: number;
  loginChannelId: string | null;
  hasLoginChannelSecret: boolean;
  loginCheckedAt: Date | null;
  loginCheckError: string | null;
  friendCount: number;
  followingCount: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface ChannelValues {
  name: string;
  accountId: number;
  status: ChannelStatus;
  channelId: string;
  basicId: string | null;
  simulated: boolean;
  /** Sealed; absent keeps the stored value. */
  channelSecretSealed?: string;
  channelAccessTokenSealed?: string;
  /** Absent keeps the stored LINE Login pair; null removes it (with its check). */
  loginChannelId?: string | null;
  loginChannelSecretSealed?: string | null;
  loginCheckedAt?: null;
  loginCheckError?: null;
}

export interface ChannelFilter {
  q?: string;
  accountId?: number;
  status?: ChannelStatus;
  page: number;
  limit: number;
}

const friendsOfChannel = eq(friends.lineAccountId, lineAccounts.id);

/** The channel belongs to an account of the OEM. */
const channelOfOem = ({ oemId }: OemScope) =>
  sql`${lineAccounts.accountId} in (select ${accounts.id} from ${accounts} where ${accounts.oemId} = ${oemId})`;
const channelInScope = (scope: OemScope, id: number) => and(eq(lineAccounts.id, id), channelOfOem(scope));

/** The channel's columns for an answer: whether secrets are stored, never the secrets themselves. */
function selectChannels(db: Db) {
  return db
    .select({
      id: lineAccounts.id,
      name: lineAccounts.name,
      status: lineAccounts.status,
      accountId: accounts.id,
      accountName: accounts.name,
      channelId: lineAccounts.channelId,
      basicId: lineAccounts.basicId,
      botUserId: lineAccounts.botUserId,
      simulated: lineAccounts.simulated,
      hasChannelSecret: sql<boolean>`${lineAccounts.channelSecretSealed} is not null`.mapWith(Boolean),
      hasChannelAccessToken: sql<boolean>`${lineAccounts.channelAccessTokenSealed} is not null`.mapWith(Boolean),
      webhookKey: lineAccounts.webhookKey,
      connectionCheckedAt: lineAccounts.connectionCheckedAt,
      connectionError: lineAccounts.connectionError,
      credentialsInvalidSince: channelDeliveryStates.credentialsInvalidSince,
      credentialsError: channelDeliveryStates.credentialsError,
      credentialsWaiting:
        sql<number>`(select count(*) from ${deliveries} where ${deliveries.lineAccountId} = ${lineAccounts.id}
        and ${deliveries.status} = 'waiting' and ${deliveries.waitReason} = 'credentials')`.mapWith(Number),
      loginChannelId: lineAccounts.loginChannelId,
      hasLoginChannelSecret: sql<boolean>`${lineAccounts.loginChannelSecretSealed} is not null`.mapWith(Boolean),
      loginCheckedAt: lineAccounts.loginCheckedAt,
      loginCheckError: lineAccounts.loginCheckError,
      friendCount: sql<number>`(select count(*) from ${friends} where ${friendsOfChannel})`.mapWith(Number),
      followingCount: sql<number>`(select count(*) from ${friends} where ${friendsOfChannel}
        and ${friends.status} = 'following')`.mapWith(Number),
      createdAt: lineAccounts.createdAt,
      updatedAt: lineAccounts.updatedAt,
    })
    .from(lineAccounts)
    .innerJoin(accounts, eq(accounts.id, lineAccounts.accountId))
    .leftJoin(channelDeliveryStates, eq(channelDeliveryStates.lineAccountId, lineAccounts.id))
    .$dynamic();
}

export async function list(
  db: Db,
  scope: OemScope,
  filter: ChannelFilter,
): Promise<{ rows: ChannelRow[]; total: number }> {
  const pattern = filter.q ? containsPattern(filter.q) : undefined;
  const conditions: (SQL | undefined)[] = [
    channelOfOem(scope),
    pattern
      ? or(
          ilike(lineAccounts.name, pattern),
          ilike(lineAccounts.channelId, pattern),
          ilike(lineAccounts.basicId, pattern),
        )
      : undefined,
    filter.accountId ? eq(lineAccounts.accountId, filter.accountId) : undefined,
    filter.status ? eq(lineAccounts.status, filter.status) : undefined,
  ];
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    selectChannels(db)
      .where(where)
      .orderBy(desc(lineAccounts.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ n: count() }).from(lineAccounts).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function find(db: Db, scope: OemScope, id: number): Promise<ChannelRow | undefined> {
  const [row] = await selectChannels(db).where(channelInScope(scope, id));
  return row;
}

/** What a call to LINE needs: the sealed token and where the channel's calls go. */
export async function credentials(db: Db, scope: OemScope, id: number) {
  const [row] = await db
    .select({
      simulated: lineAccounts.simulated,
      channelAccessTokenSealed: lineAccounts.channelAccessTokenSealed,
    })
    .from(lineAccounts)
    .where(channelInScope(scope, id));
  return row;
}

/** What the LINE Login check needs: the sealed pair and where the channel's calls go. */
export async function loginCredentials(db: Db, scope: OemScope, id: number) {
  const [row] = await db
    .select({
      simulated: lineAccounts.simulated,
      loginChannelId: lineAccounts.loginChannelId,
      loginChannelSecretSealed: lineAccounts.loginChannelSecretSealed,
    })
    .from(lineAccounts)
    .where(channelInScope(scope, id));
  return row;
}

export async function recordLoginCheck(
  db: Db,
  scope: OemScope,
  id: number,
  values: { checkedAt: Date; error: string | null },
): Promise<void> {
  await db
    .update(lineAccounts)
    .set({ loginCheckedAt: values.checkedAt, loginCheckError: values.error })
    .where(channelInScope(scope, id));
}

export async function accountExists(db: Db, { oemId }: OemScope, accountId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.id, accountId), eq(accounts.oemId, oemId)));
  return row !== undefined;
}

/** The OEM's accounts, for the form's account picker. */
export async function accountOptions(db: Db, { oemId }: OemScope): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: accounts.id, name: accounts.name })
    .from(accounts)
    .where(eq(accounts.oemId, oemId))
    .orderBy(asc(accounts.name), asc(accounts.id));
}

/**
 * Serialises writes of channel ids until the transaction ends, so the "one channel per LINE
 * channel id" check below holds against concurrent creates and updates too.
 */
export async function lockChannelIds(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('line_accounts.channel_id'))`);
}

/** Unscoped: a LINE channel is connected once in the whole console, whichever OEM holds it. */
export async function channelIdTakenUnscoped(db: Db, channelId: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: lineAccounts.id })
    .from(lineAccounts)
    .where(and(eq(lineAccounts.channelId, channelId), exceptId ? ne(lineAccounts.id, exceptId) : undefined))
    .limit(1);
  return row !== undefined;
}

/** The caller checked that the account is the scope's (`accountExists`). */
export async function insert(db: Db, _scope: OemScope, values: ChannelValues): Promise<number> {
  const [row] = await db.insert(lineAccounts).values(values).returning({ id: lineAccounts.id });
  return row!.id;
}

/** Returns the account the channel belonged to before, or undefined when there is no such channel. */
export async function update(db: Db, scope: OemScope, id: number, values: ChannelValues): Promise<number | undefined> {
  const [before] = await db
    .select({ accountId: lineAccounts.accountId })
    .from(lineAccounts)
    .where(channelInScope(scope, id))
    .for('update');
  if (!before) return undefined;
  await db
    .update(lineAccounts)
    .set({ ...values, updatedAt: new Date() })
    .where(channelInScope(scope, id));
  return before.accountId;
}

/** A channel moved to another account: the old account's staff lose their assignment to it. */
export async function dropForeignAssignments(
  db: Db,
  { lineAccountId }: ChannelScope,
  { accountId }: AccountScope,
): Promise<void> {
  await db
    .delete(userLineAccounts)
    .where(
      and(
        eq(userLineAccounts.lineAccountId, lineAccountId),
        notInArray(
          userLineAccounts.userId,
          db.select({ id: users.id }).from(users).where(eq(users.accountId, accountId)),
        ),
      ),
    );
}

export async function recordConnection(
  db: Db,
  scope: OemScope,
  id: number,
  values: { checkedAt: Date; error: string | null; botUserId?: string; basicId?: string },
): Promise<void> {
  await db
    .update(lineAccounts)
    .set({
      connectionCheckedAt: values.checkedAt,
      connectionError: values.error,
      ...(values.botUserId !== undefined ? { botUserId: values.botUserId } : {}),
      ...(values.basicId !== undefined ? { basicId: values.basicId } : {}),
    })
    .where(channelInScope(scope, id));
}

export async function friendCount(db: Db, { lineAccountId }: ChannelScope): Promise<number> {
  const [row] = await db.select({ n: count() }).from(friends).where(eq(friends.lineAccountId, lineAccountId));
  return row?.n ?? 0;
}

/**
 * Deletes the channel only while it has no friends (checked in the same statement, so a friend
 * arriving meanwhile keeps it). Returns whether it was deleted.
 */
export async function removeWithoutFriends(db: Db, scope: OemScope, id: number): Promise<boolean> {
  const rows = await db
    .delete(lineAccounts)
    .where(
      and(
        channelInScope(scope, id),
        notExists(
          db
            .select({ one: sql`1` })
            .from(friends)
            .where(friendsOfChannel),
        ),
      ),
    )
    .returning({ id: lineAccounts.id });
  return rows.length > 0;
}

/** The logins the channel is assigned to: whose access changes when it is suspended or deleted. */
export async function assignedUserIds(db: Db, { lineAccountId }: ChannelScope): Promise<number[]> {
  const rows = await db
    .select({ userId: userLineAccounts.userId })
    .from(userLineAccounts)
    .where(eq(userLineAccounts.lineAccountId, lineAccountId));
  return rows.map((row) => row.userId);
}
