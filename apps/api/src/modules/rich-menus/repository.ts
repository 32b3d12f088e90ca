import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { AudienceExpression } from '@linq/contract';
import { inTurn, type Db } from '../../platform/db.ts';
import type { ChannelScope } from '../../platform/principal.ts';
import { containsPattern } from '../../platform/sql.ts';
import { folders } from '../folders/schema.ts';
import { friends } from '../friends/schema.ts';
import { marks, tags } from '../labels/schema.ts';
import { lineAccounts } from '../line-accounts/schema.ts';
import { plans } from '../plans/schema.ts';
import { richMenuAreas, richMenuFriends, richMenuRules, richMenus, richMenuSettings, richMenuTaps } from './schema.ts';

/* Every query of the rich-menus module; each is filtered by the channel it is given. */

export type MenuRow = typeof richMenus.$inferSelect;
export type AreaRow = typeof richMenuAreas.$inferSelect;
export type RuleRow = typeof richMenuRules.$inferSelect;
export type NewArea = Omit<typeof richMenuAreas.$inferInsert, 'id' | 'lineAccountId' | 'richMenuId'>;
export type MenuValues = Partial<Omit<typeof richMenus.$inferInsert, 'id' | 'lineAccountId'>>;

const ownMenu = ({ lineAccountId }: ChannelScope, ...more: SQL[]) =>
  and(eq(richMenus.lineAccountId, lineAccountId), ...more)!;

export async function findMenu(db: Db, scope: ChannelScope, id: number): Promise<MenuRow | undefined> {
  const [row] = await db
    .select()
    .from(richMenus)
    .where(ownMenu(scope, eq(richMenus.id, id)));
  return row;
}

export async function findMenuForUpdate(db: Db, scope: ChannelScope, id: number): Promise<MenuRow | undefined> {
  const [row] = await db
    .select()
    .from(richMenus)
    .where(ownMenu(scope, eq(richMenus.id, id)))
    .for('update');
  return row;
}

