import { randomBytes, randomInt } from 'node:crypto';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import {
  emptyMessage,
  newAction,
  newColumn,
  permissionsWith,
  type ActionType,
  type BuilderMessage,
  type MessageAction,
} from '@linq/contract';
import { simulatedLoginChannel } from '@linq/line-simulator';
import type { AppContext } from '../platform/context.ts';
import type { Db } from '../platform/db.ts';
import { channelScope, PLATFORM_SCOPE } from '../platform/principal.ts';
import { hashPassword } from '../platform/password-hash.ts';
import type { SecretBox } from '../platform/secrets.ts';
import { insertTemplate } from '../modules/templates/service.ts';
import { seedDemoPlanHistory } from './demo-plan-history.ts';
import { seedDemoConversionPoints, seedDemoConversions } from './demo-conversions.ts';
import { seedDemoDashboardHistory } from './demo-dashboard.ts';
import { DEMO_SNS_TAG, seedDemoFormAnswers, seedDemoForms } from './demo-forms.ts';
import { seedDemoPlans } from './demo-plans.ts';
import { attributeDemoFriends, seedDemoInflows } from './demo-inflows.ts';
import { seedDemoIncidents } from './demo-incidents.ts';
import { seedDemoLineFigures } from './demo-line-figures.ts';
import { demoFriendCount } from '../modules/simulator/demo-friends.ts';
import { seedDemoOemPages } from './demo-oem-pages.ts';
import { seedDemoNews } from './demo-news.ts';
import { DEMO_VIP_TAG, publishDemoRichMenus, seedDemoRichMenus } from './demo-rich-menus.ts';
import { requestRelink } from '../modules/rich-menus/relink.ts';
import { folders } from '../modules/folders/schema.ts';
import { friendInfoFields, friendInfoValues, friends } from '../modules/friends/schema.ts';
import { friendMarks, friendTags, marks, tags } from '../modules/labels/schema.ts';
import { lineAccounts, userLineAccounts } from '../modules/line-accounts/schema.ts';
import { users } from '../modules/sessions/schema.ts';
import { staffAuthorities } from '../modules/staff-authorities/schema.ts';
import { accounts, agencies, oems } from '../modules/tenants/schema.ts';
import { seedDemoAgency } from './demo-agency.ts';
import { seedDemoExport } from './demo-exports.ts';
import { seedDemoBilling } from './demo-billing.ts';
import { DIRECT_ACCOUNT, seedDemoTenants } from './demo-tenants.ts';
import { seedDemoFriendImport } from './demo-takeovers.ts';

export const DEMO_PASSWORD = 'Demo#2026';
export const DEMO_LOGINS = [
  { area: 'admin', url: '/admin/login', email: 'admin@demo.example' },
  // The partner OEM's admin: logs in on its domain (partner.localhost) and manages that OEM only.
  { area: 'admin', url: '/admin/login', email: 'partner-admin@demo.example' },
  { area: 'agency', url: '/agency/login', email: 'agency@demo.example' },
  // An agency member: no users screen, no contract fees.
  { area: 'agency', url: '/agency/login', email: 'agency-member@demo.example' },
  { area: 'account', url: '/account/login', email: 'account@demo.example' },
  // The OEM's own account, no agency contract: plan change and card payment through the Stripe stand-in.
  { area: 'account', url: '/account/login', email: DIRECT_ACCOUNT.ownerEmail },
  { area: 'service', url: '/service/login', email: 'staff@demo.example' },
  { area: 'service', url: '/service/login', email: 'viewer@demo.example' },
] as const;

export const DEFAULT_OEM = {
  name: 'LinQ',
  serviceName: 'LinQ',
  domain: 'localhost',
  supportEmail: 'support@linq.example',
  isDefault: true,
  faviconUrl: '/favicon.svg',
  logoUrl: null,
  primaryColor: '#06C755',
  headerColor: '#ffffff',
  siderColor: '#001529',
};
export const PARTNER_OEM = {
  name: 'パートナーOEM',
  serviceName: 'Partner Marketing',
  domain: 'partner.localhost',
  supportEmail: 'support@partner-marketing.example',
  /** Its users' mails (password resets, invitations) come from its own sender. */
  mailFromName: 'Partner Marketing',
  mailFromAddress: 'no-reply@partner-marketing.example',
  isDefault: false,
  faviconUrl: '/branding/partner-favicon.svg',
  logoUrl: null,
  primaryColor: '#7B3FE4',
  headerColor: '#ffffff',
  siderColor: '#2A1454',
};

