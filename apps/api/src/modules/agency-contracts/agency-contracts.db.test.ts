import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  agencyContractsApi,
  CONTRACT_END_BEFORE_START_MESSAGE,
  CONTRACT_OVERLAP_MESSAGE,
  CONTRACT_TRANSITION_MESSAGE,
  UNKNOWN_CLIENT_MESSAGE,
  UNKNOWN_PLAN_MESSAGE,
  type ContractBody,
} from '@linq/contract';
import { useTestApp } from '../../test/kit.ts';
import { accounts } from '../tenants/schema.ts';
import { followDates } from './service.ts';

const t = useTestApp({ tenants: 2, role: 'api' });

let manager: { token: string };
let member: { token: string };
let otherAgency: { token: string };
let planId: number;
let secondPlanId: number;
let foreignPlanId: number;

beforeAll(async () => {
  t.ctx.clock.set(new Date('2026-04-01T03:00:00Z'));
  manager = { token: t.tenant.tokens.agency };
  const memberUser = await t.factory.user('agency', { agencyId: t.tenant.agency.id, agencyRole: 'member' });
  member = { token: await t.factory.login('agency', memberUser.email) };
  otherAgency = { token: t.other.tokens.agency };
  planId = (await t.factory.oemPlan(t.tenant.agency.oemId, { name: 'ライト' })).id;
  secondPlanId = (await t.factory.oemPlan(t.tenant.agency.oemId, { name: 'プロ' })).id;
  foreignPlanId = (await t.factory.oemPlan(t.other.agency.oemId)).id;
});

const body = (values: Partial<ContractBody> = {}): ContractBody => ({
  account_id: t.tenant.account.id,
  oem_plan_id: planId,
  start_date: '2026-04-01',
  end_date: '2027-03-31',
  monthly_fee_yen: 30000,
  billing_cycle: 'monthly',
  auto_renewal: false,
  notes: '初年度',
  ...values,
});

const accountPlan = async () =>
  (await t.db.select().from(accounts).where(eq(accounts.id, t.tenant.account.id)))[0]?.oemPlanId;

