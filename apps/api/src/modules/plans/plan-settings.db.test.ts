import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  NIGHT_WINDOW_SAME_MESSAGE,
  TIME_OF_DAY_MESSAGE,
  plansApi,
  type PlanDetail,
  type PlanSettingsInput,
} from '@linq/contract';
import { useTestApp } from '../../test/kit.ts';
import { planSends } from '../plan-engine/schema.ts';
import { planEnrolments } from './schema.ts';
import { addChild, branchingScenario, createPlan, readPlan, savePlan, simplePlan } from './test-support.ts';

/*
 * The channel's plan settings (friend-added scenario, night window), a plan's history (written on
 * create, save, copy, activate and deactivate) and the list's sent and missed counts.
 */

const t = useTestApp({ tenants: 2, simulator: true });

const night = (enabled: boolean, start: string, end: string): PlanSettingsInput => ({
  night_window: { enabled, start, end },
});
const viewerOf = () => ({ token: t.tenant.tokens.viewer, lineAccountId: t.tenant.channels[0]!.id });

describe('plan settings (night window)', () => {
  it('is off by default with 22:00–09:00 offered, and keeps a window set on', async () => {
    const lineAccountId = t.tenant.channels[1]!.id;
    const caller = { token: t.tenant.tokens.staff, lineAccountId };
    const fresh = await t.call(plansApi.settings, {}, caller);
    expect(fresh.output.data).toEqual({
      friend_added_plan: null,
      night_window: { enabled: false, start: '22:00', end: '09:00' },
    });

    const set = await t.call(plansApi.updateSettings, { body: night(true, '21:30', '08:00') }, caller);
    expect(set.output.data.night_window).toEqual({ enabled: true, start: '21:30', end: '08:00' });
    expect((await t.call(plansApi.settings, {}, caller)).output.data.night_window).toEqual({
      enabled: true,
      start: '21:30',
      end: '08:00',
    });

    await t.call(plansApi.updateSettings, { body: night(false, '21:30', '08:00') }, caller);
    expect((await t.call(plansApi.settings, {}, caller)).output.data.night_window.enabled).toBe(false);
  });

  it('names the friend-added scenario', async () => {
    const caller = { token: t.tenant.tokens.staff, lineAccountId: t.tenant.channels[1]!.id };
    const welcome = branchingScenario('ようこそ');
    const created = await createPlan(t, caller, {
      ...welcome,
      plan: { ...welcome.plan, scenario_trigger: 'friend_added' },
    });
    const settings = await t.call(plansApi.settings, {}, caller);
    expect(settings.output.data.friend_added_plan).toEqual({ id: created.plan.id, name: 'ようこそ' });
  });

  it('refuses equal or malformed times with keyed Japanese messages (422)', async () => {
    const same = await t.send(plansApi.updateSettings, { body: night(true, '22:00', '22:00') }, t.staff);
    expect(same.status).toBe(422);
    expect(JSON.stringify(same.json.errors)).toContain(NIGHT_WINDOW_SAME_MESSAGE);
    const malformed = await t.send(plansApi.updateSettings, { body: night(true, '25:00', '9:00') }, t.staff);
    expect(malformed.status).toBe(422);
    expect(Object.keys(malformed.json.errors as object).sort()).toEqual(['night_window.end', 'night_window.start']);
    expect(JSON.stringify(malformed.json.errors)).toContain(TIME_OF_DAY_MESSAGE);
    expect((await t.call(plansApi.settings, {}, t.staff)).output.data.night_window.enabled).toBe(false);
  });

  it("keeps each channel's window to itself", async () => {
    const owner = await t.factory.tenant();
    const mine = { token: owner.tokens.staff, lineAccountId: owner.channels[0]!.id };
    const theirs = { token: t.other.tokens.staff, lineAccountId: t.other.channels[0]!.id };
    await t.call(plansApi.updateSettings, { body: night(true, '23:00', '07:00') }, mine);
    expect((await t.call(plansApi.settings, {}, theirs)).output.data.night_window.enabled).toBe(false);
    const foreign = { token: t.tenant.tokens.staff, lineAccountId: t.other.channels[0]!.id };
    expect((await t.send(plansApi.updateSettings, { body: night(true, '22:00', '06:00') }, foreign)).status).toBe(403);
    expect((await t.call(plansApi.settings, {}, theirs)).output.data.night_window.enabled).toBe(false);
  });

  it('lets plans viewers read the settings but not change them', async () => {
    const viewer = viewerOf();
    expect((await t.send(plansApi.settings, {}, viewer)).status).toBe(200);
    expect((await t.send(plansApi.updateSettings, { body: night(true, '22:00', '09:00') }, viewer)).status).toBe(403);
  });
});