/** Seeds the demo tenant when the database has no OEM yet. Returns whether it seeded. */
export async function seedDemoIfEmpty(ctx: AppContext): Promise<boolean> {
  const db = ctx.database.db;
  const [existing] = await db.select({ n: count() }).from(oems);
  if ((existing?.n ?? 0) > 0) return false;
  const toPublish = await db.transaction(async (tx) => seedDemo(tx, ctx));
  for (const [lineAccountId, menuIds] of toPublish) await publishDemoRichMenus(ctx, lineAccountId, menuIds);
  return true;
}

/** Basic ids of the demo channels: the simulator binding gives these channels virtual friends on first start. */
export const DEMO_BASIC_ID_PREFIX = '@demo-';

/** Demo Shop's company info (/account/info), its invoice registration number valid by the check digit. */
export const DEMO_SHOP_INFO = {
  nameKana: 'デモショップ',
  postalCode: '1000001',
  prefecture: '東京都',
  city: '千代田区',
  street: '千代田1-1',
  building: 'デモビル3階',
  phone: '03-1234-5678',
  contactName: '山田 花子',
  contactEmail: 'billing@demo.example',
  registrationNumber: 'T6012345678901',
};

/**
 * A demo channel bound to the LINE simulator, with generated credentials like LINE's: a 10-digit
 * channel id, a 32-hex channel secret and a random access token, stored sealed.
 */
function simulatedChannel(secrets: SecretBox, name: string, basicId: string, now: Date) {
  const channelId = String(randomInt(1_000_000_000, 10_000_000_000));
  const login = simulatedLoginChannel(channelId);
  return {
    name,
    simulated: true,
    channelId,
    basicId,
    channelSecretSealed: secrets.seal(randomBytes(16).toString('hex')),
    channelAccessTokenSealed: secrets.seal(randomBytes(48).toString('base64url')),
    // The simulator gives the channel this very LINE Login pair: it passes the check by construction.
    loginChannelId: login.channelId,
    loginChannelSecretSealed: secrets.seal(login.channelSecret),
    loginCheckedAt: now,
  };
}

/** The partner OEM: its admin, an agency and an account, so its admin area has something of its own. */
async function seedPartnerOem(db: Db, oemId: number, passwordHash: string): Promise<void> {
  const [agency] = await db.insert(agencies).values({ oemId, name: 'パートナー代理店' }).returning();
  await db.insert(accounts).values({ oemId, agencyId: agency!.id, name: 'パートナーショップ' });
  await db
    .insert(users)
    .values({ role: 'admin', email: 'partner-admin@demo.example', name: 'パートナー管理者', passwordHash, oemId });
}

