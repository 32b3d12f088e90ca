import { describe, expect, it } from 'vitest';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { useTestApp } from '../test/kit.ts';
import { conversionPoints, conversions } from '../modules/conversions/schema.ts';
import { inflowRoutes } from '../modules/inflows/schema.ts';
import { lineAccounts } from '../modules/line-accounts/schema.ts';
import { DEMO_DOWNLOAD, DEMO_PURCHASE } from './demo-conversions.ts';
import { DEMO_INFLOW_INSTAGRAM } from './demo-inflows.ts';
import { decorateDemoFriends, seedDemoIfEmpty } from './demo.ts';

const t = useTestApp({ tenants: 0 });

describe('demo conversions', () => {
  it('gives each demo channel its points, and its friends conversions once they exist, once', async () => {
    expect(await seedDemoIfEmpty(t.ctx)).toBe(true);
    const channels = await t.db.select().from(lineAccounts).orderBy(asc(lineAccounts.id));
    for (const channel of channels) {
      const points = await t.db.select().from(conversionPoints).where(eq(conversionPoints.lineAccountId, channel.id));
      expect(points.map((point) => point.name).sort()).toEqual([DEMO_PURCHASE, DEMO_DOWNLOAD].sort());
      const purchase = points.find((point) => point.name === DEMO_PURCHASE)!;
      expect(purchase.value).toBeGreaterThan(0);
      expect(purchase.tagIds).toHaveLength(1);
    }
    const channel = channels[0]!.id;
    for (let i = 0; i < 9; i++) await t.factory.friend(channel);
    await decorateDemoFriends(t.db, channel);
    const rows = await t.db.select().from(conversions).where(eq(conversions.lineAccountId, channel));
    expect(rows.filter((row) => row.friendId !== null).length).toBeGreaterThan(3);
    expect(rows.some((row) => row.friendId === null)).toBe(true);
    expect(rows.some((row) => row.planId !== null)).toBe(true);
    // Friends attributed to the demo Instagram route convert through it, with its ad click id.
    const [instagram] = await t.db
      .select()
      .from(inflowRoutes)
      .where(and(eq(inflowRoutes.lineAccountId, channel), eq(inflowRoutes.name, DEMO_INFLOW_INSTAGRAM)));
    const throughAd = rows.filter((row) => row.inflowRouteId === instagram!.id);
    expect(throughAd.length).toBeGreaterThan(0);
    expect(throughAd.every((row) => row.inflowRouteName === DEMO_INFLOW_INSTAGRAM && row.clickIds.fbclid)).toBe(true);

    await decorateDemoFriends(t.db, channel);
    expect(await t.db.select().from(conversions).where(eq(conversions.lineAccountId, channel))).toHaveLength(
      rows.length,
    );
    expect((await t.db.select().from(conversions).where(isNull(conversions.friendId))).length).toBe(4);
  });
});
