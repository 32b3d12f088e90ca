import { DEMO_FORM_SCENARIO } from './demo-forms.ts';
import { describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  accountInfoApi,
  accountUsersApi,
  adminBillingApi,
  agencyAccountsApi,
  agencyContractsApi,
  agencyNoticesApi,
  billingApi,
  isRegistrationNumber,
  isCalendarDate,
  permissionsWith,
  planLimitsApi,
  serviceNewsApi,
  staffAuthoritiesApi,
  STAFF_LIMIT_MESSAGE,
  validateMessage,
} from '@linq/contract';
import { DEMO_AGENCY_MEMBER_EMAIL } from './demo-agency.ts';
import { news } from '../modules/news/schema.ts';
import { accounts } from '../modules/tenants/schema.ts';
import { useTestApp } from '../test/kit.ts';
import { DIRECT_ACCOUNT, NEAR_LIMIT_ACCOUNT } from './demo-tenants.ts';
import { folders } from '../modules/folders/schema.ts';
import { friendInfoFields, friendInfoValues } from '../modules/friends/schema.ts';
import { friendMarks, friendTags, marks, tags } from '../modules/labels/schema.ts';
import { lineAccounts } from '../modules/line-accounts/schema.ts';
import { messageTemplateActions, messageTemplates } from '../modules/templates/schema.ts';
import { channelPlanSettings, plans } from '../modules/plans/schema.ts';
import * as planService from '../modules/plans/read.ts';
import * as planAnalysis from '../modules/plan-analysis/service.ts';
import {
  DEMO_AUTO_REPLY,
  DEMO_BROADCAST,
  DEMO_BROADCAST_TAG,
  DEMO_SURVEY_SCENARIO,
  DEMO_WELCOME_SCENARIO,
} from './demo-plans.ts';
import {
  decorateDemoFriends,
  DEMO_INFO_FIELDS,
  DEMO_MARKS,
  DEMO_TAGS,
  DEMO_TEMPLATE_FOLDER,
  DEMO_TEMPLATES,
  DEMO_PASSWORD,
  DEMO_SHOP_INFO,
  DEMO_TEPPAN_TEMPLATES,
  seedDemoIfEmpty,
} from './demo.ts';
import { channelScope, type ChannelRequest } from '../platform/principal.ts';
import { simulatedLoginChannel } from '@linq/line-simulator';
import { loginChannelOf } from '../modules/line-accounts/service.ts';
import { yesterdayFigures } from '../modules/line-insight/service.ts';

const t = useTestApp({ tenants: 0 });

