import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { permissionsWith, planAnalysisApi, plansApi, type PlanAnalysisDetail } from '@linq/contract';
import { useTestApp } from '../../test/kit.ts';
import { friends } from '../friends/schema.ts';
import { createPlan, simplePlan } from '../plans/test-support.ts';
import { planWithKnownHistory } from './test-support.ts';

const t = useTestApp({ tenants: 2, simulator: false });

/** Box id → figures, options as [taps, tap_rate]. */
function figuresByBox(detail: PlanAnalysisDetail) {
  return Object.fromEntries(
    detail.plan_actions.map((action) => [
      action.box_id,
      {
        sent: action.figures.sent,
        failed: action.figures.failed,
        waiting: action.figures.waiting,
        options: action.figures.options.map((option) => [option.taps, option.tap_rate]),
      },
    ]),
  );
}

describe('plan analysis figures (issue 15)', () => {
  it('counts sends, failures, friends waiting and taps of a known history', async () => {
    const { plan, friendIds } = await planWithKnownHistory(t, t.staff as { lineAccountId: number });
    const { output } = await t.call(planAnalysisApi.get, { params: { id: plan.plan.id! }, query: {} }, t.staff);
    expect(output.plan.id).toBe(plan.plan.id);
    expect(output.plan_timings).toHaveLength(3);
    expect(figuresByBox(output)).toEqual({
      'box-0': {
        sent: 5,
        failed: 1,
        waiting: 1,
        options: [
          [3, 60],
          [1, 20],
        ],
      },
      'box-1-0': { sent: 3, failed: 0, waiting: 0, options: [] },
      'box-1-1': { sent: 0, failed: 0, waiting: 1, options: [] },
      'box-2-0': { sent: 1, failed: 0, waiting: 2, options: [] },
    });
    const box0 = output.plan_actions.find((action) => action.box_id === 'box-0')!;
    expect(box0.figures.options.map((option) => [option.label, option.box_id])).toEqual([
      ['はい', 'box-1-0'],
      ['いいえ', 'box-1-1'],
    ]);
    // Friends in the plan now (2–5), due soonest first, the one waiting for a tap last; 1 finished, 6 stopped.
    const [, f2, f3, f4, f5] = friendIds;
    expect(output.friends.map((friend) => [friend.id, friend.box_id])).toEqual([
      [f4, 'box-1-1'],
      [f2, 'box-2-0'],
      [f3, 'box-2-0'],
      [f5, 'box-0'],
    ]);
    expect(output.friends[0]!.next_action_at).toBe('2026-11-20T01:00:00.000Z');
    expect(output.profiles.map((profile) => profile.display_name).sort()).toEqual(
      ['分析 友だち2', '分析 友だち3', '分析 友だち4', '分析 友だち5'].sort(),
    );

    const atBox = await t.call(
      planAnalysisApi.get,
      { params: { id: plan.plan.id! }, query: { box_id: 'box-2-0' } },
      t.staff,
    );
    expect(atBox.output.friends.map((friend) => friend.id)).toEqual([f2, f3]);
    expect(atBox.output.profiles.map((profile) => profile.id)).toEqual([f2, f3]);
    const nowhere = await t.call(
      planAnalysisApi.get,
      { params: { id: plan.plan.id! }, query: { box_id: 'box-9' } },
      t.staff,
    );
    expect(nowhere.output.friends).toEqual([]);
  });

  it('counts friends who blocked the channel apart, as blocked, not as waiting', async () => {
    const { plan, friendIds } = await planWithKnownHistory(t, t.staff as { lineAccountId: number }, 'ブロック');
    const [, f2, , , f5] = friendIds;
    await t.db.update(friends).set({ status: 'blocked' }).where(eq(friends.id, f2!));
    await t.db.update(friends).set({ status: 'blocked' }).where(eq(friends.id, f5!));
    const { output } = await t.call(planAnalysisApi.get, { params: { id: plan.plan.id! }, query: {} }, t.staff);
    const figures = (boxId: string) => output.plan_actions.find((action) => action.box_id === boxId)!.figures;
    // f5 waited for a tap at box-0 and f2 for box-2-0: both blocked since.
    expect(figures('box-0')).toMatchObject({ waiting: 0, blocked: 1 });
    expect(figures('box-2-0')).toMatchObject({ waiting: 1, blocked: 1 });
    expect(figures('box-1-1')).toMatchObject({ waiting: 1, blocked: 0 });
    expect(
      output.friends
        .filter((friend) => friend.blocked)
        .map((friend) => friend.id)
        .sort(),
    ).toEqual([f2, f5].sort());
  });

  it('filters sends and taps by days of the account time zone; 0% when nothing was sent', async () => {
    const { plan } = await planWithKnownHistory(t, t.staff as { lineAccountId: number }, '期間');
    const id = plan.plan.id!;
    const day = async (from: string, to: string) =>
      figuresByBox((await t.call(planAnalysisApi.get, { params: { id }, query: { from, to } }, t.staff)).output);
    // 11-10 (Tokyo): only box-0; box-1-0 went at 15:30 UTC, already 11-11 in Tokyo, as were the taps.
    expect(await day('2026-11-10', '2026-11-10')).toMatchObject({
      'box-0': {
        sent: 5,
        failed: 1,
        waiting: 1,
        options: [
          [0, 0],
          [0, 0],
        ],
      },
      'box-1-0': { sent: 0 },
      'box-2-0': { sent: 0 },
    });
    // 11-11: the taps, but box-0 was sent the day before: the tap rate's denominator is 0, so 0%.
    expect(await day('2026-11-11', '2026-11-11')).toMatchObject({
      'box-0': {
        sent: 0,
        failed: 0,
        options: [
          [3, 0],
          [1, 0],
        ],
      },
      'box-1-0': { sent: 3 },
      'box-2-0': { sent: 0, waiting: 2 },
    });
    expect(await day('2026-11-11', '2026-11-30')).toMatchObject({ 'box-1-0': { sent: 3 }, 'box-2-0': { sent: 1 } });
    const open = await t.call(planAnalysisApi.get, { params: { id }, query: { from: '2026-11-12' } }, t.staff);
    expect(figuresByBox(open.output)['box-2-0']!.sent).toBe(1);
    expect(figuresByBox(open.output)['box-0']!.sent).toBe(0);
  });

  it('answers zeros for a plan that never sent', async () => {
    const plan = await createPlan(t, t.staff, simplePlan('scenario', '未配信'));
    const { output } = await t.call(planAnalysisApi.get, { params: { id: plan.plan.id! }, query: {} }, t.staff);
    expect(figuresByBox(output)).toEqual({ 'box-0': { sent: 0, failed: 0, waiting: 0, options: [] } });
    expect(output.friends).toEqual([]);
    expect(output.profiles).toEqual([]);
  });

  it('lists every plan with its headline figures, with the plans list filters', async () => {
    const { plan } = await planWithKnownHistory(t, t.staff as { lineAccountId: number }, '一覧の分析');
    const quiet = await createPlan(t, t.staff, simplePlan('broadcast', '一覧の静かな配信'));
    const { output } = await t.call(planAnalysisApi.list, { query: { q: '一覧の' } }, t.staff);
    expect(output.total_item_count).toBe(2);
    const byId = new Map(output.data.map((item) => [item.id, item]));
    expect(byId.get(plan.plan.id!)).toMatchObject({
      name: '一覧の分析',
      enrolled_count: 4,
      sent_count: 9,
      failed_count: 1,
      finished_count: 1,
    });
    expect(byId.get(quiet.plan.id!)).toMatchObject({
      enrolled_count: 0,
      sent_count: 0,
      failed_count: 0,
      finished_count: 0,
    });
    // The plans list counts the same messages sent.
    const plansList = await t.call(plansApi.list, { query: { q: '一覧の分析' } }, t.staff);
    expect(plansList.output.data.map((item) => [item.id, item.sent_count])).toEqual([[plan.plan.id, 9]]);
    const broadcasts = await t.call(planAnalysisApi.list, { query: { q: '一覧の', plan_type: 'broadcast' } }, t.staff);
    expect(broadcasts.output.data.map((item) => item.id)).toEqual([quiet.plan.id]);
  });
});

