import { randomBytes, randomInt } from 'node:crypto';
import { count } from 'drizzle-orm';
import { permissionsWith } from '@linq/contract';
import type { AppContext } from '../platform/context.ts';
import type { Db } from '../platform/db.ts';
import { hashPassword } from '../platform/password-hash.ts';
import type { SecretBox } from '../platform/secrets.ts';
import {
  accounts,
  agencies,
  lineAccounts,
  oems,
  staffAuthorities,
  userLineAccounts,
  users,
} from '../platform/schema.ts';

export const DEMO_PASSWORD = 'Demo#2026';
export const DEMO_LOGINS = [
  { area: 'admin', url: '/admin/login', email: 'admin@demo.example' },
  { area: 'agency', url: '/agency/login', email: 'agency@demo.example' },
  { area: 'account', url: '/account/login', email: 'account@demo.example' },
  { area: 'service', url: '/service/login', email: 'staff@demo.example' },
  { area: 'service', url: '/service/login', email: 'viewer@demo.example' },
] as const;

export const DEFAULT_OEM = {
  name: 'LinQ',
  serviceName: 'LinQ',
  domain: 'localhost',
  isDefault: true,
  faviconUrl: '/favicon.svg',
  logoUrl: null,
  primaryColor: '#06C755',
  headerColor: '#ffffff',
  siderColor: '#001529',
};
export const PARTNER_OEM = {
  name: 'Partner Marketing',
  serviceName: 'Partner Marketing',
  domain: 'partner.localhost',
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
  await db.transaction(async (tx) => seedDemo(tx as unknown as Db, ctx));
  return true;
}

/** Basic ids of the demo channels: the simulator binding gives these channels virtual friends on first start. */
export const DEMO_BASIC_ID_PREFIX = '@demo-';

/**
 * A demo channel bound to the LINE simulator, with generated credentials like LINE's: a 10-digit
 * channel id, a 32-hex channel secret and a random access token, stored sealed.
 */
function simulatedChannel(secrets: SecretBox, name: string, basicId: string) {
  return {
    name,
    simulated: true,
    channelId: String(randomInt(1_000_000_000, 10_000_000_000)),
    basicId,
    channelSecretSealed: secrets.seal(randomBytes(16).toString('hex')),
    channelAccessTokenSealed: secrets.seal(randomBytes(48).toString('base64url')),
  };
}

async function seedDemo(db: Db, ctx: Pick<AppContext, 'secrets'>) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const [oem] = await db.insert(oems).values([DEFAULT_OEM, PARTNER_OEM]).returning();
  const oemId = oem!.id;
  const [agency] = await db.insert(agencies).values({ oemId, name: 'Demo Agency' }).returning();
  const [account] = await db.insert(accounts).values({ oemId, agencyId: agency!.id, name: 'Demo Shop' }).returning();
  const accountId = account!.id;
  const channels = await db
    .insert(lineAccounts)
    .values([
      { accountId, ...simulatedChannel(ctx.secrets, 'Demo Shop 本店', `${DEMO_BASIC_ID_PREFIX}honten`) },
      { accountId, ...simulatedChannel(ctx.secrets, 'Demo Shop オンライン', `${DEMO_BASIC_ID_PREFIX}online`) },
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
      { role: 'admin', email: 'admin@demo.example', name: 'デモ管理者', passwordHash },
      { role: 'agency', email: 'agency@demo.example', name: 'デモ代理店担当', passwordHash, agencyId: agency!.id },
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
  const staff = people.find((p) => p.email === 'staff@demo.example')!;
  const viewer = people.find((p) => p.email === 'viewer@demo.example')!;
  await db
    .insert(userLineAccounts)
    .values([
      ...channels.map((c) => ({ userId: staff.id, lineAccountId: c.id })),
      { userId: viewer.id, lineAccountId: channels[0]!.id },
    ]);
}
