import { describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { useTestApp } from '../test/kit.ts';
import { waitFor } from '../test/wait.ts';
import type { Queue } from '../platform/queue.ts';
import { friends } from '../modules/friends/schema.ts';
import { friendTags, tags } from '../modules/labels/schema.ts';
import { lineAccounts } from '../modules/line-accounts/schema.ts';
import { richMenus } from '../modules/rich-menus/schema.ts';
import { bindSimulatedChannels } from '../modules/simulator/bind.ts';
import { seedDemoIfEmpty } from './demo.ts';
import { DEMO_MAIN_MENU, DEMO_VIP_MENU, DEMO_VIP_TAG } from './demo-rich-menus.ts';

const t = useTestApp({ simulator: true, tenants: 0 });

describe('demo rich menus', () => {
  it('are published to the simulator: the main menu as the default, the VIP tab linked to VIP friends', async () => {
    // As at boot: the seed's jobs run once the channels are bound to the simulator.
    const held: (() => Promise<void>)[] = [];
    const queue: Queue = { ...t.ctx.queue, send: async (...args) => void held.push(() => t.ctx.queue.send(...args)) };
    expect(await seedDemoIfEmpty({ ...t.ctx, queue })).toBe(true);
    const consoleUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const bound = await bindSimulatedChannels(t.ctx, consoleUrl, { seedDemoFriends: true });
    for (const send of held) await send();
    await bound.seeding;

    for (const channel of await t.db.select().from(lineAccounts).orderBy(asc(lineAccounts.id))) {
      const sim = t.sim.channel(channel.channelId!)!;
      const menus = await waitFor(async () => {
        const rows = await t.db.select().from(richMenus).where(eq(richMenus.lineAccountId, channel.id));
        return rows.every((row) => row.publishState === 'published') ? rows : undefined;
      });
      const lineId = (name: string) => menus.find((row) => row.name === name)!.lineRichMenuId!;
      expect(menus.map((row) => row.publishError)).toEqual([null, null]);
      const vip = new Set(
        (
          await t.db
            .select({ lineUserId: friends.lineUserId })
            .from(friendTags)
            .innerJoin(tags, eq(tags.id, friendTags.tagId))
            .innerJoin(friends, eq(friends.id, friendTags.friendId))
            .where(and(eq(tags.lineAccountId, channel.id), eq(tags.name, DEMO_VIP_TAG)))
        ).map((row) => row.lineUserId),
      );
      const following = sim.friends().filter((friend) => friend.following);
      expect(following.filter((friend) => vip.has(friend.userId)).length).toBeGreaterThan(0);
      // VIP friends see the VIP tab (linked to them), everyone else the main menu (LINE's default).
      await waitFor(
        async () =>
          following.every(
            (friend) => friend.richMenuId() === lineId(vip.has(friend.userId) ? DEMO_VIP_MENU : DEMO_MAIN_MENU),
          )
            ? true
            : undefined,
        60_000,
      );
    }
  });
});
