import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  agencyNewsApi,
  agencyNoticesApi,
  NOTICE_NOT_SCHEDULED_MESSAGE,
  NOTICE_PLAN_REQUIRED_MESSAGE,
  NOTICE_SEND_AT_PAST_MESSAGE,
  NOTICE_UNKNOWN_ACCOUNT_MESSAGE,
  NOTICE_UNKNOWN_PLAN_MESSAGE,
  newsApi,
  serviceNewsApi,
  type NoticeAudienceBody,
  type NoticeBody,
} from '@linq/contract';
import type { Caller } from '../../test/kit.ts';
import { useTestApp } from '../../test/kit.ts';
import { agencyContracts } from '../agency-contracts/schema.ts';
import { mailOutbox } from '../mail/schema.ts';
import { accounts, oemPlans } from '../tenants/schema.ts';
import { sendDue } from './service.ts';

const t = useTestApp({ tenants: 2, role: 'api' });

const HOUR_MS = 3_600_000;
const at = (offsetMs: number) => new Date(t.ctx.clock.now().getTime() + offsetMs).toISOString();

let manager: Caller;
let member: Caller;
let otherAgency: Caller;
let staffA: Caller;
let viewerA: Caller;
let staffOfNone: Caller;
let planId: number;
let foreignPlanId: number;
/** A's clients: the tenant's own (active contract), one on `planId` (ending contract), one with none. */
let onPlan: { id: number; ownerEmail: string };
let withNone: { id: number; ownerEmail: string };

async function client(values: Partial<typeof accounts.$inferInsert> = {}) {
  const account = await t.factory.account({ oemId: t.tenant.agency.oemId, agencyId: t.tenant.agency.id, ...values });
  const owner = await t.factory.user('account', { accountId: account.id });
  return { id: account.id, ownerEmail: owner.email };
}

async function contract(accountId: number, status: 'active' | 'ending') {
  await t.db.insert(agencyContracts).values({
    agencyId: t.tenant.agency.id,
    accountId,
    oemPlanId: planId,
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    status,
  });
}

beforeAll(async () => {
  t.ctx.clock.set(new Date('2026-04-01T03:00:00Z'));
  manager = { token: t.tenant.tokens.agency };
  const memberUser = await t.factory.user('agency', { agencyId: t.tenant.agency.id, agencyRole: 'member' });
  member = { token: await t.factory.login('agency', memberUser.email) };
  otherAgency = { token: t.other.tokens.agency };
  staffA = { token: t.tenant.tokens.staff };
  viewerA = { token: t.tenant.tokens.viewer };
  planId = (await t.factory.oemPlan(t.tenant.agency.oemId, { name: 'ライト' })).id;
  foreignPlanId = (await t.factory.oemPlan(t.other.agency.oemId)).id;
  onPlan = await client({ oemPlanId: planId });
  withNone = await client();
  await contract(t.tenant.account.id, 'active');
  await contract(onPlan.id, 'ending');
  const channel = await t.factory.lineAccount(withNone.id);
  const authority = await t.factory.staffAuthority(withNone.id);
  const staff = await t.factory.user('service', {
    accountId: withNone.id,
    staffAuthorityId: authority.id,
    lineAccountIds: [channel.id],
  });
  staffOfNone = { token: await t.factory.login('service', staff.email) };
});

const body = (values: Partial<NoticeBody> = {}): NoticeBody => ({
  title: 'サポート窓口の営業時間変更',
  body: '**4月から**サポート窓口は平日10時〜18時になります。',
  audience: 'all',
  ...values,
});

async function preview(audience: NoticeAudienceBody, caller = manager) {
  return t.send(agencyNoticesApi.preview, { body: audience }, caller);
}
const previewCount = async (audience: NoticeAudienceBody) => {
  const answer = await preview(audience);
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return (answer.json.data as { account_count: number }).account_count;
};

async function create(values: Partial<NoticeBody>, caller = manager) {
  const created = await t.call(agencyNoticesApi.create, { body: body(values) }, caller);
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  return created.output.data;
}

const seenBy = async (caller: Caller) =>
  (await t.call(serviceNewsApi.list, { query: { limit: 1000 } }, caller)).output.data;
const mailsTo = async (to: string, subject: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.subject, `【お知らせ】${subject}`)));