describe('demo seed', () => {
  it('binds both demo channels to the simulator with generated credentials and a LINE Login pair, stored sealed', async () => {
    expect(await seedDemoIfEmpty(t.ctx)).toBe(true);
    expect(await seedDemoIfEmpty(t.ctx)).toBe(false);
    const channels = await t.db.select().from(lineAccounts).orderBy(asc(lineAccounts.id));
    expect(channels.map((c) => [c.name, c.basicId, c.simulated])).toEqual([
      ['Demo Shop 本店', '@demo-honten', true],
      ['Demo Shop オンライン', '@demo-online', true],
    ]);
    const secrets = t.ctx.secrets;
    for (const channel of channels) {
      expect(channel.channelId).toMatch(/^[1-9]\d{9}$/);
      expect(channel.channelSecretSealed).toMatch(/^v1\./);
      expect(secrets.open(channel.channelSecretSealed!)).toMatch(/^[0-9a-f]{32}$/);
      expect(secrets.open(channel.channelAccessTokenSealed!)).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      // The simulator's LINE Login channel for it, so inflow routes attribute in the demo.
      const login = await loginChannelOf(t.ctx, channelScope(channel.id));
      expect(login).toMatchObject({
        ...simulatedLoginChannel(channel.channelId!),
        simulated: true,
        check: { ok: true },
      });
    }
    expect(new Set(channels.map((c) => c.channelId)).size).toBe(2);
    // The dashboard's card of LINE's figures has yesterday's to show.
    for (const channel of channels) {
      expect(await yesterdayFigures(t.ctx, channelScope(channel.id))).toMatchObject({
        followers: { followers: expect.any(Number) },
        deliveries: { total: expect.any(Number) },
        pending: null,
      });
    }
  });

  it('gives the demo account three published news items (its agency’s notice read), the pinned one first, and one scheduled', async () => {
    const token = await t.factory.login('service', 'staff@demo.example', DEMO_PASSWORD);
    const list = await t.call(serviceNewsApi.list, {}, { token });
    expect(list.output.data.map((item) => [item.title, item.pinned, item.read])).toEqual([
      ['年末年始のサポート窓口について', true, false],
      ['リッチメニューの出し分け機能を追加しました', false, false],
      ['年末年始のサポート体制について', false, true],
    ]);
    const all = await t.db.select({ publishAt: news.publishAt }).from(news);
    expect(all.filter((item) => item.publishAt > t.ctx.clock.now())).toHaveLength(1);
  });

  it('gives Demo Agency a member who sees no fees, a second client and a contract ending soon', async () => {
    const manager = await t.factory.login('agency', 'agency@demo.example', DEMO_PASSWORD);
    const member = await t.factory.login('agency', DEMO_AGENCY_MEMBER_EMAIL, DEMO_PASSWORD);
    const clients = await t.call(agencyAccountsApi.list, { query: {} }, { token: manager });
    expect(clients.output.data.map((client) => client.name).sort()).toEqual(['Demo Café', 'Demo Shop']);
    const contracts = await t.call(agencyContractsApi.list, { query: {} }, { token: manager });
    expect(contracts.output.data.map((c) => [c.account.name, c.status, c.monthly_fee_yen]).sort()).toEqual([
      ['Demo Café', 'ending', 9800],
      ['Demo Shop', 'active', 30000],
    ]);
    const asMember = await t.call(agencyContractsApi.list, { query: {} }, { token: member });
    expect(asMember.output.data.every((contract) => contract.monthly_fee_yen === undefined)).toBe(true);
    const notices = await t.call(agencyNoticesApi.list, { query: {} }, { token: member });
    expect(
      notices.output.data.map((n) => [n.title, n.status, n.recipient_count, n.read_account_count, n.read_user_count]),
    ).toEqual([
      ['ライトプランの料金改定のお知らせ', 'scheduled', 0, 0, 0],
      ['年末年始のサポート体制について', 'sent', 2, 1, 1],
    ]);
  });

  it('gives each demo channel tags, marks and info fields, and puts them on its friends once they exist', async () => {
    const db = t.db;
    const channels = await db.select().from(lineAccounts).orderBy(asc(lineAccounts.id));
    for (const channel of channels) {
      const names = async (table: typeof tags) =>
        (await db.select().from(table).where(eq(table.lineAccountId, channel.id)).orderBy(asc(table.sortIndex))).map(
          (r) => r.name,
        );
      expect(await names(tags)).toEqual(DEMO_TAGS);
      expect(await names(marks as unknown as typeof tags)).toEqual(DEMO_MARKS.map((m) => m.name));
      expect(await names(friendInfoFields as unknown as typeof tags)).toEqual(DEMO_INFO_FIELDS.map((f) => f.name));
    }
    const channel = channels[0]!.id;
    const friends = [];
    for (let i = 0; i < 12; i++) friends.push(await t.factory.friend(channel));
    const ids = friends.map((f) => f.id);
    const counts = async () => ({
      tags: (await db.select().from(friendTags).where(inArray(friendTags.friendId, ids))).length,
      marks: (await db.select().from(friendMarks).where(inArray(friendMarks.friendId, ids))).length,
      values: (await db.select().from(friendInfoValues).where(inArray(friendInfoValues.friendId, ids))).length,
    });
    await decorateDemoFriends(db, channel);
    const first = await counts();
    expect(first.tags).toBeGreaterThan(3);
    expect(first.marks).toBeGreaterThan(2);
    expect(first.values).toBeGreaterThan(3);
    const [account] = await db.select().from(lineAccounts).where(eq(lineAccounts.id, channel));
    const [survey] = await db
      .select()
      .from(plans)
      .where(and(eq(plans.lineAccountId, channel), eq(plans.name, DEMO_SURVEY_SCENARIO)));
    const scope: ChannelRequest = {
      ...channelScope(channel),
      accountId: account!.accountId,
      userId: 0,
      permissions: permissionsWith('view', false),
    };
    const figures = async () =>
      (await planAnalysis.get(t.ctx, scope, survey!.id, {})).plan_actions.map((action) => [
        action.box_id,
        action.figures.sent,
        action.figures.failed,
        action.figures.waiting,
        action.figures.options.map((option) => [option.taps, option.tap_rate]),
      ]);
    // The survey's past run, once the friends exist.
    const history = [
      [
        'box-0',
        5,
        1,
        1,
        [
          [3, 60],
          [1, 20],
        ],
      ],
      ['box-1-0', 3, 0, 0, []],
      ['box-1-1', 1, 0, 0, []],
    ];
    expect(await figures()).toEqual(history);
    // Idempotent.
    await decorateDemoFriends(db, channel);
    expect(await counts()).toEqual(first);
    expect(await figures()).toEqual(history);
    // Every value fits its field (dates are real, ranks are options).
    const values = await db
      .select({ value: friendInfoValues.value, type: friendInfoFields.fieldType, options: friendInfoFields.options })
      .from(friendInfoValues)
      .innerJoin(friendInfoFields, eq(friendInfoFields.id, friendInfoValues.fieldId))
      .where(inArray(friendInfoValues.friendId, ids));
    for (const v of values) {
      if (v.type === 'date') expect(isCalendarDate(v.value), v.value).toBe(true);
      if (v.type === 'select') expect(v.options).toContain(v.value);
    }
  });

  it('gives each demo channel a templates folder of valid templates, and the platform teppan templates in admin folders', async () => {
    const db = t.db;
    const channels = await db.select().from(lineAccounts).orderBy(asc(lineAccounts.id));
    const rows = await db
      .select({ template: messageTemplates, folder: folders.name })
      .from(messageTemplates)
      .leftJoin(folders, eq(folders.id, messageTemplates.folderId))
      .orderBy(asc(messageTemplates.id));
    for (const { template } of rows) expect(validateMessage(template.message), template.name).toEqual([]);
    for (const channel of channels) {
      const own = rows.filter((r) => r.template.lineAccountId === channel.id);
      expect(own.map((r) => [r.template.name, r.folder])).toEqual(
        DEMO_TEMPLATES.map((d) => [d.name, DEMO_TEMPLATE_FOLDER]),
      );
      expect(new Set(own.map((r) => r.template.messageType))).toEqual(
        new Set(['text_message', 'confirm', 'quick_reply', 'carousel', 'sticker']),
      );
      const carousel = own.find((r) => r.template.messageType === 'carousel')!.template;
      expect(carousel.message.message_columns).toHaveLength(2);
      const actions = await db
        .select()
        .from(messageTemplateActions)
        .where(eq(messageTemplateActions.templateId, carousel.id));
      expect(actions.filter((a) => a.actionType === 'postback' && a.score > 0)).toHaveLength(2);
      expect(actions.every((a) => a.lineAccountId === channel.id)).toBe(true);
    }
    const teppan = rows.filter((r) => r.template.lineAccountId === null);
    expect(teppan.map((r) => [r.folder, r.template.name])).toEqual(
      DEMO_TEPPAN_TEMPLATES.map((d) => [d.folder, d.name]),
    );
    expect(teppan.some((r) => r.template.messageType === 'carousel')).toBe(true);
  });

  it('gives each demo channel a friend-added scenario whose confirm branches, a weekly auto-reply and a broadcast to a tag', async () => {
    const db = t.runtime.ctx.database.db;
    const channels = await db.select().from(lineAccounts).orderBy(asc(lineAccounts.id));
    for (const channel of channels) {
      const scope: ChannelRequest = {
        ...channelScope(channel.id),
        accountId: channel.accountId,
        userId: 0,
        permissions: permissionsWith('view', false),
      };
      const rows = await db.select().from(plans).where(eq(plans.lineAccountId, channel.id)).orderBy(asc(plans.id));
      expect(rows.map((row) => [row.name, row.planType, row.isActive])).toEqual([
        [DEMO_WELCOME_SCENARIO, 'scenario', true],
        [DEMO_AUTO_REPLY, 'auto_reply', true],
        [DEMO_BROADCAST, 'broadcast', true],
        [DEMO_SURVEY_SCENARIO, 'scenario', false],
        [DEMO_FORM_SCENARIO, 'scenario', true],
      ]);
      const [setting] = await db
        .select()
        .from(channelPlanSettings)
        .where(eq(channelPlanSettings.lineAccountId, channel.id));
      expect(setting?.friendAddedPlanId).toBe(rows[0]!.id);

      const welcome = await planService.get(t.runtime.ctx, scope, rows[0]!.id);
      expect(welcome.plan.scenario_trigger).toBe('friend_added');
      const branching = welcome.plan_actions.find((action) => action.message_type === 'confirm')!;
      const branches = branching.message.message_confirm!.message_actions.map((option) => option.box_id);
      expect(branches).toHaveLength(2);
      for (const box of branches) {
        expect(welcome.plan_actions.find((action) => action.box_id === box)?.parent_box_id).toBe(branching.box_id);
      }

      const autoReply = await planService.get(t.runtime.ctx, scope, rows[1]!.id);
      expect(autoReply.plan.auto_weekdays).toEqual([0, 6]);
      expect(autoReply.plan.auto_keywords.length).toBeGreaterThan(0);

      const broadcast = await planService.get(t.runtime.ctx, scope, rows[2]!.id);
      expect(broadcast.plan.target_send).toBe('advanced');
      expect(broadcast.plan.target_tags.map((tag) => tag.name)).toEqual([DEMO_BROADCAST_TAG]);
      expect(Date.parse(broadcast.plan.send_at!)).toBeGreaterThan(Date.now());
    }
  });

  it('has Demo Café at its plan’s staff limit: its owner sees the usage and is refused a fourth staff user', async () => {
    const token = await t.factory.login('account', NEAR_LIMIT_ACCOUNT.ownerEmail, DEMO_PASSWORD);
    const usage = (await t.call(planLimitsApi.usage, {}, { token })).output.data;
    expect(usage.plan?.name).toBe('ライト');
    expect(usage.limits.find((figure) => figure.limit === 'staff_users')).toMatchObject({
      used: 3,
      max: 3,
      near: true,
    });
    const authorities = await t.call(staffAuthoritiesApi.list, { query: {} }, { token });
    const refused = await t.send(
      accountUsersApi.create,
      {
        body: {
          name: '新しいスタッフ',
          email: 'cafe-staff4@demo.example',
          password: 'Cafe-staff-password-4',
          staff_authority_id: authorities.output.data[0]!.id,
          line_account_ids: [1],
        },
      },
      { token },
    );
    expect([refused.status, refused.json.errors]).toEqual([403, STAFF_LIMIT_MESSAGE(3)]);
  });

  it('has Demo Bakery, the OEM’s own account, free to change its plan and to pay by card', async () => {
    const token = await t.factory.login('account', DIRECT_ACCOUNT.ownerEmail, DEMO_PASSWORD);
    const view = (await t.call(billingApi.paymentPlan, {}, { token })).output.data;
    expect(view.locked).toBe(false);
    expect(view.plans.find((plan) => plan.id === view.current_plan_id)?.name).toBe('ライト');
    expect(view.plans.map((plan) => plan.name)).toContain('スタンダード');
    const overview = (await t.call(billingApi.overview, {}, { token })).output.data;
    expect([overview.method, overview.card]).toEqual(['invoice', null]);
  });

  it('has Demo Bakery’s bank transfer for last month overdue, for the platform admin to record', async () => {
    const [bakery] = await t.db.select().from(accounts).where(eq(accounts.name, DIRECT_ACCOUNT.name));
    const token = await t.factory.login('admin', 'admin@demo.example', DEMO_PASSWORD);
    const view = (await t.call(adminBillingApi.accountBilling, { params: { id: bakery!.id }, query: {} }, { token }))
      .output.data;
    expect(view).toMatchObject({ method: 'invoice', status: 'past_due', plan: { name: 'ライト' } });
    expect(view.invoices.map((invoice) => [invoice.method, invoice.status])).toEqual([
      ['invoice', 'open'],
      ['invoice', 'past_due'],
    ]);
  });

  it('fills Demo Shop’s company info, with a registration number valid by its check digit', async () => {
    const token = await t.factory.login('account', 'account@demo.example', DEMO_PASSWORD);
    const info = (await t.call(accountInfoApi.get, {}, { token })).output.data;
    expect(info).toMatchObject({ name: 'Demo Shop', registration_number: DEMO_SHOP_INFO.registrationNumber });
    expect(isRegistrationNumber(info.registration_number)).toBe(true);
  });
});
