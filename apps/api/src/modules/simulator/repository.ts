import type { ChannelScope } from '../../platform/principal.ts';
import { and, asc, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import type { ChannelRequest } from '../../platform/principal.ts';
import { friends } from '../friends/schema.ts';
import { lineAccounts } from '../line-accounts/schema.ts';
import { webhookEvents } from '../webhooks/schema.ts';

const simulatedColumns = {
  id: lineAccounts.id,
  name: lineAccounts.name,
  channelId: lineAccounts.channelId,
  basicId: lineAccounts.basicId,
  botUserId: lineAccounts.botUserId,
  webhookKey: lineAccounts.webhookKey,
  channelSecretSealed: lineAccounts.channelSecretSealed,
  channelAccessTokenSealed: lineAccounts.channelAccessTokenSealed,
};
export type SimulatedChannelRow = {
  [K in keyof typeof simulatedColumns]: (typeof lineAccounts.$inferSelect)[K];
};

/** Every channel bound to the simulator, across tenants: the binding at start acts for the platform. */
export async function simulatedChannelsUnscoped(db: Db): Promise<SimulatedChannelRow[]> {
  return db
    .select(simulatedColumns)
    .from(lineAccounts)
    .where(eq(lineAccounts.simulated, true))
    .orderBy(asc(lineAccounts.id));
}

/** One channel bound to the simulator, for an administrator's change (admins act across tenants). */
export async function simulatedChannelByIdUnscoped(
  db: Db,
  lineAccountId: number,
): Promise<SimulatedChannelRow | undefined> {
  const [row] = await db
    .select(simulatedColumns)
    .from(lineAccounts)
    .where(and(eq(lineAccounts.id, lineAccountId), eq(lineAccounts.simulated, true)));
  return row;
}

/** The request's channel when it is bound to the simulator. */
export async function simulatedChannel(db: Db, scope: ChannelRequest): Promise<SimulatedChannelRow | undefined> {
  const [row] = await db
    .select(simulatedColumns)
    .from(lineAccounts)
    .where(
      and(
        eq(lineAccounts.accountId, scope.accountId),
        eq(lineAccounts.id, scope.lineAccountId),
        eq(lineAccounts.simulated, true),
      ),
    );
  return row;
}

/** The bot's ids as the simulator reports them, recorded when the database has none or others. */
export async function recordBotUnscoped(db: Db, lineAccountId: number, bot: { botUserId: string; basicId: string }) {
  await db
    .update(lineAccounts)
    .set({ botUserId: bot.botUserId, basicId: sql`coalesce(${lineAccounts.basicId}, ${bot.basicId})` })
    .where(eq(lineAccounts.id, lineAccountId));
}

/** The channel's known friends, to restore them in a fresh simulator. */
export async function knownFriendsUnscoped(db: Db, lineAccountId: number) {
  return db
    .select({
      lineUserId: friends.lineUserId,
      displayName: friends.displayName,
      pictureUrl: friends.pictureUrl,
      statusMessage: friends.statusMessage,
      language: friends.language,
      status: friends.status,
    })
    .from(friends)
    .where(eq(friends.lineAccountId, lineAccountId))
    .orderBy(asc(friends.id));
}

/** A loopback simulator's avatar URL names its port, which changes on every start. */
const SIMULATOR_AVATAR = String.raw`^http://127\.0\.0\.1:[0-9]+/(_sim/avatar/)`;

/** Points stored simulator avatars of the channel's friends at the simulator running now. */
export async function repointSimulatorAvatarsUnscoped(db: Db, lineAccountId: number, simulatorUrl: string) {
  await db
    .update(friends)
    .set({ pictureUrl: sql`regexp_replace(${friends.pictureUrl}, ${SIMULATOR_AVATAR}, ${`${simulatorUrl}/\\1`})` })
    .where(
      and(
        eq(friends.lineAccountId, lineAccountId),
        sql`${friends.pictureUrl} ~ ${SIMULATOR_AVATAR}`,
        sql`not starts_with(${friends.pictureUrl}, ${`${simulatorUrl}/`})`,
      ),
    );
}

export const isSimulatorAvatar = (url: string) => new RegExp(SIMULATOR_AVATAR).test(url);

/** How many of these webhook events the console has processed. */
export async function processedEventCount(db: Db, { lineAccountId }: ChannelScope, webhookEventIds: string[]) {
  if (webhookEventIds.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(webhookEvents)
    .where(
      and(
        eq(webhookEvents.lineAccountId, lineAccountId),
        inArray(webhookEvents.webhookEventId, webhookEventIds),
        isNotNull(webhookEvents.processedAt),
      ),
    );
  return row?.n ?? 0;
}

/** Events of the channel still waiting for the worker. */
export async function pendingEventCountUnscoped(db: Db, lineAccountId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.lineAccountId, lineAccountId), isNull(webhookEvents.processedAt)));
  return row?.n ?? 0;
}

/** The console's friend row of a virtual friend (by LINE user id), once its follow was processed. */
export async function friendIdOfUser(db: Db, { lineAccountId }: ChannelScope, lineUserId: string) {
  const [row] = await db
    .select({ id: friends.id })
    .from(friends)
    .where(and(eq(friends.lineAccountId, lineAccountId), eq(friends.lineUserId, lineUserId)));
  return row?.id ?? null;
}