describe('agency notices: audience', () => {
  it('resolves all, by plan, by contract state and picked accounts, within the agency only', async () => {
    const agencyClients = (await t.db.select().from(accounts).where(eq(accounts.agencyId, t.tenant.agency.id))).length;
    expect(agencyClients).toBeGreaterThanOrEqual(3);
    expect(await previewCount({ audience: 'all' })).toBe(agencyClients);
    expect(await previewCount({ audience: 'plan', oem_plan_id: planId })).toBe(1);
    expect(await previewCount({ audience: 'contract', contract_state: 'active' })).toBe(1);
    expect(await previewCount({ audience: 'contract', contract_state: 'ending' })).toBe(1);
    expect(await previewCount({ audience: 'contract', contract_state: 'none' })).toBe(agencyClients - 2);
    expect(await previewCount({ audience: 'picked', account_ids: [withNone.id, onPlan.id, withNone.id] })).toBe(2);
    // A member may write notices too.
    expect((await preview({ audience: 'all' }, member)).status).toBe(200);
  });

  it("refuses another agency's account, another OEM's or an unknown plan and bad input (422)", async () => {
    const cases: [Partial<NoticeBody>, string, string][] = [
      [
        { audience: 'picked', account_ids: [t.tenant.account.id, t.other.account.id] },
        'account_ids',
        NOTICE_UNKNOWN_ACCOUNT_MESSAGE,
      ],
      [{ audience: 'plan', oem_plan_id: foreignPlanId }, 'oem_plan_id', NOTICE_UNKNOWN_PLAN_MESSAGE],
      [{ audience: 'plan', oem_plan_id: 2_000_000_000 }, 'oem_plan_id', NOTICE_UNKNOWN_PLAN_MESSAGE],
      [{ audience: 'plan' }, 'oem_plan_id', NOTICE_PLAN_REQUIRED_MESSAGE],
      [{ send_at: at(-HOUR_MS) }, 'send_at', NOTICE_SEND_AT_PAST_MESSAGE],
      [{ title: '' }, 'title', '入力してください'],
    ];
    for (const [values, field, message] of cases) {
      const answer = await t.send(agencyNoticesApi.create, { body: body(values) }, manager);
      expect(answer.status, field).toBe(422);
      expect((answer.json.errors as Record<string, { description: string }>)[field]?.description, field).toBe(message);
    }
    const list = await t.call(agencyNoticesApi.list, { query: { limit: 1000 } }, manager);
    expect(list.output.total_item_count).toBe(0);
  });
});

