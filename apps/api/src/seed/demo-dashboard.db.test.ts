/**
 * The demo channel's dashboard lives from the first start: the virtual friends (here made by the
 * factory, their follows counted as the worker would) get join dates over 90 days, the roll-ups move
 * with them, and every period's chart agrees with the friend counts; the survey's past sends and the
 * routes' friends fill the tops.
 */
import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { permissionsWith, type DashboardPeriod } from '@linq/contract';
import { useTestApp } from '../test/kit.ts';
import { dashboard } from '../modules/dashboard/service.ts';
import { lineAccounts } from '../modules/line-accounts/schema.ts';
import { addToBucket } from '../modules/metrics/repository.ts';
import { channelScope, type ChannelRequest } from '../platform/principal.ts';
import { DEMO_INFLOW_INSTAGRAM } from './demo-inflows.ts';
import { DEMO_SURVEY_SCENARIO } from './demo-plans.ts';
import { decorateDemoFriends, seedDemoIfEmpty } from './demo.ts';

const t = useTestApp({ tenants: 0 });

describe("the demo channel's dashboard", () => {
  it('has 90 days of follows and blocks that agree with its friends, and tops', async () => {
    expect(await seedDemoIfEmpty(t.ctx)).toBe(true);
    const [channel] = await t.db.select().from(lineAccounts).orderBy(asc(lineAccounts.id));
    const scope = channelScope(channel!.id);
    const request: ChannelRequest = {
      ...scope,
      accountId: channel!.accountId,
      userId: 0,
      permissions: permissionsWith('view', false),
    };
    const now = t.ctx.clock.now();
    // The simulator's 36 virtual friends follow now, one in nine blocks; the worker counts each.
    for (let i = 0; i < 36; i++) {
      const blocked = i % 9 === 8;
      const friend = await t.factory.friend(channel!.id, {
        followedAt: now,
        ...(blocked ? { status: 'blocked' as const, blockedAt: now } : {}),
      });
      await addToBucket(t.db, scope, 'follows', friend.followedAt!, 1, 'new');
      if (blocked) await addToBucket(t.db, scope, 'blocks', friend.blockedAt!);
    }
    await decorateDemoFriends(t.db, channel!.id, now);
    // Written once: a second pass moves nothing.
    await decorateDemoFriends(t.db, channel!.id, now);

    const of = (days: DashboardPeriod) => dashboard(t.ctx, request, { days });
    const sum = (d: Awaited<ReturnType<typeof of>>, key: 'follows' | 'blocks') =>
      d.series.reduce((total, day) => total + day[key], 0);
    const quarter = await of('90');
    expect(quarter.friends).toEqual({ total: 36, following: 32, blocked: 4 });
    expect(sum(quarter, 'follows')).toBe(36);
    expect(sum(quarter, 'blocks')).toBe(4);
    expect(quarter.change).toEqual({ total: 36, following: 32, blocked: 4 });
    expect(quarter.series.filter((day) => day.follows > 0).length).toBeGreaterThan(20);
    for (const days of ['7', '30'] as const) {
      const period = await of(days);
      expect(sum(period, 'follows')).toBeGreaterThan(0);
      expect(sum(period, 'follows')).toBeLessThan(36);
      expect(period.change.following).toBe(sum(period, 'follows') - sum(period, 'blocks'));
    }

    const month = await of('30');
    const plans = month.tops.find((top) => top.kind === 'plans')?.items ?? [];
    expect(plans).toContainEqual(expect.objectContaining({ label: DEMO_SURVEY_SCENARIO, value: 9 }));
    const routes = month.tops.find((top) => top.kind === 'inflows')?.items ?? [];
    expect(routes[0]).toMatchObject({ label: DEMO_INFLOW_INSTAGRAM });
    expect(routes.reduce((total, item) => total + item.value, 0)).toBeGreaterThan(10);
  });
});