export async function listMenus(
  db: Db,
  scope: ChannelScope,
  query: { folderId?: number | undefined; name?: string | undefined; page: number; limit: number },
): Promise<{ rows: MenuRow[]; total: number }> {
  const where = ownMenu(
    scope,
    ...(query.folderId !== undefined ? [eq(richMenus.folderId, query.folderId)] : []),
    ...(query.name ? [ilike(richMenus.name, containsPattern(query.name))] : []),
  );
  const [rows, [total]] = await inTurn(
    () =>
      db
        .select()
        .from(richMenus)
        .where(where)
        .orderBy(desc(richMenus.updatedAt), desc(richMenus.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
    () => db.select({ n: count() }).from(richMenus).where(where),
  );
  return { rows, total: total?.n ?? 0 };
}

export async function countMenus(db: Db, scope: ChannelScope): Promise<number> {
  const [row] = await db.select({ n: count() }).from(richMenus).where(ownMenu(scope));
  return row?.n ?? 0;
}

export async function insertMenu(
  db: Db,
  scope: ChannelScope,
  values: MenuValues & { name: string; chatBarText: string },
) {
  const [row] = await db
    .insert(richMenus)
    .values({ ...values, lineAccountId: scope.lineAccountId })
    .returning();
  return row!;
}

export async function updateMenu(db: Db, scope: ChannelScope, id: number, values: MenuValues): Promise<MenuRow> {
  const [row] = await db
    .update(richMenus)
    .set({ ...values, updatedAt: sql`now()` })
    .where(ownMenu(scope, eq(richMenus.id, id)))
    .returning();
  return row!;
}

/** Changes LINE's side of a menu (publish state) without touching its edit time. */
export async function setPublishState(db: Db, scope: ChannelScope, id: number, values: MenuValues): Promise<void> {
  await db
    .update(richMenus)
    .set(values)
    .where(ownMenu(scope, eq(richMenus.id, id)));
}

export async function deleteMenu(db: Db, scope: ChannelScope, id: number): Promise<void> {
  await db.delete(richMenus).where(ownMenu(scope, eq(richMenus.id, id)));
}

export async function areasOf(db: Db, scope: ChannelScope, menuIds: number[]): Promise<AreaRow[]> {
  if (menuIds.length === 0) return [];
  return db
    .select()
    .from(richMenuAreas)
    .where(and(eq(richMenuAreas.lineAccountId, scope.lineAccountId), inArray(richMenuAreas.richMenuId, menuIds)))
    .orderBy(asc(richMenuAreas.richMenuId), asc(richMenuAreas.position));
}

/** Replaces a menu's areas: areas sent with their id keep it (and their tap count). */
export async function replaceAreas(
  db: Db,
  scope: ChannelScope,
  menuId: number,
  areas: (NewArea & { id: number | null })[],
) {
  const existing = await areasOf(db, scope, [menuId]);
  const kept = new Set(areas.flatMap((area) => (area.id === null ? [] : [area.id])));
  const gone = existing.filter((row) => !kept.has(row.id)).map((row) => row.id);
  if (gone.length > 0) {
    await db
      .delete(richMenuAreas)
      .where(and(eq(richMenuAreas.lineAccountId, scope.lineAccountId), inArray(richMenuAreas.id, gone)));
  }
  for (const { id, ...area } of areas) {
    if (id !== null) {
      await db
        .update(richMenuAreas)
        .set(area)
        .where(and(eq(richMenuAreas.lineAccountId, scope.lineAccountId), eq(richMenuAreas.id, id)));
    } else {
      await db.insert(richMenuAreas).values({ ...area, lineAccountId: scope.lineAccountId, richMenuId: menuId });
    }
  }
}

/** Which of the ids are areas of the menu (an area id sent must be the menu's own). */
export async function areaIdsOf(db: Db, scope: ChannelScope, menuId: number): Promise<Set<number>> {
  return new Set((await areasOf(db, scope, [menuId])).map((row) => row.id));
}

/** The channel's own items among ids, of each kind an area may name. */
export async function ownIds(
  db: Db,
  scope: ChannelScope,
  kind: 'rich_menus' | 'plans' | 'tags' | 'marks' | 'folders' | 'friends',
  ids: number[],
): Promise<Set<number>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Set();
  const table = { rich_menus: richMenus, plans, tags, marks, folders, friends }[kind];
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(
      and(
        eq(table.lineAccountId, scope.lineAccountId),
        inArray(table.id, unique),
        ...(kind === 'folders' ? [eq(folders.folderType, 'rich_menus')] : []),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

/** Other menus whose areas switch to this one (it cannot be deleted while they do). */
export async function menusSwitchingTo(db: Db, scope: ChannelScope, menuId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ name: richMenus.name })
    .from(richMenuAreas)
    .innerJoin(richMenus, eq(richMenus.id, richMenuAreas.richMenuId))
    .where(
      and(
        eq(richMenuAreas.lineAccountId, scope.lineAccountId),
        eq(richMenuAreas.switchRichMenuId, menuId),
        sql`${richMenuAreas.richMenuId} <> ${menuId}`,
      ),
    );
  return rows.map((row) => row.name);
}

/** Where each menu is shown: as the default, by how many rules, to how many friends of their own. */
export async function shownAt(db: Db, scope: ChannelScope, menuIds: number[]) {
  const result = new Map<number, { isDefault: boolean; ruleCount: number; personalCount: number }>();
  for (const id of menuIds) result.set(id, { isDefault: false, ruleCount: 0, personalCount: 0 });
  if (menuIds.length === 0) return result;
  const [settings, rules, personal] = await inTurn(
    () => findSettings(db, scope),
    () =>
      db
        .select({ id: richMenuRules.richMenuId, n: count() })
        .from(richMenuRules)
        .where(and(eq(richMenuRules.lineAccountId, scope.lineAccountId), inArray(richMenuRules.richMenuId, menuIds)))
        .groupBy(richMenuRules.richMenuId),
    () =>
      db
        .select({ id: richMenuFriends.personalRichMenuId, n: count() })
        .from(richMenuFriends)
        .where(
          and(
            eq(richMenuFriends.lineAccountId, scope.lineAccountId),
            inArray(richMenuFriends.personalRichMenuId, menuIds),
          ),
        )
        .groupBy(richMenuFriends.personalRichMenuId),
  );
  const defaultId = settings?.defaultRichMenuId;
  if (defaultId && result.has(defaultId)) result.get(defaultId)!.isDefault = true;
  for (const row of rules) result.get(row.id)!.ruleCount = row.n;
  for (const row of personal) if (row.id !== null) result.get(row.id)!.personalCount = row.n;
  return result;
}

// Settings (the default) ------------------------------------------------------------------------

export async function findSettings(db: Db, scope: ChannelScope) {
  const [row] = await db.select().from(richMenuSettings).where(eq(richMenuSettings.lineAccountId, scope.lineAccountId));
  return row;
}

export async function saveSettings(
  db: Db,
  scope: ChannelScope,
  values: Partial<Omit<typeof richMenuSettings.$inferInsert, 'lineAccountId'>>,
): Promise<void> {
  await db
    .insert(richMenuSettings)
    .values({ lineAccountId: scope.lineAccountId, ...values })
    .onConflictDoUpdate({ target: richMenuSettings.lineAccountId, set: { ...values, updatedAt: sql`now()` } });
}

// Rules ------------------------------------------------------------------------------------------

export async function rulesOf(db: Db, scope: ChannelScope): Promise<RuleRow[]> {
  return db
    .select()
    .from(richMenuRules)
    .where(eq(richMenuRules.lineAccountId, scope.lineAccountId))
    .orderBy(asc(richMenuRules.priority), asc(richMenuRules.id));
}

export async function findRule(db: Db, scope: ChannelScope, id: number): Promise<RuleRow | undefined> {
  const [row] = await db
    .select()
    .from(richMenuRules)
    .where(and(eq(richMenuRules.lineAccountId, scope.lineAccountId), eq(richMenuRules.id, id)));
  return row;
}

export interface RuleValues {
  name: string;
  richMenuId: number;
  audience: AudienceExpression;
  startsAt: Date | null;
  endsAt: Date | null;
}

export async function insertRule(db: Db, scope: ChannelScope, values: RuleValues): Promise<RuleRow> {
  const [row] = await db
    .insert(richMenuRules)
    .values({
      ...values,
      lineAccountId: scope.lineAccountId,
      priority: sql`coalesce((select max(priority) from rich_menu_rules where line_account_id = ${scope.lineAccountId}), 0) + 1`,
    })
    .returning();
  return row!;
}

export async function updateRule(
  db: Db,
  scope: ChannelScope,
  id: number,
  values: Partial<RuleValues> & { priority?: number },
) {
  const [row] = await db
    .update(richMenuRules)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(richMenuRules.lineAccountId, scope.lineAccountId), eq(richMenuRules.id, id)))
    .returning();
  return row;
}