describe('plan history', () => {
  const historyOf = async (id: number) =>
    (await t.call(plansApi.history, { params: { id }, query: {} }, t.staff)).output;

  it('records create, save (box and timing counts), deactivate and activate, newest first, with the user', async () => {
    const created = await createPlan(t, t.staff, simplePlan('scenario', '履歴'));
    const id = created.plan.id!;
    const withChild: PlanDetail = addChild(created, 'box-0', 'text_message');
    expect((await savePlan(t, t.staff, withChild)).status).toBe(200);
    expect((await t.send(plansApi.activate, { params: { id }, body: {} }, t.staff)).status).toBe(200);
    expect((await t.send(plansApi.deactivate, { params: { id } }, t.staff)).status).toBe(200);

    const page = await historyOf(id);
    expect(page.total_item_count).toBe(4);
    expect(page.data.map((row) => row.kind)).toEqual(['deactivated', 'activated', 'saved', 'created']);
    expect(page.data.find((row) => row.kind === 'created')!.params).toEqual({ boxes: 1, timings: 0 });
    expect(page.data.find((row) => row.kind === 'saved')!.params).toEqual({
      boxes: 2,
      timings: 1,
      added_boxes: 1,
      removed_boxes: 0,
      timings_before: 0,
    });
    expect(page.data.every((row) => row.user_name !== null && row.user_name.length > 0)).toBe(true);

    // A save that removes the box again.
    expect((await savePlan(t, t.staff, await readPlanWithout(id, 'box-1-0'))).status).toBe(200);
    expect((await historyOf(id)).data[0]!.params).toEqual({
      boxes: 1,
      timings: 0,
      added_boxes: 0,
      removed_boxes: 1,
      timings_before: 1,
    });
  });

  it('counts the friends a deactivation paused and an activation resumed', async () => {
    const plan = await createPlan(t, t.staff, simplePlan('scenario', '履歴・人数'));
    const id = plan.plan.id!;
    await enrol(id, 'active', null);
    await enrol(id, 'active', null);
    await t.call(plansApi.deactivate, { params: { id } }, t.staff);
    await t.call(plansApi.activate, { params: { id }, body: {} }, t.staff);
    const [activated, deactivated] = (await historyOf(id)).data;
    expect(deactivated).toMatchObject({ kind: 'deactivated', affected_count: 2, params: { friends: 2 } });
    expect(activated).toMatchObject({ kind: 'activated', affected_count: 2, params: { friends: 2 } });
  });

  it('pages newest first, writes a copy as created, and keeps other plans and channels out', async () => {
    const plan = await createPlan(t, t.staff, simplePlan('scenario', '履歴・ページ'));
    const id = plan.plan.id!;
    for (let i = 0; i < 3; i += 1) await savePlan(t, t.staff, plan);
    const second = await t.call(plansApi.history, { params: { id }, query: { page: 2, limit: 3 } }, t.staff);
    expect(second.output.total_item_count).toBe(4);
    expect(second.output.data.map((row) => row.kind)).toEqual(['created']);

    const copy = await t.call(plansApi.copy, { params: { id }, body: {} }, t.staff);
    const copied = await historyOf(copy.output.plan.id!);
    expect(copied.data.map((row) => row.params)).toEqual([{ boxes: 1, timings: 0, copied_from: '履歴・ページ' }]);

    const foreign = { token: t.other.tokens.staff, lineAccountId: t.other.channels[0]!.id };
    expect((await t.send(plansApi.history, { params: { id } }, foreign)).status).toBe(404);
    expect((await t.send(plansApi.history, { params: { id } }, viewerOf())).status).toBe(200);
  });
});

describe('list figures: sent_count and missed_count', () => {
  it('counts sent plan_sends, and paused enrolments due by the engine clock', async () => {
    const plan = await createPlan(t, t.staff, simplePlan('scenario', '件数'));
    const id = plan.plan.id!;
    const now = new Date('2026-03-01T00:00:00Z');
    t.ctx.clock.set(now);
    const overdue = await enrol(id, 'paused', new Date(now.getTime() - 60_000));
    await enrol(id, 'paused', new Date(now.getTime() + 3_600_000));
    await enrol(id, 'active', new Date(now.getTime() - 60_000));
    await send(id, overdue, 'sent', 1);
    await send(id, overdue, 'sent', 2);
    await send(id, overdue, 'skipped', 3);

    const figures = async () => {
      const list = await t.call(plansApi.list, { query: { q: '件数' } }, t.staff);
      return list.output.data.find((item) => item.id === id)!;
    };
    expect(await figures()).toMatchObject({ sent_count: 2, missed_count: 1, enrolled_count: 3 });
    // An hour later the second paused friend's send has fallen due too.
    t.ctx.clock.advance(3_600_000);
    expect(await figures()).toMatchObject({ missed_count: 2 });
  });
});

async function readPlanWithout(id: number, boxId: string): Promise<PlanDetail> {
  const detail = await readPlan(t, t.staff, id);
  return {
    ...detail,
    plan_actions: detail.plan_actions.filter((action) => action.box_id !== boxId),
    plan_timings: detail.plan_timings.filter((timing) => timing.end !== boxId),
  };
}

async function enrol(planId: number, status: 'active' | 'paused', nextActionAt: Date | null): Promise<number> {
  const lineAccountId = t.staff.lineAccountId!;
  const friend = await t.factory.friend(lineAccountId);
  const [row] = await t.db
    .insert(planEnrolments)
    .values({ lineAccountId, planId, friendId: friend.id, status, nextActionAt })
    .returning({ id: planEnrolments.id });
  return row!.id;
}

async function send(planId: number, enrolmentId: number, status: 'sent' | 'skipped', occurrence: number) {
  const [enrolment] = await t.db.select().from(planEnrolments).where(eq(planEnrolments.id, enrolmentId));
  const at = new Date('2026-03-01T00:00:00Z');
  await t.db.insert(planSends).values({
    lineAccountId: enrolment!.lineAccountId,
    planId,
    enrolmentId,
    friendId: enrolment!.friendId,
    boxId: 'box-0',
    occurrence,
    status,
    dueAt: at,
    sentAt: at,
  });
}