describe('contracts (agency area)', () => {
  it('creates a draft, refuses bad dates, another agency’s account and another OEM’s plan (422)', async () => {
    const created = await t.call(agencyContractsApi.create, { body: body() }, manager);
    expect(created.status).toBe(201);
    expect(created.output.data).toMatchObject({
      status: 'draft',
      monthly_fee_yen: 30000,
      plan: { id: planId },
      next_statuses: ['active', 'cancelled'],
    });
    expect(created.output.data.history).toHaveLength(1);
    expect(created.output.data.history[0]).toMatchObject({ action: 'created', user_name: t.tenant.agencyUser.name });
    expect(await accountPlan()).toBeNull();

    const backwards = await t.send(agencyContractsApi.create, { body: body({ end_date: '2026-03-31' }) }, manager);
    expect(backwards.json.errors).toEqual({ end_date: { description: CONTRACT_END_BEFORE_START_MESSAGE } });
    const foreign = await t.send(
      agencyContractsApi.create,
      { body: body({ account_id: t.other.account.id }) },
      manager,
    );
    expect(foreign.json.errors).toEqual({ account_id: { description: UNKNOWN_CLIENT_MESSAGE } });
    const plan = await t.send(agencyContractsApi.create, { body: body({ oem_plan_id: foreignPlanId }) }, manager);
    expect(plan.json.errors).toEqual({ oem_plan_id: { description: UNKNOWN_PLAN_MESSAGE } });
  });

  it('activates (the account takes its plan), refuses an overlapping one and transitions not allowed, cancels', async () => {
    const first = (await t.call(agencyContractsApi.create, { body: body() }, manager)).output.data;
    const active = await t.call(
      agencyContractsApi.transition,
      { params: { id: first.id }, body: { status: 'active' } },
      manager,
    );
    expect(active.output.data).toMatchObject({ status: 'active', next_statuses: ['ended', 'cancelled'] });
    expect(await accountPlan()).toBe(planId);

    // Editing the live contract's plan moves the account with it.
    const edited = await t.call(
      agencyContractsApi.update,
      { params: { id: first.id }, body: body({ oem_plan_id: secondPlanId }) },
      manager,
    );
    expect(edited.output.data.history[0]).toMatchObject({ action: 'updated', changes: { plan: ['ライト', 'プロ'] } });
    expect(await accountPlan()).toBe(secondPlanId);

    const second = (
      await t.call(
        agencyContractsApi.create,
        { body: body({ start_date: '2027-01-01', end_date: '2027-12-31' }) },
        manager,
      )
    ).output.data;
    const overlap = await t.call(
      agencyContractsApi.transition,
      { params: { id: second.id }, body: { status: 'active' } },
      manager,
    );
    expect(overlap.status).toBe(422);
    expect(overlap.json.errors).toEqual({ start_date: { description: CONTRACT_OVERLAP_MESSAGE } });
    const skip = await t.call(
      agencyContractsApi.transition,
      { params: { id: second.id }, body: { status: 'ended' } },
      manager,
    );
    expect(skip.json.errors).toEqual({ status: { description: CONTRACT_TRANSITION_MESSAGE } });

    const cancelled = await t.call(
      agencyContractsApi.transition,
      { params: { id: first.id }, body: { status: 'cancelled' } },
      manager,
    );
    expect(cancelled.output.data).toMatchObject({ status: 'cancelled', next_statuses: [] });
    const again = await t.call(
      agencyContractsApi.transition,
      { params: { id: second.id }, body: { status: 'active' } },
      manager,
    );
    expect(again.output.data.status).toBe('active');
    expect(await accountPlan()).toBe(planId);
    await t.call(agencyContractsApi.transition, { params: { id: second.id }, body: { status: 'cancelled' } }, manager);
  });

  it('follows the test clock: ending within 30 days, ended past the end, renewed when it auto-renews', async () => {
    const account = await t.factory.account({ agencyId: t.tenant.agency.id, oemId: t.tenant.agency.oemId });
    const make = async (values: Partial<ContractBody>) => {
      const { id } = (
        await t.call(agencyContractsApi.create, { body: body({ account_id: account.id, ...values }) }, manager)
      ).output.data;
      return (await t.call(agencyContractsApi.transition, { params: { id }, body: { status: 'active' } }, manager))
        .output.data;
    };
    const soon = await make({ start_date: '2026-01-01', end_date: '2026-04-20' });
    expect(soon.status).toBe('ending');
    const renewing = await make({
      start_date: '2026-04-21',
      end_date: '2026-05-20',
      auto_renewal: true,
      billing_cycle: 'monthly',
    });
    expect(renewing.status).toBe('active');

    t.ctx.clock.set(new Date('2026-05-25T03:00:00Z'));
    await followDates(t.ctx);
    const ended = (await t.call(agencyContractsApi.get, { params: { id: soon.id } }, manager)).output.data;
    expect(ended.status).toBe('ended');
    expect(ended.history[0]).toMatchObject({
      action: 'status',
      user_name: null,
      changes: { status: ['ending', 'ended'] },
    });
    const renewed = (await t.call(agencyContractsApi.get, { params: { id: renewing.id } }, manager)).output.data;
    expect(renewed).toMatchObject({ status: 'ending', start_date: '2026-05-21', end_date: '2026-06-20' });
    expect(renewed.history[0]?.action).toBe('renewed');
    t.ctx.clock.set(new Date('2026-04-01T03:00:00Z'));
  });

  it('leaves the account its plan (and its limits) when its contract ends, by date or by hand, or is cancelled', async () => {
    const account = await t.factory.account({ agencyId: t.tenant.agency.id, oemId: t.tenant.agency.oemId });
    const planOf = async () => (await t.db.select().from(accounts).where(eq(accounts.id, account.id)))[0]?.oemPlanId;
    const activate = async (values: Partial<ContractBody>) => {
      const { id } = (
        await t.call(agencyContractsApi.create, { body: body({ account_id: account.id, ...values }) }, manager)
      ).output.data;
      await t.call(agencyContractsApi.transition, { params: { id }, body: { status: 'active' } }, manager);
      return id;
    };
    const byDate = await activate({ start_date: '2026-01-01', end_date: '2026-04-10', oem_plan_id: secondPlanId });
    t.ctx.clock.set(new Date('2026-04-15T03:00:00Z'));
    await followDates(t.ctx);
    expect((await t.call(agencyContractsApi.get, { params: { id: byDate } }, manager)).output.data.status).toBe(
      'ended',
    );
    expect(await planOf()).toBe(secondPlanId);

    const byHand = await activate({ start_date: '2026-04-15', end_date: '2026-09-30', oem_plan_id: planId });
    expect(await planOf()).toBe(planId);
    await t.call(agencyContractsApi.transition, { params: { id: byHand }, body: { status: 'ended' } }, manager);
    expect(await planOf()).toBe(planId);

    const cancelled = await activate({ start_date: '2026-10-01', end_date: '2027-03-31', oem_plan_id: secondPlanId });
    await t.call(agencyContractsApi.transition, { params: { id: cancelled }, body: { status: 'cancelled' } }, manager);
    expect(await planOf()).toBe(secondPlanId);
    t.ctx.clock.set(new Date('2026-04-01T03:00:00Z'));
  });

  it('leaves fees out for members (list, detail, history, CSV) and ignores a fee a member sends', async () => {
    const contract = (await t.call(agencyContractsApi.create, { body: body({ notes: '会員確認' }) }, member)).output
      .data;
    expect(contract).not.toHaveProperty('monthly_fee_yen');
    const asManager = (await t.call(agencyContractsApi.get, { params: { id: contract.id } }, manager)).output.data;
    expect(asManager.monthly_fee_yen).toBe(0);
    await t.call(
      agencyContractsApi.update,
      { params: { id: contract.id }, body: body({ notes: '会員確認', monthly_fee_yen: 5000 }) },
      manager,
    );
    await t.call(
      agencyContractsApi.update,
      { params: { id: contract.id }, body: body({ notes: '会員確認', monthly_fee_yen: 1 }) },
      member,
    );
    const detail = (await t.call(agencyContractsApi.get, { params: { id: contract.id } }, member)).output.data;
    expect(detail).not.toHaveProperty('monthly_fee_yen');
    expect(detail.history.some((change) => 'monthly_fee_yen' in change.changes)).toBe(false);
    const list = (await t.call(agencyContractsApi.list, { query: {} }, member)).output.data;
    expect(list.every((row) => !('monthly_fee_yen' in row))).toBe(true);
    expect(
      (await t.call(agencyContractsApi.get, { params: { id: contract.id } }, manager)).output.data.monthly_fee_yen,
    ).toBe(5000);

    const memberCsv = await t.request({ method: 'GET', path: '/agency/contracts/export', token: member.token });
    expect(memberCsv.text).not.toContain('月額');
    const managerCsv = await t.request({
      method: 'GET',
      path: `/agency/contracts/export?q=${encodeURIComponent('会員確認')}`,
      token: manager.token,
    });
    expect(managerCsv.headers['content-type']).toContain('text/csv');
    const [header, row] = managerCsv.text.replace('\uFEFF', '').split('\r\n');
    expect(header).toContain('月額（円）');
    expect(row).toContain('5000');
  });

  it("gives another agency's user 404 and none of the agency's contracts", async () => {
    const contract = (await t.call(agencyContractsApi.list, { query: {} }, manager)).output.data[0]!;
    expect((await t.call(agencyContractsApi.get, { params: { id: contract.id } }, otherAgency)).status).toBe(404);
    const update = await t.call(agencyContractsApi.update, { params: { id: contract.id }, body: body() }, otherAgency);
    expect(update.status).toBe(404);
    expect((await t.call(agencyContractsApi.list, { query: {} }, otherAgency)).output.data).toEqual([]);
  });
});