export async function deleteRule(db: Db, scope: ChannelScope, id: number): Promise<void> {
  await db
    .delete(richMenuRules)
    .where(and(eq(richMenuRules.lineAccountId, scope.lineAccountId), eq(richMenuRules.id, id)));
}

export async function deleteAllRules(db: Db, scope: ChannelScope): Promise<void> {
  await db.delete(richMenuRules).where(eq(richMenuRules.lineAccountId, scope.lineAccountId));
}

// Friends ----------------------------------------------------------------------------------------

export interface FriendMenuRow {
  friendId: number;
  lineUserId: string;
  following: boolean;
  personalRichMenuId: number | null;
  linkedLineRichMenuId: string | null;
}

const friendMenuColumns = {
  friendId: friends.id,
  lineUserId: friends.lineUserId,
  following: sql<boolean>`${friends.status} = 'following'`,
  personalRichMenuId: richMenuFriends.personalRichMenuId,
  linkedLineRichMenuId: richMenuFriends.linkedLineRichMenuId,
};

const friendMenuJoin = and(
  eq(richMenuFriends.lineAccountId, friends.lineAccountId),
  eq(richMenuFriends.friendId, friends.id),
);

/** The channel's friends after `afterId` by id, with their menu state (a page of the relink). */
export async function friendMenusAfter(
  db: Db,
  scope: ChannelScope,
  afterId: number,
  limit: number,
): Promise<FriendMenuRow[]> {
  return db
    .select(friendMenuColumns)
    .from(friends)
    .leftJoin(richMenuFriends, friendMenuJoin)
    .where(and(eq(friends.lineAccountId, scope.lineAccountId), sql`${friends.id} > ${afterId}`))
    .orderBy(asc(friends.id))
    .limit(limit);
}

export async function friendMenus(db: Db, scope: ChannelScope, friendIds: number[]): Promise<FriendMenuRow[]> {
  if (friendIds.length === 0) return [];
  return db
    .select(friendMenuColumns)
    .from(friends)
    .leftJoin(richMenuFriends, friendMenuJoin)
    .where(and(eq(friends.lineAccountId, scope.lineAccountId), inArray(friends.id, friendIds)))
    .orderBy(asc(friends.id));
}