/** Seeds the demo tenant; answers each channel's rich menus to publish once committed. */
async function seedDemo(db: Db, ctx: AppContext): Promise<Map<number, number[]>> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const [oem, partnerOem] = await db.insert(oems).values([DEFAULT_OEM, PARTNER_OEM]).returning();
  const oemId = oem!.id;
  await seedPartnerOem(db, partnerOem!.id, passwordHash);
  const [agency] = await db.insert(agencies).values({ oemId, name: 'Demo Agency' }).returning();
  const [account] = await db
    .insert(accounts)
    .values({ oemId, agencyId: agency!.id, name: 'Demo Shop', ...DEMO_SHOP_INFO })
    .returning();
  const accountId = account!.id;
  await seedDemoTenants(db, { oemId, agencyId: agency!.id, accountId }, passwordHash);
  const channels = await db
    .insert(lineAccounts)
    .values([
      {
        accountId,
        ...simulatedChannel(ctx.secrets, 'Demo Shop 本店', `${DEMO_BASIC_ID_PREFIX}honten`, ctx.clock.now()),
      },
      {
        accountId,
        ...simulatedChannel(ctx.secrets, 'Demo Shop オンライン', `${DEMO_BASIC_ID_PREFIX}online`, ctx.clock.now()),
      },
    ])
    .returning();
  const [everything, viewOnly] = await db
    .insert(staffAuthorities)
    .values([
      {
        accountId,
        name: '全権限',
        description: 'すべての機能を編集できます',
        permissions: permissionsWith('edit', true),
      },
      {
        accountId,
        name: '閲覧のみ',
        description: 'すべての機能を閲覧だけできます',
        permissions: permissionsWith('view', false),
      },
    ])
    .returning();
  const people = await db
    .insert(users)
    .values([
      { role: 'admin', email: 'admin@demo.example', name: 'デモ管理者', passwordHash, oemId },
      {
        role: 'agency',
        email: 'agency@demo.example',
        name: 'デモ代理店担当',
        passwordHash,
        agencyId: agency!.id,
        agencyRole: 'manager',
      },
      { role: 'account', email: 'account@demo.example', name: 'デモショップ オーナー', passwordHash, accountId },
      {
        role: 'service',
        email: 'staff@demo.example',
        name: 'スタッフ 花子',
        passwordHash,
        accountId,
        staffAuthorityId: everything!.id,
      },
      {
        role: 'service',
        email: 'viewer@demo.example',
        name: '閲覧 太郎',
        passwordHash,
        accountId,
        staffAuthorityId: viewOnly!.id,
      },
    ])
    .returning();
  await seedChannelLabels(
    db,
    channels.map((c) => c.id),
  );
  const staff = people.find((p) => p.email === 'staff@demo.example')!;
  const viewer = people.find((p) => p.email === 'viewer@demo.example')!;
  const admin = people.find((p) => p.email === 'admin@demo.example')!;
  await seedTemplates(
    db,
    channels.map((c) => c.id),
    { staffId: staff.id, adminId: admin.id },
  );
  for (const channel of channels) await seedDemoPlans(db, ctx, { accountId, lineAccountId: channel.id }, staff.id);
  for (const channel of channels) {
    await seedDemoInflows(db, channel.id, { id: staff.id, name: staff.name }, ctx.clock.now());
  }
  for (const channel of channels) await seedDemoForms(db, ctx, { accountId, lineAccountId: channel.id }, staff.id);
  const menus = new Map<number, number[]>();
  for (const channel of channels) {
    const [vip] = await db
      .select({ id: tags.id })
      .from(tags)
      .where(and(eq(tags.lineAccountId, channel.id), eq(tags.name, DEMO_VIP_TAG)));
    menus.set(channel.id, await seedDemoRichMenus(db, ctx, channel.id, vip?.id));
    await seedDemoConversionPoints(db, channel.id);
  }
  await db
    .insert(userLineAccounts)
    .values([
      ...channels.map((c) => ({ userId: staff.id, lineAccountId: c.id })),
      { userId: viewer.id, lineAccountId: channels[0]!.id },
    ]);
  await seedDemoIncidents(db, ctx, channels[0]!.id, staff.id);
  for (const channel of channels) {
    await seedDemoLineFigures(db, ctx.clock.now(), channel.id, demoFriendCount(channel.basicId));
  }
  await seedDemoOemPages(db);
  await seedDemoNews(db, { oemId, agencyId: agency!.id }, ctx.clock.now());
  await seedDemoAgency(
    db,
    { oemId, agencyId: agency!.id, accountId, staffUserId: staff.id },
    ctx.clock.now(),
    passwordHash,
  );
  await seedDemoBilling(db, { oemId, agencyId: agency!.id, accountId }, ctx.clock.now(), ctx.config.BILLING_GRACE_DAYS);
  return menus;
}

/** Each demo channel's tags, marks and friend info fields. */
export const DEMO_TAGS = ['VIP', '新規', 'セミナー参加', DEMO_SNS_TAG];
export const DEMO_MARKS = [
  { name: '要対応', color: '#FF4D4F' },
  { name: '対応中', color: '#FAAD14' },
  { name: '対応済み', color: '#52C41A' },
];
export const DEMO_INFO_FIELDS = [
  { name: '誕生日', fieldType: 'date' as const, options: [] },
  { name: '会員ランク', fieldType: 'select' as const, options: ['ゴールド', 'シルバー', 'ブロンズ'] },
  { name: '電話番号', fieldType: 'text' as const, options: [] },
];

