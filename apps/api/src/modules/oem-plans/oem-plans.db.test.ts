import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  oemPlansApi,
  PLAN_DELETED_MESSAGE,
  PLAN_NAME_TAKEN_MESSAGE,
  PLAN_RETIRED_INSTEAD_MESSAGE,
  taxedPrice,
  type OemPlanBody,
} from '@linq/contract';
import { useTestApp } from '../../test/kit.ts';
import { oemAdmin } from '../accounts/test-support.ts';
import { accounts, oemPlans } from '../tenants/schema.ts';

const t = useTestApp({ tenants: 2, role: 'api' });

const PLAN: OemPlanBody = {
  name: 'ライト',
  monthly_price_yen: 4980,
  max_channels: 1,
  max_staff_users: 3,
  max_monthly_messages: 1000,
  rich_menu_rules: false,
  forms: true,
  inflow_routes: true,
};

let admin: { token: string };
let otherAdmin: { token: string };

beforeAll(async () => {
  admin = await oemAdmin(t, t.tenant.agency.oemId);
  otherAdmin = await oemAdmin(t, t.other.agency.oemId);
});

describe('OEM plans', () => {
  it('taxes a price as a Japanese invoice does: 10 % rounded down once', () => {
    expect(taxedPrice(4980)).toEqual({ excluding_tax: 4980, tax: 498, including_tax: 5478 });
    expect(taxedPrice(1999)).toEqual({ excluding_tax: 1999, tax: 199, including_tax: 2198 });
    expect(taxedPrice(0)).toEqual({ excluding_tax: 0, tax: 0, including_tax: 0 });
  });

  it('creates, lists, reads and updates a plan with its price and limits', async () => {
    const created = await t.call(oemPlansApi.create, { body: PLAN }, admin);
    expect(created.status).toBe(201);
    const plan = created.output.data;
    expect(plan).toMatchObject({
      ...PLAN,
      status: 'active',
      price: { excluding_tax: 4980, tax: 498, including_tax: 5478 },
      account_count: 0,
    });
    const list = await t.call(oemPlansApi.list, { query: { q: 'ライト', status: 'active' } }, admin);
    expect(list.output.data.map((p) => p.id)).toEqual([plan.id]);
    const updated = await t.call(
      oemPlansApi.update,
      { params: { id: plan.id }, body: { ...PLAN, monthly_price_yen: 5980, inflow_routes: false } },
      admin,
    );
    expect(updated.output.data).toMatchObject({ monthly_price_yen: 5980, inflow_routes: false, price: { tax: 598 } });
    expect((await t.call(oemPlansApi.get, { params: { id: plan.id } }, admin)).output.data.monthly_price_yen).toBe(
      5980,
    );
  });

  it('refuses invalid input and a name the OEM uses already (422), but another OEM may use it', async () => {
    const cases: [Partial<Record<keyof OemPlanBody, unknown>>, string][] = [
      [{ name: '' }, 'name'],
      [{ monthly_price_yen: -1 }, 'monthly_price_yen'],
      [{ monthly_price_yen: 1.5 }, 'monthly_price_yen'],
      [{ max_channels: 'many' }, 'max_channels'],
      [{ max_monthly_messages: 10_000_000_000 }, 'max_monthly_messages'],
      [{ forms: 'yes' }, 'forms'],
      [{ status: 'deleted' }, 'status'],
    ];
    for (const [values, field] of cases) {
      const response = await t.send(oemPlansApi.create, { body: { ...PLAN, name: 'X', ...values } }, admin);
      expect(response.status, field).toBe(422);
      expect(Object.keys(response.json.errors as object)).toContain(field);
    }
    const duplicate = await t.send(oemPlansApi.create, { body: { ...PLAN, name: 'ライト' } }, admin);
    expect(duplicate.json.errors).toEqual({ name: { description: PLAN_NAME_TAKEN_MESSAGE } });
    expect((await t.call(oemPlansApi.create, { body: PLAN }, otherAdmin)).status).toBe(201);
  });

  it('deletes a plan no account uses and retires one in use instead', async () => {
    const unused = (await t.call(oemPlansApi.create, { body: { ...PLAN, name: '未使用' } }, admin)).output.data;
    const removed = await t.call(oemPlansApi.remove, { params: { id: unused.id } }, admin);
    expect(removed.output.data.message).toBe(PLAN_DELETED_MESSAGE);
    expect((await t.call(oemPlansApi.get, { params: { id: unused.id } }, admin)).status).toBe(404);

    const used = (await t.call(oemPlansApi.create, { body: { ...PLAN, name: '利用中' } }, admin)).output.data;
    await t.db.update(accounts).set({ oemPlanId: used.id }).where(eq(accounts.id, t.tenant.account.id));
    const retired = await t.call(oemPlansApi.remove, { params: { id: used.id } }, admin);
    expect(retired.output.data.message).toBe(PLAN_RETIRED_INSTEAD_MESSAGE);
    expect((await t.call(oemPlansApi.get, { params: { id: used.id } }, admin)).output.data).toMatchObject({
      status: 'retired',
      account_count: 1,
    });
  });

  it("gives another OEM's admin 404 and changes nothing", async () => {
    const plan = (await t.call(oemPlansApi.create, { body: { ...PLAN, name: '非公開' } }, admin)).output.data;
    const [before] = await t.db.select().from(oemPlans).where(eq(oemPlans.id, plan.id));
    expect((await t.call(oemPlansApi.get, { params: { id: plan.id } }, otherAdmin)).status).toBe(404);
    expect(
      (await t.call(oemPlansApi.update, { params: { id: plan.id }, body: { ...PLAN, name: '奪取' } }, otherAdmin))
        .status,
    ).toBe(404);
    expect((await t.call(oemPlansApi.remove, { params: { id: plan.id } }, otherAdmin)).status).toBe(404);
    const list = await t.call(oemPlansApi.list, { query: { limit: 1000 } }, otherAdmin);
    expect(list.output.data.map((p) => p.id)).not.toContain(plan.id);
    const [after] = await t.db.select().from(oemPlans).where(eq(oemPlans.id, plan.id));
    expect(after).toEqual(before);
  });

  it("lets the database refuse an account on another OEM's plan", async () => {
    const foreign = (await t.call(oemPlansApi.create, { body: { ...PLAN, name: '他OEM' } }, otherAdmin)).output.data;
    await expect(
      t.db.update(accounts).set({ oemPlanId: foreign.id }).where(eq(accounts.id, t.tenant.account.id)),
    ).rejects.toThrow();
  });
});