export async function setPersonalMenu(db: Db, scope: ChannelScope, friendIds: number[], menuId: number | null) {
  if (friendIds.length === 0) return;
  await db
    .insert(richMenuFriends)
    .values(friendIds.map((friendId) => ({ lineAccountId: scope.lineAccountId, friendId, personalRichMenuId: menuId })))
    .onConflictDoUpdate({
      target: [richMenuFriends.lineAccountId, richMenuFriends.friendId],
      set: { personalRichMenuId: menuId, updatedAt: sql`now()` },
    });
}

export async function clearPersonalMenus(db: Db, scope: ChannelScope): Promise<void> {
  await db
    .update(richMenuFriends)
    .set({ personalRichMenuId: null })
    .where(eq(richMenuFriends.lineAccountId, scope.lineAccountId));
}

/** Records what LINE links to the friends now (null: nothing, the default shows). */
export async function setLinked(db: Db, scope: ChannelScope, friendIds: number[], lineRichMenuId: string | null) {
  if (friendIds.length === 0) return;
  await db
    .insert(richMenuFriends)
    .values(
      friendIds.map((friendId) => ({
        lineAccountId: scope.lineAccountId,
        friendId,
        linkedLineRichMenuId: lineRichMenuId,
      })),
    )
    .onConflictDoUpdate({
      target: [richMenuFriends.lineAccountId, richMenuFriends.friendId],
      set: { linkedLineRichMenuId: lineRichMenuId, updatedAt: sql`now()` },
    });
}