async function seedChannelLabels(db: Db, lineAccountIds: number[]) {
  const each = <T>(rows: T[]) =>
    lineAccountIds.flatMap((lineAccountId) => rows.map((row, sortIndex) => ({ ...row, lineAccountId, sortIndex })));
  await db.insert(tags).values(each(DEMO_TAGS.map((name) => ({ name }))));
  await db.insert(marks).values(each(DEMO_MARKS));
  await db.insert(friendInfoFields).values(each(DEMO_INFO_FIELDS));
}

/**
 * Puts the demo tags, marks, info values and scores on some of a demo channel's friends, in a
 * fixed pattern (the virtual friends exist only once they followed through webhooks, so the
 * simulator binding calls this when it has added them), gives the demo survey its past run and
 * attributes some of them to the demo inflow routes.
 * Idempotent: what is there stays; labels or fields the staff removed are left out.
 */
/** The demo friends are there: they get their labels, and their rich menus follow the labels (the VIP tab). */
export async function demoFriendsAdded(ctx: AppContext, lineAccountId: number): Promise<void> {
  await decorateDemoFriends(ctx.database.db, lineAccountId, ctx.clock.now());
  await requestRelink(ctx, channelScope(lineAccountId));
  await seedDemoExport(ctx, lineAccountId);
  // After the virtual friends, not before: a channel with friends already is not given its demo friends.
  // Only in the demo itself: tests that seed virtual friends count them alone.
  if (!ctx.config.seedDemo) return;
  const [channel] = await ctx.database.db
    .select({ accountId: lineAccounts.accountId, basicId: lineAccounts.basicId })
    .from(lineAccounts)
    .where(eq(lineAccounts.id, lineAccountId));
  if (channel?.basicId === `${DEMO_BASIC_ID_PREFIX}online`)
    await seedDemoFriendImport(ctx, channel.accountId, lineAccountId);
}

export async function decorateDemoFriends(db: Db, lineAccountId: number, now: Date = new Date()): Promise<void> {
  const [friendRows, tagRows, markRows, fieldRows] = await Promise.all([
    db
      .select({ id: friends.id })
      .from(friends)
      .where(eq(friends.lineAccountId, lineAccountId))
      .orderBy(asc(friends.id)),
    db
      .select({ id: tags.id, name: tags.name })
      .from(tags)
      .where(and(eq(tags.lineAccountId, lineAccountId), inArray(tags.name, DEMO_TAGS))),
    db
      .select({ id: marks.id, name: marks.name })
      .from(marks)
      .where(
        and(
          eq(marks.lineAccountId, lineAccountId),
          inArray(
            marks.name,
            DEMO_MARKS.map((m) => m.name),
          ),
        ),
      ),
    db
      .select({ id: friendInfoFields.id, name: friendInfoFields.name, fieldType: friendInfoFields.fieldType })
      .from(friendInfoFields)
      .where(
        and(
          eq(friendInfoFields.lineAccountId, lineAccountId),
          inArray(
            friendInfoFields.name,
            DEMO_INFO_FIELDS.map((f) => f.name),
          ),
        ),
      ),
  ]);
  const tagId = new Map(tagRows.map((r) => [r.name, r.id]));
  const markId = new Map(markRows.map((r) => [r.name, r.id]));
  const fieldId = new Map(fieldRows.map((r) => [r.name, r.id]));
  const links = {
    tags: [] as { lineAccountId: number; friendId: number; tagId: number }[],
    marks: [] as { lineAccountId: number; friendId: number; markId: number }[],
  };
  const values: { lineAccountId: number; friendId: number; fieldId: number; value: string }[] = [];
  const addTag = (friendId: number, name: string) => {
    const id = tagId.get(name);
    if (id !== undefined) links.tags.push({ lineAccountId, friendId, tagId: id });
  };
  const addMark = (friendId: number, name: string) => {
    const id = markId.get(name);
    if (id !== undefined) links.marks.push({ lineAccountId, friendId, markId: id });
  };
  const addValue = (friendId: number, name: string, value: string) => {
    const id = fieldId.get(name);
    if (id !== undefined) values.push({ lineAccountId, friendId, fieldId: id, value });
  };
  const ranks = DEMO_INFO_FIELDS[1]!.options;
  friendRows.forEach(({ id }, i) => {
    if (i % 3 === 0) addTag(id, 'VIP');
    if (i % 4 === 1) addTag(id, '新規');
    if (i % 5 === 2) addTag(id, 'セミナー参加');
    if (i % 6 === 0) addMark(id, '要対応');
    else if (i % 6 === 3) addMark(id, '対応中');
    else if (i % 7 === 5) addMark(id, '対応済み');
    if (i % 2 === 0) addValue(id, '会員ランク', ranks[i % ranks.length]!);
    if (i % 3 === 1) {
      const month = String((i % 12) + 1).padStart(2, '0');
      const day = String((i % 28) + 1).padStart(2, '0');
      addValue(id, '誕生日', `${1970 + ((i * 7) % 35)}-${month}-${day}`);
    }
    if (i % 4 === 2)
      addValue(id, '電話番号', `090-${String(1000 + i * 37).slice(-4)}-${String(5000 + i * 91).slice(-4)}`);
  });
  await db.transaction(async (tx) => {
    if (links.tags.length > 0) await tx.insert(friendTags).values(links.tags).onConflictDoNothing();
    if (links.marks.length > 0) await tx.insert(friendMarks).values(links.marks).onConflictDoNothing();
    if (values.length > 0) await tx.insert(friendInfoValues).values(values).onConflictDoNothing();
    for (const [i, { id }] of friendRows.entries()) {
      // Scores only where none was given yet.
      if (i % 2 === 1) {
        await tx
          .update(friends)
          .set({ score: (i * 13) % 100 })
          .where(and(eq(friends.id, id), eq(friends.score, 0)));
      }
    }
  });
  await seedDemoPlanHistory(db, lineAccountId, now);
  await attributeDemoFriends(db, lineAccountId, now);
  await seedDemoDashboardHistory(db, lineAccountId, now);
  await seedDemoConversions(db, lineAccountId);
  await seedDemoFormAnswers(db, lineAccountId);
}

