import { and, asc, eq, inArray } from 'drizzle-orm';
import type { InflowActions, InflowSettings } from '@linq/contract';
import type { Db } from '../platform/db.ts';
import { folders } from '../modules/folders/schema.ts';
import { friends } from '../modules/friends/schema.ts';
import { newInflowCode } from '../modules/inflows/code.ts';
import { inflowAttributions, inflowRouteHistory, inflowRoutes, inflowVisits } from '../modules/inflows/schema.ts';
import { friendMarks, friendTags, marks, tags } from '../modules/labels/schema.ts';
import { newToken } from '../platform/tokens.ts';

/*
 * The demo's inflow routes: a folder 「広告」 with three routes, their history and 30 days of visits
 * (seeded with the channel), and, once the virtual friends exist, some of them attributed to the
 * routes over those days (a blocked one among them), as LINE Login and the follow webhook would
 * have left them.
 */

const DAY = 86_400_000;
export const DEMO_INFLOW_FOLDER = '広告';
export const DEMO_INFLOW_INSTAGRAM = 'Instagram広告';
export const DEMO_INFLOW_STORE = '店頭QR';
export const DEMO_INFLOW_FLYER = 'チラシ';

const actions = (more: Partial<InflowActions>): InflowActions => ({
  mode: 'first_add_only',
  tag_ids: [],
  mark_ids: [],
  plan_id: null,
  rich_menu_id: null,
  ...more,
});

const dayText = (at: Date) => at.toISOString().slice(0, 10);

/** The routes, their history and visits of one demo channel (its tags and marks are seeded before). */
export async function seedDemoInflows(
  db: Db,
  lineAccountId: number,
  staff: { id: number; name: string },
  now: Date,
): Promise<void> {
  const [folder] = await db
    .insert(folders)
    .values({ scope: 'service', lineAccountId, folderType: 'inflows', name: DEMO_INFLOW_FOLDER })
    .returning();
  const [newTag] = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.lineAccountId, lineAccountId), eq(tags.name, '新規')));
  const [todo] = await db
    .select({ id: marks.id })
    .from(marks)
    .where(and(eq(marks.lineAccountId, lineAccountId), eq(marks.name, '要対応')));
  const created = new Date(now.getTime() - 30 * DAY);
  const routes = await db
    .insert(inflowRoutes)
    .values([
      {
        lineAccountId,
        folderId: folder!.id,
        name: DEMO_INFLOW_INSTAGRAM,
        code: newInflowCode(),
        actions: actions({ tag_ids: newTag ? [newTag.id] : [] }),
        costs: [{ from: dayText(created), to: dayText(now), amount: 90000 }],
        memo: '春のキャンペーン広告（1日3,000円）',
        createdAt: created,
        updatedAt: new Date(now.getTime() - 10 * DAY),
      },
      {
        lineAccountId,
        folderId: folder!.id,
        name: DEMO_INFLOW_STORE,
        code: newInflowCode(),
        actions: actions({ mode: 'every_time', mark_ids: todo ? [todo.id] : [] }),
        memo: 'レジ横のPOP',
        createdAt: created,
        updatedAt: created,
      },
      {
        lineAccountId,
        folderId: folder!.id,
        name: DEMO_INFLOW_FLYER,
        code: newInflowCode(),
        useLogin: false,
        actions: actions({}),
        memo: '駅前で配布したチラシ（友だち追加URLのみ）',
        createdAt: created,
        updatedAt: created,
      },
    ])
    .returning();
  const settings = (row: (typeof routes)[number]): InflowSettings => ({
    name: row.name,
    folder_id: row.folderId,
    use_login: row.useLogin,
    destination_url: row.destinationUrl,
    actions: row.actions,
    costs: row.costs,
    memo: row.memo,
  });
  const history: (typeof inflowRouteHistory.$inferInsert)[] = routes.map((row) => ({
    lineAccountId,
    routeId: row.id,
    kind: 'created',
    actorUserId: staff.id,
    actorName: staff.name,
    changedFields: ['name', 'folder_id', 'use_login', 'destination_url', 'actions', 'costs', 'memo'],
    before: null,
    after: row.id === routes[0]!.id ? { ...settings(row), costs: [] } : settings(row),
    createdAt: created,
  }));
  // The Instagram route got its ad budget ten days ago.
  history.push({
    lineAccountId,
    routeId: routes[0]!.id,
    kind: 'updated',
    actorUserId: staff.id,
    actorName: staff.name,
    changedFields: ['costs'],
    before: { ...settings(routes[0]!), costs: [] },
    after: settings(routes[0]!),
    createdAt: new Date(now.getTime() - 10 * DAY),
  });
  await db.insert(inflowRouteHistory).values(history);

  // Visits of the last 30 days in a fixed pattern; the flyer's (no login) are its only figures.
  const visits: (typeof inflowVisits.$inferInsert)[] = [];
  routes.forEach((row, r) => {
    for (let day = 0; day < 30; day++) {
      const count = (day * (r + 3) + r) % 5;
      for (let i = 0; i < count; i++) {
        visits.push({
          lineAccountId,
          routeId: row.id,
          token: newToken(),
          nonce: newToken(),
          visitedAt: new Date(now.getTime() - day * DAY - (i + 1) * 3_600_000),
          userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Line/13.0.0',
          params: r === 0 ? { utm_source: 'instagram', utm_medium: 'paid_social', fbclid: `demo-${day}-${i}` } : {},
        });
      }
    }
  });
  await db.insert(inflowVisits).values(visits);
}