/** Friends linked to one of LINE's menus (by LINE's id). */
export async function countLinkedTo(db: Db, scope: ChannelScope, lineRichMenuIds: string[]): Promise<number> {
  if (lineRichMenuIds.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(richMenuFriends)
    .where(
      and(
        eq(richMenuFriends.lineAccountId, scope.lineAccountId),
        inArray(richMenuFriends.linkedLineRichMenuId, lineRichMenuIds),
      ),
    );
  return row?.n ?? 0;
}

/** Moves the record of who is linked from one LINE menu to another (after LINE's batch did the same). */
export async function moveLinked(db: Db, scope: ChannelScope, from: string, to: string | null): Promise<void> {
  await db
    .update(richMenuFriends)
    .set({ linkedLineRichMenuId: to })
    .where(and(eq(richMenuFriends.lineAccountId, scope.lineAccountId), eq(richMenuFriends.linkedLineRichMenuId, from)));
}

export async function clearAllLinked(db: Db, scope: ChannelScope): Promise<void> {
  await db
    .update(richMenuFriends)
    .set({ linkedLineRichMenuId: null })
    .where(
      and(eq(richMenuFriends.lineAccountId, scope.lineAccountId), isNotNull(richMenuFriends.linkedLineRichMenuId)),
    );
}

// Channels ---------------------------------------------------------------------------------------

/** The channel's LINE credentials (sealed), to call LINE for it. */
export async function channelCredentials(db: Db, { lineAccountId }: ChannelScope) {
  const [row] = await db
    .select({ tokenSealed: lineAccounts.channelAccessTokenSealed, simulated: lineAccounts.simulated })
    .from(lineAccounts)
    .where(eq(lineAccounts.id, lineAccountId));
  return row;
}

/**
 * Channels (unscoped: the period sweep looks across channels, and only yields their ids) with a rule
 * or menu period boundary in (since, until]: their friends' menus change then.
 */
export async function channelsWithBoundaryUnscoped(db: Db, since: Date, until: Date): Promise<number[]> {
  const within = (column: SQLWrapper) => and(sql`${column} > ${since}`, sql`${column} <= ${until}`)!;
  const [rules, menus] = await inTurn(
    () =>
      db
        .selectDistinct({ id: richMenuRules.lineAccountId })
        .from(richMenuRules)
        .where(or(within(richMenuRules.startsAt), within(richMenuRules.endsAt))),
    () =>
      db
        .selectDistinct({ id: richMenus.lineAccountId })
        .from(richMenus)
        .where(or(within(richMenus.displayFrom), within(richMenus.displayTo))),
  );
  return [...new Set([...rules, ...menus].map((row) => row.id))];
}

/** A tap to record: the friend when known (a postback, a page opened through their tracked link). */
export interface Tap {
  friendId: number | null;
  at: Date;
}

/**
 * Counts a tap of an area of the channel: its all-time count, and a row of when (and by whom) for
 * counts by period. The area with its menu's name; undefined for no area of the channel.
 */
export async function countTap(db: Db, scope: ChannelScope, areaId: number, tap: Tap) {
  const [area] = await db
    .update(richMenuAreas)
    .set({ tapCount: sql`${richMenuAreas.tapCount} + 1` })
    .where(and(eq(richMenuAreas.lineAccountId, scope.lineAccountId), eq(richMenuAreas.id, areaId)))
    .returning();
  if (!area) return undefined;
  await db.insert(richMenuTaps).values({
    lineAccountId: scope.lineAccountId,
    richMenuId: area.richMenuId,
    areaId: area.id,
    friendId: tap.friendId,
    tappedAt: tap.at,
  });
  return area;
}

/** Our taps of a menu's areas in [from, to), per area (areas without a tap are absent). */
export async function tapCountsBetween(
  db: Db,
  scope: ChannelScope,
  menuId: number,
  from: Date,
  to: Date,
): Promise<{ areaId: number; count: number }[]> {
  return db
    .select({ areaId: richMenuTaps.areaId, count: count() })
    .from(richMenuTaps)
    .where(
      and(
        eq(richMenuTaps.lineAccountId, scope.lineAccountId),
        eq(richMenuTaps.richMenuId, menuId),
        gte(richMenuTaps.tappedAt, from),
        lt(richMenuTaps.tappedAt, to),
      ),
    )
    .groupBy(richMenuTaps.areaId);
}

/** LINE copies deleted there: no longer to delete. */
export async function forgetRetired(db: Db, scope: ChannelScope, lineRichMenuIds: string[]): Promise<void> {
  await db
    .update(richMenus)
    .set({
      retiredLineRichMenuIds: sql`coalesce((select jsonb_agg(e) from jsonb_array_elements_text(${richMenus.retiredLineRichMenuIds}) e where not (e = any(${sql.param(lineRichMenuIds)}::text[]))), '[]'::jsonb)`,
    })
    .where(ownMenu(scope));
}

/**
 * The area a public address names (unscoped: the token is the only key a phone has; the row names
 * its channel, which every further query is scoped by).
 */
export async function areaByTokenUnscoped(db: Db, token: string): Promise<AreaRow | undefined> {
  const [area] = await db.select().from(richMenuAreas).where(eq(richMenuAreas.publicToken, token));
  return area;
}

/** An area of the channel with its menu's name (a tap's description in the talk). */
export async function areaWithMenu(db: Db, scope: ChannelScope, areaId: number) {
  const [row] = await db
    .select({ action: richMenuAreas.action, menuName: richMenus.name })
    .from(richMenuAreas)
    .innerJoin(richMenus, eq(richMenus.id, richMenuAreas.richMenuId))
    .where(and(eq(richMenuAreas.lineAccountId, scope.lineAccountId), eq(richMenuAreas.id, areaId)));
  return row;
}

export async function countFriends(db: Db, scope: ChannelScope): Promise<number> {
  const [row] = await db.select({ n: count() }).from(friends).where(eq(friends.lineAccountId, scope.lineAccountId));
  return row?.n ?? 0;
}

/**
 * Friends a failed batch was to move (those now recorded on `linked`, null: unlinked) get an unknown
 * link (`unknown`), so the next relink sends them again whatever LINE did.
 */
export async function markLinkUnknown(db: Db, scope: ChannelScope, linked: string | null, unknown: string) {
  await db
    .update(richMenuFriends)
    .set({ linkedLineRichMenuId: unknown })
    .where(
      and(
        eq(richMenuFriends.lineAccountId, scope.lineAccountId),
        linked === null
          ? isNull(richMenuFriends.linkedLineRichMenuId)
          : eq(richMenuFriends.linkedLineRichMenuId, linked),
      ),
    );
}

/** A page of the channel's rich menus in id order, for the full export (channel-exports; areas by areasOf). */
export async function menusPageForExport(
  db: Db,
  scope: ChannelScope,
  afterId: number,
  limit: number,
): Promise<MenuRow[]> {
  return db
    .select()
    .from(richMenus)
    .where(ownMenu(scope, gt(richMenus.id, afterId)))
    .orderBy(asc(richMenus.id))
    .limit(limit);
}