/** A button of a demo template: what it sends or shows, and the score a tap adds. */
function demoAction(type: ActionType, label: string, value: string, score = 0): MessageAction {
  return {
    ...newAction(type),
    label,
    text: type === 'message' ? value : null,
    display_text: type === 'postback' ? value : null,
    uri: type === 'uri' ? value : null,
    score: score === 0 ? null : { id: null, value: score },
  };
}

function demoCarousel(
  altText: string,
  columns: { title: string; text: string; actions: MessageAction[] }[],
): BuilderMessage {
  return {
    ...emptyMessage('carousel'),
    alt_text: altText,
    message_columns: columns.map((column) => ({
      ...newColumn(0),
      title: column.title,
      text: column.text,
      message_actions: column.actions,
    })),
  };
}

function demoConfirm(altText: string, question: string, answers: MessageAction[]): BuilderMessage {
  return {
    ...emptyMessage('confirm'),
    alt_text: altText,
    message_confirm: { id: null, text: question, message_actions: answers },
  };
}

const demoText = (text: string): BuilderMessage => ({ ...emptyMessage('text_message'), text });

/** The templates folder every demo channel has, and its templates (one of each common type). */
export const DEMO_TEMPLATE_FOLDER = 'よく使うメッセージ';
export const DEMO_TEMPLATES: { name: string; message: () => BuilderMessage }[] = [
  {
    name: 'ご挨拶',
    message: () =>
      demoText('{{name}}さん、友だち追加ありがとうございます！\nDemo Shopの新商品やお得な情報をお届けします。'),
  },
  {
    name: 'ご来店の確認',
    message: () =>
      demoConfirm('ご来店予定の確認', '今週末のご来店のご予定はありますか？', [
        demoAction('postback', 'はい', 'はい、行く予定です', 10),
        demoAction('postback', 'いいえ', '今回は見送ります'),
      ]),
  },
  {
    name: 'ご希望の連絡方法',
    message: () => ({
      ...emptyMessage('quick_reply'),
      text: '{{name}}さん、ご希望の連絡方法を選んでください。',
      message_quick_reply: {
        id: null,
        message_actions: [
          demoAction('message', 'LINE', 'LINEでの連絡を希望します', 3),
          demoAction('message', '電話', '電話での連絡を希望します', 1),
          demoAction('message', 'メール', 'メールでの連絡を希望します', 1),
        ],
      },
    }),
  },
  {
    name: 'おすすめ商品',
    message: () =>
      demoCarousel('今月のおすすめ', [
        {
          title: '春の新作セット',
          text: '人気の新作をまとめてお得にお届けします。',
          actions: [
            demoAction('postback', '詳しく見る', '春の新作セットについて', 5),
            demoAction('uri', 'ショップへ', 'https://example.com/shop'),
          ],
        },
        {
          title: '会員限定クーポン',
          text: '会員様限定で全品10%オフ。',
          actions: [
            demoAction('postback', 'クーポンを受け取る', 'クーポンを受け取ります', 20),
            demoAction('uri', '利用条件', 'https://example.com/coupon'),
          ],
        },
      ]),
  },
  {
    name: 'お礼のスタンプ',
    message: () => ({ ...emptyMessage('sticker'), sticker_package_id: '446', sticker_id: '1988' }),
  },
];

