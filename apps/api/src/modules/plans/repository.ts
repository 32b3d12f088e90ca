import { and, asc, count, desc, eq, gt, ilike, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { PlanHistoryKind, PlanHistoryParams, PlanType } from '@linq/contract';
import { inTurn, type Db } from '../../platform/db.ts';
import type { ChannelScope } from '../../platform/principal.ts';
import { containsPattern } from '../../platform/sql.ts';
import { folders } from '../folders/schema.ts';
import { friends } from '../friends/schema.ts';
import { marks, tags } from '../labels/schema.ts';
import { richMenus } from '../rich-menus/schema.ts';
import { users } from '../sessions/schema.ts';
import {
  channelPlanSettings,
  planActionMarks,
  planHistory,
  planActions,
  planActionTags,
  planEnrolments,
  planMarks,
  plans,
  planTags,
  planTimings,
} from './schema.ts';

/*
 * Every query of plans, scoped by the channel first: a plan, box, timing or condition id of another
 * channel finds nothing, and the ids a save refers to are checked against the channel's own rows.
 */

export type PlanRow = typeof plans.$inferSelect;
export type PlanValues = Omit<typeof plans.$inferInsert, 'id' | 'lineAccountId' | 'createdAt' | 'updatedAt'>;
export type ActionRow = typeof planActions.$inferSelect;
export type ActionValues = Omit<
  typeof planActions.$inferInsert,
  'lineAccountId' | 'planId' | 'createdAt' | 'updatedAt'
>;
export type TimingRow = typeof planTimings.$inferSelect;
export type TimingValues = Omit<
  typeof planTimings.$inferInsert,
  'lineAccountId' | 'planId' | 'createdAt' | 'updatedAt'
>;
export type LabelRole = 'apply';

/** Enrolments with friends still in the plan (waiting for their next box, or paused with it). */
const WAITING = ['active', 'paused'] as const;

const ownPlan = (scope: ChannelScope, ...conditions: (SQL | undefined)[]) =>
  and(eq(plans.lineAccountId, scope.lineAccountId), ...conditions);

export async function find(db: Db, scope: ChannelScope, id: number, forUpdate = false): Promise<PlanRow | undefined> {
  const query = db
    .select()
    .from(plans)
    .where(ownPlan(scope, eq(plans.id, id)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export interface PlanFilter {
  folderId?: number | undefined;
  planType?: PlanType | undefined;
  isActive?: boolean | undefined;
  q?: string | undefined;
  page: number;
  limit: number;
}

export type PlanListRow = PlanRow & { enrolledCount: number; sentCount: number; missedCount: number };

// Qualified by hand: inside the subqueries an unqualified "id" would be the enrolment's or the send's.
const enrolledCount = sql<number>`(select count(*)::int from ${planEnrolments} where ${planEnrolments.planId} = "plans"."id" and ${planEnrolments.status} in ('active', 'paused'))`;
/**
 * Boxes the plan sent to friends, but those LINE refused (a queued delivery counts: it is on its
 * way). Qualified by hand: plan_sends and deliveries both have a status.
 */
const sentCount = sql<number>`(select count(*)::int from plan_sends ps left join deliveries d on d.id = ps.delivery_id where ps.plan_id = "plans"."id" and ps.status = 'sent' and d.status is distinct from 'failed')`;
/** Paused enrolments whose next send fell due by `now` (the engine's clock). */
const missedCount = (now: Date) =>
  sql<number>`(select count(*)::int from ${planEnrolments} where ${planEnrolments.planId} = "plans"."id" and ${planEnrolments.status} = 'paused' and ${planEnrolments.nextActionAt} <= ${now.toISOString()}::timestamptz)`;
const listColumns = (now: Date) => ({ plan: plans, enrolledCount, sentCount, missedCount: missedCount(now) });
type ListSelection = { plan: PlanRow; enrolledCount: number; sentCount: number; missedCount: number };
const listRowOf = ({ plan, ...counts }: ListSelection): PlanListRow => ({ ...plan, ...counts });

/** The channel's plans, last updated first, with the friends in each now, its sends and its missed sends at `now`. */
export async function list(
  db: Db,
  scope: ChannelScope,
  filter: PlanFilter,
  now: Date,
): Promise<{ rows: PlanListRow[]; total: number }> {
  const where = ownPlan(
    scope,
    filter.folderId !== undefined ? eq(plans.folderId, filter.folderId) : undefined,
    filter.planType ? eq(plans.planType, filter.planType) : undefined,
    filter.isActive !== undefined ? eq(plans.isActive, filter.isActive) : undefined,
    filter.q ? ilike(plans.name, containsPattern(filter.q)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(listColumns(now))
      .from(plans)
      .where(where)
      .orderBy(desc(plans.updatedAt), desc(plans.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ n: count() }).from(plans).where(where),
  ]);
  return { rows: rows.map(listRowOf), total: total?.n ?? 0 };
}

export async function listRow(db: Db, scope: ChannelScope, id: number, now: Date): Promise<PlanListRow | undefined> {
  const [row] = await db
    .select(listColumns(now))
    .from(plans)
    .where(ownPlan(scope, eq(plans.id, id)));
  return row && listRowOf(row);
}

export async function insert(db: Db, scope: ChannelScope, values: PlanValues): Promise<PlanRow> {
  const [row] = await db
    .insert(plans)
    .values({ ...values, lineAccountId: scope.lineAccountId })
    .returning();
  if (!row) throw new Error('plan insert returned nothing');
  return row;
}

export async function update(
  db: Db,
  scope: ChannelScope,
  id: number,
  values: Partial<PlanValues>,
): Promise<PlanRow | undefined> {
  const [row] = await db
    .update(plans)
    .set({ ...values, updatedAt: new Date() })
    .where(ownPlan(scope, eq(plans.id, id)))
    .returning();
  return row;
}

/** Whether the plan was the channel's (and so deleted, with its boxes, timings and enrolments). */
export async function remove(db: Db, scope: ChannelScope, id: number): Promise<boolean> {
  const rows = await db
    .delete(plans)
    .where(ownPlan(scope, eq(plans.id, id)))
    .returning({ id: plans.id });
  return rows.length > 0;
}

/** Friends still in the plan (active or paused enrolments). */
export async function waitingCount(db: Db, scope: ChannelScope, planId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(planEnrolments)
    .where(
      and(
        eq(planEnrolments.lineAccountId, scope.lineAccountId),
        eq(planEnrolments.planId, planId),
        inArray(planEnrolments.status, WAITING),
      ),
    );
  return row?.n ?? 0;
}

/** Pauses the plan's running enrolments (deactivate) or resumes its paused ones (activate): how many it moved. */
export async function setEnrolmentsPaused(
  db: Db,
  scope: ChannelScope,
  planId: number,
  paused: boolean,
  now: Date,
): Promise<number> {
  const moved = await db
    .update(planEnrolments)
    .set({ status: paused ? 'paused' : 'active', pausedAt: paused ? now : null })
    .where(
      and(
        eq(planEnrolments.lineAccountId, scope.lineAccountId),
        eq(planEnrolments.planId, planId),
        eq(planEnrolments.status, paused ? 'active' : 'paused'),
      ),
    )
    .returning({ id: planEnrolments.id });
  return moved.length;
}

/** How many boxes and timings the plan has (its history says how a save changed them). */
export async function partCounts(
  db: Db,
  scope: ChannelScope,
  planId: number,
): Promise<{ boxes: number; timings: number }> {
  const [[boxes], [timings]] = await inTurn(
    () =>
      db
        .select({ n: count() })
        .from(planActions)
        .where(and(eq(planActions.lineAccountId, scope.lineAccountId), eq(planActions.planId, planId))),
    () =>
      db
        .select({ n: count() })
        .from(planTimings)
        .where(and(eq(planTimings.lineAccountId, scope.lineAccountId), eq(planTimings.planId, planId))),
  );
  return { boxes: boxes?.n ?? 0, timings: timings?.n ?? 0 };
}

// --- references: which of the given ids are the channel's own ---

async function ownIds(db: Db, ids: number[], query: (ids: number[]) => Promise<{ id: number }[]>) {
  if (ids.length === 0) return new Set<number>();
  return new Set((await query([...new Set(ids)])).map((row) => row.id));
}

export const ownTagIds = (db: Db, scope: ChannelScope, ids: number[]) =>
  ownIds(db, ids, (list) =>
    db
      .select({ id: tags.id })
      .from(tags)
      .where(and(eq(tags.lineAccountId, scope.lineAccountId), inArray(tags.id, list))),
  );
export const ownMarkIds = (db: Db, scope: ChannelScope, ids: number[]) =>
  ownIds(db, ids, (list) =>
    db
      .select({ id: marks.id })
      .from(marks)
      .where(and(eq(marks.lineAccountId, scope.lineAccountId), inArray(marks.id, list))),
  );
export const ownFriendIds = (db: Db, scope: ChannelScope, ids: number[]) =>
  ownIds(db, ids, (list) =>
    db
      .select({ id: friends.id })
      .from(friends)
      .where(and(eq(friends.lineAccountId, scope.lineAccountId), inArray(friends.id, list))),
  );
export const ownPlanIds = (db: Db, scope: ChannelScope, ids: number[]) =>
  ownIds(db, ids, (list) =>
    db
      .select({ id: plans.id })
      .from(plans)
      .where(ownPlan(scope, inArray(plans.id, list))),
  );
/** Rich menus of the channel (a plan's or box's menu). */
export const ownRichMenuIds = (db: Db, scope: ChannelScope, ids: number[]) =>
  ownIds(db, ids, (list) =>
    db
      .select({ id: richMenus.id })
      .from(richMenus)
      .where(and(eq(richMenus.lineAccountId, scope.lineAccountId), inArray(richMenus.id, list))),
  );
/** Plans folders of the channel. */
export const ownFolderIds = (db: Db, scope: ChannelScope, ids: number[]) =>
  ownIds(db, ids, (list) =>
    db
      .select({ id: folders.id })
      .from(folders)
      .where(
        and(eq(folders.lineAccountId, scope.lineAccountId), eq(folders.folderType, 'plans'), inArray(folders.id, list)),
      ),
  );

// --- the plan's parts ---

export interface PlanParts {
  labels: {
    tags: { id: number; name: string; role: LabelRole }[];
    marks: { id: number; name: string; role: LabelRole }[];
  };
  actions: ActionRow[];
  actionTags: { planActionId: number; tagId: number }[];
  actionMarks: { planActionId: number; markId: number }[];
  timings: TimingRow[];
  startPlan: { id: number; name: string } | null;
}

export async function partsOf(db: Db, scope: ChannelScope, plan: PlanRow): Promise<PlanParts> {
  const inChannel = scope.lineAccountId;
  const [tagRows, markRows, actions, actionTags, actionMarks, timings] = await inTurn(
    () =>
      db
        .select({ id: tags.id, name: tags.name, role: planTags.role })
        .from(planTags)
        .innerJoin(tags, eq(tags.id, planTags.tagId))
        .where(and(eq(planTags.lineAccountId, inChannel), eq(planTags.planId, plan.id)))
        .orderBy(asc(tags.sortIndex), asc(tags.id)),
    () =>
      db
        .select({ id: marks.id, name: marks.name, role: planMarks.role })
        .from(planMarks)
        .innerJoin(marks, eq(marks.id, planMarks.markId))
        .where(and(eq(planMarks.lineAccountId, inChannel), eq(planMarks.planId, plan.id)))
        .orderBy(asc(marks.sortIndex), asc(marks.id)),
    () =>
      db
        .select()
        .from(planActions)
        .where(and(eq(planActions.lineAccountId, inChannel), eq(planActions.planId, plan.id)))
        .orderBy(asc(planActions.id)),
    () =>
      db
        .select({ planActionId: planActionTags.planActionId, tagId: planActionTags.tagId })
        .from(planActionTags)
        .innerJoin(planActions, eq(planActions.id, planActionTags.planActionId))
        .where(and(eq(planActionTags.lineAccountId, inChannel), eq(planActions.planId, plan.id))),
    () =>
      db
        .select({ planActionId: planActionMarks.planActionId, markId: planActionMarks.markId })
        .from(planActionMarks)
        .innerJoin(planActions, eq(planActions.id, planActionMarks.planActionId))
        .where(and(eq(planActionMarks.lineAccountId, inChannel), eq(planActions.planId, plan.id))),
    () =>
      db
        .select()
        .from(planTimings)
        .where(and(eq(planTimings.lineAccountId, inChannel), eq(planTimings.planId, plan.id)))
        .orderBy(asc(planTimings.id)),
  );
  const [startPlan] =
    plan.startPlanId === null
      ? []
      : await db
          .select({ id: plans.id, name: plans.name })
          .from(plans)
          .where(ownPlan(scope, eq(plans.id, plan.startPlanId)));
  return {
    labels: { tags: tagRows, marks: markRows },
    actions,
    actionTags,
    actionMarks,
    timings,
    startPlan: startPlan ?? null,
  };
}

/** The names of the tags, marks and friends a target names that are the channel's (a deleted one has none). */
export async function targetNames(
  db: Db,
  scope: ChannelScope,
  named: { tagIds: number[]; markIds: number[]; friendIds: number[] },
): Promise<{ tags: Map<number, string>; marks: Map<number, string>; friends: Map<number, string> }> {
  const inChannel = scope.lineAccountId;
  const list = (ids: number[]) => [...new Set(ids)];
  const [tagRows, markRows, friendRows] = await inTurn(
    async () =>
      named.tagIds.length === 0
        ? []
        : db
            .select({ id: tags.id, name: tags.name })
            .from(tags)
            .where(and(eq(tags.lineAccountId, inChannel), inArray(tags.id, list(named.tagIds)))),
    async () =>
      named.markIds.length === 0
        ? []
        : db
            .select({ id: marks.id, name: marks.name })
            .from(marks)
            .where(and(eq(marks.lineAccountId, inChannel), inArray(marks.id, list(named.markIds)))),
    async () =>
      named.friendIds.length === 0
        ? []
        : db
            .select({
              id: friends.id,
              name: sql<string>`coalesce(${friends.displayNameOverride}, ${friends.displayName})`,
            })
            .from(friends)
            .where(and(eq(friends.lineAccountId, inChannel), inArray(friends.id, list(named.friendIds)))),
  );
  const byId = (rows: { id: number; name: string }[]) => new Map(rows.map((row) => [row.id, row.name]));
  return { tags: byId(tagRows), marks: byId(markRows), friends: byId(friendRows) };
}

/** Keys for `n` new target conditions (never given before). */
export async function nextConditionKeys(db: Db, n: number): Promise<number[]> {
  if (n === 0) return [];
  const rows = await db
    .select({ key: sql<number>`nextval('plan_target_condition_keys')`.mapWith(Number) })
    .from(sql`generate_series(1, ${n}::int)`);
  return rows.map((row) => row.key);
}

/** The plan's tags or marks of one role, replaced by `ids`. */
export async function replaceLabels(
  db: Db,
  scope: ChannelScope,
  planId: number,
  kind: 'tags' | 'marks',
  role: LabelRole,
  ids: number[],
): Promise<void> {
  const unique = [...new Set(ids)];
  const lineAccountId = scope.lineAccountId;
  if (kind === 'tags') {
    await db
      .delete(planTags)
      .where(and(eq(planTags.lineAccountId, lineAccountId), eq(planTags.planId, planId), eq(planTags.role, role)));
    if (unique.length > 0)
      await db.insert(planTags).values(unique.map((tagId) => ({ lineAccountId, planId, tagId, role })));
  } else {
    await db
      .delete(planMarks)
      .where(and(eq(planMarks.lineAccountId, lineAccountId), eq(planMarks.planId, planId), eq(planMarks.role, role)));
    if (unique.length > 0)
      await db.insert(planMarks).values(unique.map((markId) => ({ lineAccountId, planId, markId, role })));
  }
}

/** The plan's boxes but those in `keptIds`, deleted (their timings and effects go with them). */
export async function removeActionsExcept(db: Db, scope: ChannelScope, planId: number, keptIds: number[]) {
  await db
    .delete(planActions)
    .where(
      and(
        eq(planActions.lineAccountId, scope.lineAccountId),
        eq(planActions.planId, planId),
        keptIds.length > 0 ? notInArray(planActions.id, keptIds) : undefined,
      ),
    );
}

export async function updateAction(
  db: Db,
  scope: ChannelScope,
  planId: number,
  id: number,
  values: ActionValues,
): Promise<void> {
  await db
    .update(planActions)
    .set({ ...values, updatedAt: new Date() })
    .where(
      and(eq(planActions.lineAccountId, scope.lineAccountId), eq(planActions.planId, planId), eq(planActions.id, id)),
    );
}

export async function insertAction(db: Db, scope: ChannelScope, planId: number, values: ActionValues): Promise<number> {
  const [row] = await db
    .insert(planActions)
    .values({ ...values, lineAccountId: scope.lineAccountId, planId })
    .returning({ id: planActions.id });
  return row!.id;
}

/** Every box's tags and marks replaced (the boxes are the plan's, all written in this save). */
export async function replaceActionEffects(
  db: Db,
  scope: ChannelScope,
  actionIds: number[],
  effects: { planActionId: number; tagIds: number[]; markIds: number[] }[],
): Promise<void> {
  if (actionIds.length === 0) return;
  const lineAccountId = scope.lineAccountId;
  await db
    .delete(planActionTags)
    .where(and(eq(planActionTags.lineAccountId, lineAccountId), inArray(planActionTags.planActionId, actionIds)));
  await db
    .delete(planActionMarks)
    .where(and(eq(planActionMarks.lineAccountId, lineAccountId), inArray(planActionMarks.planActionId, actionIds)));
  const tagRows = effects.flatMap((e) =>
    [...new Set(e.tagIds)].map((tagId) => ({ lineAccountId, planActionId: e.planActionId, tagId })),
  );
  const markRows = effects.flatMap((e) =>
    [...new Set(e.markIds)].map((markId) => ({ lineAccountId, planActionId: e.planActionId, markId })),
  );
  if (tagRows.length > 0) await db.insert(planActionTags).values(tagRows);
  if (markRows.length > 0) await db.insert(planActionMarks).values(markRows);
}

export async function timingIds(db: Db, scope: ChannelScope, planId: number): Promise<Set<number>> {
  const rows = await db
    .select({ id: planTimings.id })
    .from(planTimings)
    .where(and(eq(planTimings.lineAccountId, scope.lineAccountId), eq(planTimings.planId, planId)));
  return new Set(rows.map((row) => row.id));
}

/**
 * The plan's timings replaced by `timings`; a saved one keeps its id (written back with it), so the
 * arrows may move between boxes in any order without one box ever having two arrows into it.
 */
export async function replaceTimings(db: Db, scope: ChannelScope, planId: number, timings: TimingValues[]) {
  await db.delete(planTimings).where(eq(planTimings.planId, planId));
  const saved = timings.filter((timing) => timing.id !== undefined && timing.id !== null);
  const fresh = timings
    .filter((timing) => timing.id === undefined || timing.id === null)
    .map(({ id: _none, ...t }) => t);
  const lineAccountId = scope.lineAccountId;
  if (saved.length > 0) await db.insert(planTimings).values(saved.map((t) => ({ ...t, lineAccountId, planId })));
  if (fresh.length > 0) await db.insert(planTimings).values(fresh.map((t) => ({ ...t, lineAccountId, planId })));
}

/** The plan's box ids. */
export async function actionIdsOf(db: Db, scope: ChannelScope, planId: number): Promise<number[]> {
  const rows = await db
    .select({ id: planActions.id })
    .from(planActions)
    .where(and(eq(planActions.lineAccountId, scope.lineAccountId), eq(planActions.planId, planId)));
  return rows.map((row) => row.id);
}

/**
 * When each timing sends, by the box it leads to, as a comparable text: a save that changes it (or
 * makes a new arrow into a box) is seen by comparing these before and after.
 */
export async function timingShapes(db: Db, scope: ChannelScope, planId: number): Promise<Map<number, string>> {
  const rows = await db
    .select()
    .from(planTimings)
    .where(and(eq(planTimings.lineAccountId, scope.lineAccountId), eq(planTimings.planId, planId)));
  return new Map(
    rows.map((row) => [
      row.nextPlanActionId,
      JSON.stringify([
        row.planActionId,
        row.timingType,
        row.afterDays,
        row.afterHours,
        row.nextActionAt,
        row.repeatWeekdays,
        row.repeatDateTimes,
        row.repeatTimes,
      ]),
    ]),
  );
}

// --- history ---

export interface PlanHistoryEntry {
  planId: number;
  userId: number | null;
  kind: PlanHistoryKind;
  params: PlanHistoryParams;
  affectedCount: number;
}

/** Records a change of the plan in its history (who, what, how many friends it moved). */
export async function addHistory(db: Db, scope: ChannelScope, entry: PlanHistoryEntry): Promise<void> {
  await db.insert(planHistory).values({ lineAccountId: scope.lineAccountId, ...entry });
}

export interface PlanHistoryRow {
  id: number;
  kind: PlanHistoryKind;
  params: PlanHistoryParams;
  affectedCount: number;
  userName: string | null;
  createdAt: Date;
}

/** One page of the plan's history, newest first. */
export async function history(
  db: Db,
  scope: ChannelScope,
  planId: number,
  page: { page: number; limit: number },
): Promise<{ rows: PlanHistoryRow[]; total: number }> {
  const where = and(eq(planHistory.lineAccountId, scope.lineAccountId), eq(planHistory.planId, planId));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: planHistory.id,
        kind: planHistory.kind,
        params: planHistory.params,
        affectedCount: planHistory.affectedCount,
        userName: users.name,
        createdAt: planHistory.createdAt,
      })
      .from(planHistory)
      .leftJoin(users, eq(users.id, planHistory.userId))
      .where(where)
      .orderBy(desc(planHistory.createdAt), desc(planHistory.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.select({ n: count() }).from(planHistory).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

// --- the channel's friend-added scenario ---

/**
 * The channel's friend-added scenario, its settings row locked until the transaction ends, so two
 * saves claiming the setting at once are checked one after the other.
 */
export async function lockFriendAddedPlanId(db: Db, scope: ChannelScope): Promise<number | null> {
  await db.insert(channelPlanSettings).values({ lineAccountId: scope.lineAccountId }).onConflictDoNothing();
  const [row] = await db
    .select({ id: channelPlanSettings.friendAddedPlanId })
    .from(channelPlanSettings)
    .where(eq(channelPlanSettings.lineAccountId, scope.lineAccountId))
    .for('update');
  return row?.id ?? null;
}

export interface ChannelPlanSettingsRow {
  friendAddedPlan: { id: number; name: string } | null;
  nightStart: string | null;
  nightEnd: string | null;
}

/** The channel's plan settings (none saved yet: no friend-added scenario, no night window). */
export async function planSettings(db: Db, scope: ChannelScope): Promise<ChannelPlanSettingsRow> {
  const [row] = await db
    .select({
      planId: plans.id,
      planName: plans.name,
      nightStart: channelPlanSettings.nightStart,
      nightEnd: channelPlanSettings.nightEnd,
    })
    .from(channelPlanSettings)
    .leftJoin(plans, ownPlan(scope, eq(plans.id, channelPlanSettings.friendAddedPlanId)))
    .where(eq(channelPlanSettings.lineAccountId, scope.lineAccountId));
  return {
    friendAddedPlan: row?.planId != null && row.planName !== null ? { id: row.planId, name: row.planName } : null,
    nightStart: row?.nightStart ?? null,
    nightEnd: row?.nightEnd ?? null,
  };
}

/** The channel's night window ("HH:MM" each), or none (null, null). */
export async function setNightWindow(
  db: Db,
  scope: ChannelScope,
  window: { start: string; end: string } | null,
): Promise<void> {
  const values = { nightStart: window?.start ?? null, nightEnd: window?.end ?? null };
  await db
    .insert(channelPlanSettings)
    .values({ lineAccountId: scope.lineAccountId, ...values })
    .onConflictDoUpdate({ target: channelPlanSettings.lineAccountId, set: { ...values, updatedAt: new Date() } });
}

export async function setFriendAddedPlan(db: Db, scope: ChannelScope, planId: number | null): Promise<void> {
  await db
    .insert(channelPlanSettings)
    .values({ lineAccountId: scope.lineAccountId, friendAddedPlanId: planId })
    .onConflictDoUpdate({
      target: channelPlanSettings.lineAccountId,
      set: { friendAddedPlanId: planId, updatedAt: new Date() },
    });
}

/** A page of the channel's plans in id order, for the full export (channel-exports; their parts by partsOf). */
export async function plansPageForExport(
  db: Db,
  scope: ChannelScope,
  afterId: number,
  limit: number,
): Promise<PlanRow[]> {
  return db
    .select()
    .from(plans)
    .where(ownPlan(scope, gt(plans.id, afterId)))
    .orderBy(asc(plans.id))
    .limit(limit);
}
