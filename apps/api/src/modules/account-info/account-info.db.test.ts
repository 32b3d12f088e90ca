import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  accountInfoApi,
  KANA_MESSAGE,
  REGISTRATION_NUMBER_MESSAGE,
  TIME_ZONE_MESSAGE,
  type AccountInfoBody,
} from '@linq/contract';
import type { Tenant } from '../../test/factory.ts';
import { useTestApp } from '../../test/kit.ts';
import { planEnrolments, plans } from '../plans/schema.ts';
import { accounts } from '../tenants/schema.ts';

const t = useTestApp({ tenants: 2 });

const body = (values: Partial<AccountInfoBody> = {}): AccountInfoBody => ({
  name: '株式会社デモショップ',
  name_kana: 'カブシキガイシャデモショップ',
  postal_code: '100-0001',
  prefecture: '東京都',
  city: '千代田区',
  street: '千代田1-1',
  building: 'デモビル3階',
  phone: '03-1234-5678',
  contact_name: '山田 太郎',
  contact_email: 'Contact@Demo.example',
  registration_number: 'T7000012050002',
  time_zone: 'Asia/Tokyo',
  ...values,
});
const owner = (tenant: Tenant) => ({ token: tenant.tokens.owner });
const inMinutes = (minutes: number) => new Date(t.ctx.clock.now().getTime() + minutes * 60_000);

/** A broadcast of the channel set to go out at `sendAt`. */
async function broadcast(lineAccountId: number, sendAt: Date, values: Partial<typeof plans.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(plans)
    .values({ lineAccountId, name: '一斉配信', planType: 'broadcast', isActive: true, sendAt, ...values })
    .returning();
  return row!;
}

/** A friend of the channel in a scenario whose next send is due at `nextActionAt`. */
async function enrolled(lineAccountId: number, nextActionAt: Date, status: 'active' | 'paused' = 'active') {
  const [plan] = await t.db
    .insert(plans)
    .values({ lineAccountId, name: 'シナリオ', planType: 'scenario', isActive: true })
    .returning();
  const friend = await t.factory.friend(lineAccountId);
  await t.db
    .insert(planEnrolments)
    .values({ lineAccountId, planId: plan!.id, friendId: friend.id, status, nextActionAt });
}

describe('company info (/account/info)', () => {
  it('reads, saves and reads back the info of the owner’s own account', async () => {
    const before = (await t.call(accountInfoApi.get, {}, owner(t.tenant))).output.data;
    expect(before.name).toBe(t.tenant.account.name);

    const saved = await t.send(
      accountInfoApi.update,
      { body: body({ time_zone: 'America/New_York' }) },
      owner(t.tenant),
    );
    expect(saved.status).toBe(200);
    const after = (await t.call(accountInfoApi.get, {}, owner(t.tenant))).output.data;
    expect(after).toMatchObject({
      name: '株式会社デモショップ',
      postal_code: '1000001',
      prefecture: '東京都',
      contact_email: 'contact@demo.example',
      registration_number: 'T7000012050002',
      time_zone: 'America/New_York',
    });

    // The other tenant's account is untouched, and its owner reads only its own.
    const [other] = await t.db.select().from(accounts).where(eq(accounts.id, t.tenants[1]!.account.id));
    expect(other!.registrationNumber).toBe('');
    const theirs = (await t.call(accountInfoApi.get, {}, owner(t.tenants[1]!))).output.data;
    expect(theirs.name).toBe(t.tenants[1]!.account.name);
    expect(theirs.registration_number).toBe('');
  });

  it('lets every field but the name stay empty', async () => {
    const empty = body({
      name_kana: '',
      postal_code: '',
      prefecture: '',
      city: '',
      street: '',
      building: '',
      phone: '',
      contact_name: '',
      contact_email: '',
      registration_number: '',
    });
    expect((await t.send(accountInfoApi.update, { body: empty }, owner(t.tenant))).status).toBe(200);
  });

  it('refuses invalid input with field messages (422)', async () => {
    const cases: [Partial<AccountInfoBody>, string, string | null][] = [
      [{ registration_number: 'T8000012050002' }, 'registration_number', REGISTRATION_NUMBER_MESSAGE],
      [{ registration_number: '7000012050002' }, 'registration_number', REGISTRATION_NUMBER_MESSAGE],
      [{ name_kana: 'でもしょっぷ' }, 'name_kana', KANA_MESSAGE],
      [{ time_zone: 'Mars/Olympus' }, 'time_zone', TIME_ZONE_MESSAGE],
      [{ postal_code: '12345' }, 'postal_code', null],
      [{ prefecture: '東京' }, 'prefecture', null],
      [{ phone: '03(1234)5678' }, 'phone', null],
      [{ contact_email: 'not-an-address' }, 'contact_email', null],
      [{ name: ' ' }, 'name', null],
    ];
    for (const [values, field, message] of cases) {
      const response = await t.send(accountInfoApi.update, { body: body(values) }, owner(t.tenant));
      expect(response.status, field).toBe(422);
      const errors = response.json.errors as Record<string, { description: string }>;
      expect(Object.keys(errors), field).toContain(field);
      if (message) expect(errors[field]?.description).toBe(message);
    }
  });
});

describe('time zone preview', () => {
  it('counts the account’s broadcasts ahead and scenario sends due, not others’ nor past ones', async () => {
    const [a, b] = [t.tenants[0]!, t.tenants[1]!];
    const preview = async (tenant: Tenant) =>
      (await t.call(accountInfoApi.timeZonePreview, {}, owner(tenant))).output.data;
    const start = await preview(a);

    await broadcast(a.channels[0]!.id, inMinutes(60));
    await broadcast(a.channels[1]!.id, inMinutes(120));
    await broadcast(a.channels[0]!.id, inMinutes(-5));
    await broadcast(a.channels[0]!.id, inMinutes(60), { isActive: false });
    await broadcast(a.channels[0]!.id, inMinutes(60), { broadcastStartedAt: inMinutes(-1) });
    await broadcast(b.channels[0]!.id, inMinutes(60));
    await enrolled(a.channels[0]!.id, inMinutes(30));
    await enrolled(a.channels[0]!.id, inMinutes(30), 'paused');
    await enrolled(b.channels[0]!.id, inMinutes(30));

    expect(await preview(a)).toEqual({
      scheduled_broadcasts: start.scheduled_broadcasts + 2,
      scenario_sends: start.scenario_sends + 1,
    });
  });
});