/** The platform's teppan templates, by admin folder. */
export const DEMO_TEPPAN_TEMPLATES: { folder: string; name: string; message: () => BuilderMessage }[] = [
  {
    folder: '挨拶',
    name: '友だち追加のお礼',
    message: () => demoText('{{name}}さん、友だち追加ありがとうございます！お得な情報をお届けします。'),
  },
  {
    folder: '挨拶',
    name: 'ご来店のお礼',
    message: () => demoText('{{name}}さん、本日はご来店ありがとうございました。またのお越しをお待ちしております。'),
  },
  {
    folder: 'キャンペーン',
    name: 'セールのお知らせ',
    message: () =>
      demoCarousel('期間限定セールのお知らせ', [
        {
          title: '期間限定セール',
          text: '全品最大30%オフ。今週末まで！',
          actions: [
            demoAction('postback', '対象商品を見る', 'セール対象商品を見たい', 5),
            demoAction('uri', 'ショップへ', 'https://example.com/sale'),
          ],
        },
        {
          title: 'ポイント2倍',
          text: 'セール期間中はポイント2倍。',
          actions: [
            demoAction('postback', '詳しく見る', 'ポイント2倍について', 3),
            demoAction('uri', 'ポイントについて', 'https://example.com/points'),
          ],
        },
      ]),
  },
  {
    folder: 'キャンペーン',
    name: 'アンケートのお願い',
    message: () =>
      demoConfirm('アンケートのお願い', '1分で終わるアンケートにご協力いただけますか？', [
        demoAction('postback', '協力する', 'アンケートに協力します', 10),
        demoAction('postback', 'また今度', 'また今度にします'),
      ]),
  },
];

/** Each demo channel's templates folder and templates, and the teppan templates in admin folders. */
async function seedTemplates(db: Db, lineAccountIds: number[], by: { staffId: number; adminId: number }) {
  for (const lineAccountId of lineAccountIds) {
    const [folder] = await db
      .insert(folders)
      .values({ scope: 'service', lineAccountId, folderType: 'templates', name: DEMO_TEMPLATE_FOLDER })
      .returning();
    const caller = { owner: channelScope(lineAccountId), userId: by.staffId };
    for (const template of DEMO_TEMPLATES) {
      await insertTemplate(db, caller, { name: template.name, folderId: folder!.id, message: template.message() });
    }
  }
  const folderNames = [...new Set(DEMO_TEPPAN_TEMPLATES.map((t) => t.folder))];
  const adminFolders = await db
    .insert(folders)
    .values(
      folderNames.map((name, sortIndex) => ({
        scope: 'admin' as const,
        lineAccountId: null,
        folderType: 'templates' as const,
        name,
        sortIndex,
      })),
    )
    .returning();
  const teppan = { owner: PLATFORM_SCOPE, userId: by.adminId };
  for (const template of DEMO_TEPPAN_TEMPLATES) {
    const folderId = adminFolders.find((f) => f.name === template.folder)!.id;
    await insertTemplate(db, teppan, { name: template.name, folderId, message: template.message() });
  }
}
