import { describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { permissionsWith } from '@linq/contract';
import { useTestApp } from '../test/kit.ts';
import { friends } from '../modules/friends/schema.ts';
import { friendTags, tags } from '../modules/labels/schema.ts';
import { lineAccounts } from '../modules/line-accounts/schema.ts';
import * as inflows from '../modules/inflows/service.ts';
import { inflowAttributions } from '../modules/inflows/schema.ts';
import { channelScope, type ChannelRequest } from '../platform/principal.ts';
import { DEMO_INFLOW_FLYER, DEMO_INFLOW_FOLDER, DEMO_INFLOW_INSTAGRAM, DEMO_INFLOW_STORE } from './demo-inflows.ts';
import { decorateDemoFriends, seedDemoIfEmpty } from './demo.ts';

const t = useTestApp({ tenants: 0 });

describe('demo inflow routes', () => {
  it('are three routes in a folder with history and visits; friends are attributed once they exist, a block among them', async () => {
    expect(await seedDemoIfEmpty(t.ctx)).toBe(true);
    const [channel] = await t.db.select().from(lineAccounts).orderBy(asc(lineAccounts.id));
    const scope: ChannelRequest = {
      ...channelScope(channel!.id),
      accountId: channel!.accountId,
      userId: 0,
      permissions: permissionsWith('view', false),
    };
    const list = async () =>
      (await inflows.list(t.ctx, scope, { sort: 'name', order: 'asc', page: 1, limit: 20 })).data;
    const routes = await list();
    expect(routes.map((row) => [row.name, row.attribution.mode])).toEqual(
      [
        [DEMO_INFLOW_INSTAGRAM, 'line_login'],
        [DEMO_INFLOW_FLYER, 'plain'],
        [DEMO_INFLOW_STORE, 'line_login'],
      ].sort((a, b) => (a[0]! < b[0]! ? -1 : 1)),
    );
    const instagram = routes.find((row) => row.name === DEMO_INFLOW_INSTAGRAM)!;
    expect(new Set(routes.map((row) => row.folder_id)).size).toBe(1);
    expect(instagram.costs).toHaveLength(1);
    expect(instagram.actions.tag_ids).toHaveLength(1);
    for (const row of routes) expect(row.stats.visits).toBeGreaterThan(10);
    const history = await inflows.history(t.ctx, scope, instagram.id);
    expect(history.map((entry) => [entry.kind, entry.actor_name])).toEqual([
      ['updated', 'スタッフ 花子'],
      ['created', 'スタッフ 花子'],
    ]);
    expect(DEMO_INFLOW_FOLDER).toBe('広告');

    // The virtual friends arrive (the simulator binding), two of them blocked.
    const made = [];
    for (let i = 0; i < 12; i++) {
      made.push(
        await t.factory.friend(channel!.id, i === 3 || i === 7 ? { status: 'blocked', blockedAt: new Date() } : {}),
      );
    }
    await decorateDemoFriends(t.db, channel!.id);
    const attributed = await t.db
      .select()
      .from(inflowAttributions)
      .where(eq(inflowAttributions.lineAccountId, channel!.id));
    expect(attributed.length).toBeGreaterThan(4);
    const stats = (await list()).find((row) => row.name === DEMO_INFLOW_INSTAGRAM)!.stats;
    expect(stats.friends_added).toBeGreaterThan(2);
    expect(stats.blocks).toBe(2);
    expect(stats.cost_per_friend).toBeGreaterThan(0);
    const chart = await inflows.chart(t.ctx, scope, instagram.id, {});
    expect(chart.days).toHaveLength(30);
    expect(chart.days.reduce((sum, day) => sum + day.friends_added, 0)).toBe(stats.friends_added);
    // The route's tag is on its friends.
    const [newTag] = await t.db
      .select()
      .from(tags)
      .where(and(eq(tags.lineAccountId, channel!.id), eq(tags.id, instagram.actions.tag_ids[0]!)));
    const tagged = await t.db.select().from(friendTags).where(eq(friendTags.tagId, newTag!.id));
    const instagramFriends = attributed.filter((row) => row.routeId === instagram.id).map((row) => row.friendId);
    for (const friendId of instagramFriends) expect(tagged.map((row) => row.friendId)).toContain(friendId);
    // Written once.
    await decorateDemoFriends(t.db, channel!.id);
    expect(
      await t.db.select().from(inflowAttributions).where(eq(inflowAttributions.lineAccountId, channel!.id)),
    ).toHaveLength(attributed.length);
    expect(made.length).toBe((await t.db.select().from(friends).where(eq(friends.lineAccountId, channel!.id))).length);
  });
});