describe('plan analysis isolation and permission', () => {
  it("answers 404 for another channel's plan and leaves it out of the list", async () => {
    const otherChannel = { token: t.other.tokens.staff, lineAccountId: t.other.channels[0]!.id };
    const theirs = await planWithKnownHistory(t, otherChannel, '他社のシナリオ');
    const response = await t.send(planAnalysisApi.get, { params: { id: theirs.plan.plan.id } }, t.staff);
    expect(response.status).toBe(404);
    // The same tenant's second channel is another channel too.
    const second = { token: t.tenant.tokens.staff, lineAccountId: t.tenant.channels[1]!.id };
    expect((await t.send(planAnalysisApi.get, { params: { id: theirs.plan.plan.id } }, second)).status).toBe(404);
    const { output } = await t.call(planAnalysisApi.list, { query: { limit: 100 } }, t.staff);
    expect(output.data.some((item) => item.id === theirs.plan.plan.id)).toBe(false);
  });

  it('lets plan_analysis viewers in, shows pictures only with the personal-data authority, refuses without the feature', async () => {
    const { plan } = await planWithKnownHistory(t, t.staff as { lineAccountId: number }, '権限');
    const lineAccountId = t.tenant.channels[0]!.id;
    const viewer = { token: t.tenant.tokens.viewer, lineAccountId };
    await t.db
      .update(friends)
      .set({ pictureUrl: 'https://example.com/p.png' })
      .where(eq(friends.lineAccountId, lineAccountId));
    const asViewer = await t.call(planAnalysisApi.get, { params: { id: plan.plan.id! }, query: {} }, viewer);
    expect(asViewer.output.profiles.length).toBe(4);
    expect(asViewer.output.profiles.every((profile) => profile.picture_url === null)).toBe(true);
    const asStaff = await t.call(planAnalysisApi.get, { params: { id: plan.plan.id! }, query: {} }, t.staff);
    expect(asStaff.output.profiles.every((profile) => profile.picture_url === 'https://example.com/p.png')).toBe(true);

    const permissions = permissionsWith('edit', true);
    permissions.features.plan_analysis = 'none';
    const authority = await t.factory.staffAuthority(t.tenant.account.id, permissions);
    const user = await t.factory.user('service', {
      accountId: t.tenant.account.id,
      staffAuthorityId: authority.id,
      lineAccountIds: [lineAccountId],
    });
    const caller = { token: await t.factory.login('service', user.email), lineAccountId };
    expect((await t.send(planAnalysisApi.list, {}, caller)).status).toBe(403);
    expect((await t.send(planAnalysisApi.get, { params: { id: plan.plan.id } }, caller)).status).toBe(403);
  });
});