/**
 * Attributes some of the channel's friends to the demo routes over the last 30 days (every third to
 * Instagram, every fifth of the rest to the store QR, the blocked ones to Instagram too), with a
 * visit each and the routes' tags and marks on them. Written once: nothing when the channel has
 * attributions already or no demo routes.
 */
export async function attributeDemoFriends(db: Db, lineAccountId: number, now: Date = new Date()): Promise<void> {
  const [existing] = await db
    .select({ id: inflowAttributions.id })
    .from(inflowAttributions)
    .where(eq(inflowAttributions.lineAccountId, lineAccountId))
    .limit(1);
  if (existing) return;
  const routes = await db
    .select()
    .from(inflowRoutes)
    .where(
      and(
        eq(inflowRoutes.lineAccountId, lineAccountId),
        inArray(inflowRoutes.name, [DEMO_INFLOW_INSTAGRAM, DEMO_INFLOW_STORE]),
      ),
    );
  const instagram = routes.find((row) => row.name === DEMO_INFLOW_INSTAGRAM);
  const store = routes.find((row) => row.name === DEMO_INFLOW_STORE);
  if (!instagram || !store) return;
  const friendRows = await db
    .select({ id: friends.id, lineUserId: friends.lineUserId, status: friends.status })
    .from(friends)
    .where(eq(friends.lineAccountId, lineAccountId))
    .orderBy(asc(friends.id));
  const chosen = friendRows.flatMap((friend, i) => {
    if (i % 3 === 0 || friend.status === 'blocked') return [{ friend, route: instagram, i }];
    if (i % 5 === 1) return [{ friend, route: store, i }];
    return [];
  });
  await db.transaction(async (tx) => {
    for (const { friend, route, i } of chosen) {
      // Eight days or more before now for the first six: the demo survey went to them a week ago.
      const at = new Date(now.getTime() - ((i + 8) % 29) * DAY - (i % 7) * 3_600_000);
      const [visit] = await tx
        .insert(inflowVisits)
        .values({
          lineAccountId,
          routeId: route.id,
          token: newToken(),
          nonce: newToken(),
          phase: 'attributed',
          visitedAt: new Date(at.getTime() - 40_000),
          userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Line/13.0.0',
          lineUserId: friend.lineUserId,
          loggedInAt: new Date(at.getTime() - 5_000),
          // The Instagram ad's click id, which the friend's conversions carry to the ad export.
          params:
            route === instagram
              ? { utm_source: 'instagram', utm_medium: 'paid_social', fbclid: `demo-friend-${i}` }
              : {},
          friendshipStatusChanged: true,
          friendFlag: true,
        })
        .returning({ id: inflowVisits.id });
      await tx.insert(inflowAttributions).values({
        lineAccountId,
        friendId: friend.id,
        routeId: route.id,
        visitId: visit!.id,
        kind: 'new',
        firstTouch: true,
        actions: route.actions,
        actionsApplied: true,
        attributedAt: at,
      });
      const link = { lineAccountId, friendId: friend.id };
      for (const tagId of route.actions.tag_ids) {
        await tx
          .insert(friendTags)
          .values({ ...link, tagId })
          .onConflictDoNothing();
      }
      for (const markId of route.actions.mark_ids) {
        await tx
          .insert(friendMarks)
          .values({ ...link, markId })
          .onConflictDoNothing();
      }
    }
  });
}