describe('agency notices: going out', () => {
  it('sends now: news on the picked accounts’ dashboards only, one mail per owner, read counts', async () => {
    const notice = await create({
      title: '今すぐのお知らせ',
      audience: 'picked',
      account_ids: [t.tenant.account.id, onPlan.id],
    });
    expect(notice).toMatchObject({
      status: 'sent',
      recipient_count: 2,
      read_account_count: 0,
      created_by: t.tenant.agencyUser.name,
    });
    expect(notice.picked_accounts.map((account) => account.id).sort()).toEqual([t.tenant.account.id, onPlan.id].sort());
    expect(notice.recipients.map((account) => account.id).sort()).toEqual([t.tenant.account.id, onPlan.id].sort());

    const item = (await seenBy(staffA)).find((news) => news.title === '今すぐのお知らせ');
    expect(item).toMatchObject({ body: notice.body, read: false });
    expect((await seenBy(staffOfNone)).map((news) => news.title)).not.toContain('今すぐのお知らせ');
    expect((await seenBy({ token: t.other.tokens.staff })).map((news) => news.title)).not.toContain('今すぐのお知らせ');
    // Neither the agency's own news nor the OEM admins' list carries it.
    const agencyNews = await t.call(agencyNewsApi.list, { query: { limit: 1000 } }, manager);
    expect(agencyNews.output.data.map((news) => news.id)).not.toContain(item!.id);
    const adminNews = await t.call(newsApi.list, { query: { limit: 1000 } }, { token: t.tenant.tokens.oemAdmin });
    expect(adminNews.output.data.map((news) => news.id)).not.toContain(item!.id);
    expect((await t.call(newsApi.get, { params: { id: item!.id } }, { token: t.tenant.tokens.oemAdmin })).status).toBe(
      404,
    );

    // One mail to each owner, however often the sweep runs again.
    await sendDue(t.ctx);
    await sendDue(t.ctx);
    expect(await mailsTo(t.tenant.owner.email, '今すぐのお知らせ')).toHaveLength(1);
    expect(await mailsTo(onPlan.ownerEmail, '今すぐのお知らせ')).toHaveLength(1);
    expect(await mailsTo(withNone.ownerEmail, '今すぐのお知らせ')).toHaveLength(0);
    const [mail] = await mailsTo(t.tenant.owner.email, '今すぐのお知らせ');
    expect(mail!.text).toContain(t.tenant.agency.name);
    expect(mail!.text).toContain(notice.body);

    expect((await t.call(serviceNewsApi.markRead, { params: { id: item!.id } }, staffA)).status).toBe(200);
    expect((await t.call(serviceNewsApi.markRead, { params: { id: item!.id } }, viewerA)).status).toBe(200);
    // Not a recipient: the notice does not reach them.
    expect((await t.call(serviceNewsApi.markRead, { params: { id: item!.id } }, staffOfNone)).status).toBe(404);
    const detail = await t.call(agencyNoticesApi.get, { params: { id: notice.id } }, member);
    expect(detail.output.data).toMatchObject({ read_account_count: 1, read_user_count: 2 });
    expect(detail.output.data.recipients).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: t.tenant.account.id, read: true }),
        expect.objectContaining({ id: onPlan.id, read: false }),
      ]),
    );
    const list = await t.call(agencyNoticesApi.list, { query: { q: '今すぐ' } }, manager);
    expect(list.output.data.map((row) => [row.id, row.read_account_count, row.read_user_count])).toEqual([
      [notice.id, 1, 2],
    ]);
  });

  it('sends a scheduled notice when the clock reaches it, to the audience as it is then', async () => {
    const scheduled = await create({
      title: 'ライトプランの方へ',
      audience: 'plan',
      oem_plan_id: planId,
      send_at: at(2 * HOUR_MS),
    });
    expect(scheduled).toMatchObject({ status: 'scheduled', recipient_count: 0, plan: { id: planId, name: 'ライト' } });
    await sendDue(t.ctx);
    expect((await t.call(agencyNoticesApi.get, { params: { id: scheduled.id } }, manager)).output.data.status).toBe(
      'scheduled',
    );
    // The audience is resolved at the send: an account moved onto the plan meanwhile is reached.
    await t.db.update(accounts).set({ oemPlanId: planId }).where(eq(accounts.id, withNone.id));
    t.ctx.clock.set(new Date(Date.parse(scheduled.send_at) + 60_000));
    await sendDue(t.ctx);
    await sendDue(t.ctx);
    const sent = (await t.call(agencyNoticesApi.get, { params: { id: scheduled.id } }, manager)).output.data;
    expect(sent).toMatchObject({ status: 'sent', recipient_count: 2 });
    expect(sent.recipients.map((account) => account.id).sort()).toEqual([onPlan.id, withNone.id].sort());
    expect((await seenBy(staffOfNone)).map((news) => news.title)).toContain('ライトプランの方へ');
    expect((await seenBy(staffA)).map((news) => news.title)).not.toContain('ライトプランの方へ');
    expect(await mailsTo(withNone.ownerEmail, 'ライトプランの方へ')).toHaveLength(1);
    expect(await mailsTo(onPlan.ownerEmail, 'ライトプランの方へ')).toHaveLength(1);
    await t.db.update(accounts).set({ oemPlanId: null }).where(eq(accounts.id, withNone.id));
  });

  it('sends to a contract state, and a plan deleted before the send reaches nobody', async () => {
    const ending = await create({
      title: '契約更新のご案内',
      audience: 'contract',
      contract_state: 'ending',
      send_at: at(HOUR_MS),
    });
    const unused = (await t.factory.oemPlan(t.tenant.agency.oemId, { name: '廃止予定' })).id;
    const orphan = await create({
      title: '廃止プランの方へ',
      audience: 'plan',
      oem_plan_id: unused,
      send_at: at(HOUR_MS),
    });
    await t.db.delete(oemPlans).where(eq(oemPlans.id, unused));
    t.ctx.clock.advance(2 * HOUR_MS);
    await sendDue(t.ctx);
    const sentEnding = (await t.call(agencyNoticesApi.get, { params: { id: ending.id } }, manager)).output.data;
    expect(sentEnding.recipients.map((account) => account.id)).toEqual([onPlan.id]);
    const sentOrphan = (await t.call(agencyNoticesApi.get, { params: { id: orphan.id } }, manager)).output.data;
    expect(sentOrphan).toMatchObject({ status: 'sent', recipient_count: 0, plan: null, recipients: [] });
  });

  it('cancels a scheduled notice (never sent), not a sent one; another agency gets 404', async () => {
    const scheduled = await create({ title: '取り消す予定', send_at: at(HOUR_MS) });
    expect((await t.call(agencyNoticesApi.get, { params: { id: scheduled.id } }, otherAgency)).status).toBe(404);
    expect((await t.call(agencyNoticesApi.cancel, { params: { id: scheduled.id } }, otherAgency)).status).toBe(404);
    const otherList = await t.call(agencyNoticesApi.list, { query: { limit: 1000 } }, otherAgency);
    expect(otherList.output.data.map((row) => row.id)).not.toContain(scheduled.id);

    expect((await t.call(agencyNoticesApi.cancel, { params: { id: scheduled.id } }, member)).status).toBe(200);
    const again = await t.send(agencyNoticesApi.cancel, { params: { id: scheduled.id } }, manager);
    expect(again.status).toBe(422);
    expect(again.json.errors).toEqual({ status: { description: NOTICE_NOT_SCHEDULED_MESSAGE } });
    t.ctx.clock.advance(2 * HOUR_MS);
    await sendDue(t.ctx);
    const cancelled = (await t.call(agencyNoticesApi.get, { params: { id: scheduled.id } }, manager)).output.data;
    expect(cancelled).toMatchObject({ status: 'cancelled', recipient_count: 0, sent_at: null });
    expect(await mailsTo(t.tenant.owner.email, '取り消す予定')).toHaveLength(0);

    const list = await t.call(agencyNoticesApi.list, { query: { status: 'cancelled' } }, manager);
    expect(list.output.data.map((row) => row.id)).toEqual([scheduled.id]);
  });
});
