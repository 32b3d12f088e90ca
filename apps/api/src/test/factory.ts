import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  permissionsWith,
  templatesApi,
  type BuilderMessage,
  type FolderType,
  type Permissions,
  type Role,
} from '@linq/contract';
import type { Db } from '../platform/db.ts';
import { hashPassword } from '../platform/password-hash.ts';
import { folders } from '../modules/folders/schema.ts';
import { friendInfoFields, friendInfoValues, friends } from '../modules/friends/schema.ts';
import { friendMarks, friendTags, marks, tags } from '../modules/labels/schema.ts';
import { lineAccounts, userLineAccounts } from '../modules/line-accounts/schema.ts';
import { users } from '../modules/sessions/schema.ts';
import { staffAuthorities } from '../modules/staff-authorities/schema.ts';
import { accounts, agencies, oemPlans, oems } from '../modules/tenants/schema.ts';
import { messageOf, payloadOf } from '../modules/templates/test-support.ts';
import { inject } from './harness.ts';
import { callEndpoint, type Caller } from './kit.ts';
import { waitFor } from './wait.ts';
import { simulatedLoginChannel, type LineSimulator, type SimChannel } from '@linq/line-simulator';
import type { SecretBox } from '../platform/secrets.ts';

export const TEST_PASSWORD = 'Test-password-2026';
let passwordHash: Promise<string> | undefined;
const unique = () => randomBytes(4).toString('hex');

/** Builds rows for tests; every argument has a sensible default. */
export function createFactory(db: Db, app: FastifyInstance, secrets: SecretBox) {
  const factory = {
    async oem(values: Partial<typeof oems.$inferInsert> = {}) {
      const [row] = await db
        .insert(oems)
        .values({
          name: `OEM ${unique()}`,
          serviceName: `Service ${unique()}`,
          domain: `${unique()}.example`,
          faviconUrl: '/favicon.svg',
          primaryColor: '#06C755',
          headerColor: '#ffffff',
          siderColor: '#001529',
          ...values,
        })
        .returning();
      return row!;
    },
    /** The default OEM (its admins are the platform admins), made on first use. */
    async defaultOem() {
      const [found] = await db.select().from(oems).where(eq(oems.isDefault, true));
      return found ?? (await factory.oem({ isDefault: true }));
    },
    async agency(values: Partial<typeof agencies.$inferInsert> = {}) {
      const oemId = values.oemId ?? (await factory.oem()).id;
      const [row] = await db
        .insert(agencies)
        .values({ name: `Agency ${unique()}`, ...values, oemId })
        .returning();
      return row!;
    },
    async oemPlan(oemId: number, values: Partial<typeof oemPlans.$inferInsert> = {}) {
      const [row] = await db
        .insert(oemPlans)
        .values({
          name: `Plan ${unique()}`,
          monthlyPriceYen: 9800,
          maxChannels: 2,
          maxStaffUsers: 5,
          maxMonthlyMessages: 5000,
          ...values,
          oemId,
        })
        .returning();
      return row!;
    },
    async account(values: Partial<typeof accounts.$inferInsert> = {}) {
      const oemId = values.oemId ?? (await factory.oem()).id;
      const [row] = await db
        .insert(accounts)
        .values({ name: `Account ${unique()}`, ...values, oemId })
        .returning();
      return row!;
    },
    async lineAccount(accountId: number, values: Partial<typeof lineAccounts.$inferInsert> = {}) {
      const [row] = await db
        .insert(lineAccounts)
        .values({ name: `Channel ${unique()}`, ...values, accountId })
        .returning();
      return row!;
    },
    /**
     * A channel bound to the LINE simulator: sealed credentials in the database, the same
     * channel in the simulator, its webhooks going to `consoleUrl` when given.
     */
    /**
     * A channel of the LINE simulator registered as a LINE channel (not marked simulated): a server
     * process started with LINE_API_BASE_URL at the simulator talks to it as it would to LINE.
     */
    async lineChannelOn(accountId: number, sim: LineSimulator) {
      const channelId = String(1_000_000_000 + Math.floor(Math.random() * 8_999_999_999));
      const secret = randomBytes(16).toString('hex');
      const token = randomBytes(32).toString('hex');
      const channel = sim.addChannel({ channelId, channelSecret: secret, channelAccessToken: token, quota: null });
      const row = await factory.lineAccount(accountId, {
        channelId,
        botUserId: channel.botUserId,
        channelSecretSealed: secrets.seal(secret),
        channelAccessTokenSealed: secrets.seal(token),
      });
      return { row, channel, secret, token };
    },
    async simulatedChannel(accountId: number, sim: LineSimulator, consoleUrl: string | null = null) {
      const channelId = String(1_000_000_000 + Math.floor(Math.random() * 8_999_999_999));
      const secret = randomBytes(16).toString('hex');
      const token = randomBytes(32).toString('base64url');
      // The LINE Login pair the simulator gives the channel (not yet checked).
      const login = simulatedLoginChannel(channelId);
      const row = await factory.lineAccount(accountId, {
        simulated: true,
        channelId,
        channelSecretSealed: secrets.seal(secret),
        channelAccessTokenSealed: secrets.seal(token),
        loginChannelId: login.channelId,
        loginChannelSecretSealed: secrets.seal(login.channelSecret),
      });
      const channel = sim.addChannel({
        channelId,
        channelSecret: secret,
        channelAccessToken: token,
        webhookUrl: consoleUrl ? `${consoleUrl}/webhooks/line/${row.webhookKey}` : null,
        quota: null,
      });
      return { row, channel, secret, token };
    },
    /** A virtual friend who followed a simulated channel, once the console has their row. */
    async followingFriend(channel: SimChannel, lineAccountId: number, displayName = '山田 花子') {
      const friend = channel.createFriend({ displayName });
      await friend.follow();
      const row = await waitFor(async () => {
        const [found] = await db
          .select()
          .from(friends)
          .where(and(eq(friends.lineAccountId, lineAccountId), eq(friends.lineUserId, friend.userId)));
        return found;
      });
      return { friend, row };
    },
    async staffAuthority(accountId: number, permissions: Permissions = permissionsWith('edit', true), name?: string) {
      const [row] = await db
        .insert(staffAuthorities)
        .values({ accountId, name: name ?? `Authority ${unique()}`, permissions })
        .returning();
      return row!;
    },
    async user(
      role: Role,
      values: Partial<typeof users.$inferInsert> & { lineAccountIds?: number[]; password?: string } = {},
    ) {
      const { lineAccountIds = [], password, ...rest } = values;
      // An admin belongs to an OEM: a platform admin (the default OEM's) unless told.
      const oemId = role === 'admin' ? (rest.oemId ?? (await factory.defaultOem()).id) : null;
      const hash = password ? await hashPassword(password) : await (passwordHash ??= hashPassword(TEST_PASSWORD));
      const [row] = await db
        .insert(users)
        .values({
          role,
          email: `${role}-${unique()}@test.example`,
          name: `User ${unique()}`,
          passwordHash: hash,
          ...(role === 'agency' ? { agencyRole: 'manager' as const } : {}),
          ...rest,
          oemId,
        })
        .returning();
      if (lineAccountIds.length > 0) {
        await db
          .insert(userLineAccounts)
          .values(lineAccountIds.map((lineAccountId) => ({ userId: row!.id, lineAccountId })));
      }
      return row!;
    },
    /**
     * A friend of the channel (following, with a random LINE user id unless given), carrying
     * the given tags and marks and info values (field id → value).
     */
    async friend(
      lineAccountId: number,
      values: Partial<typeof friends.$inferInsert> & {
        tagIds?: number[];
        markIds?: number[];
        info?: Record<number, string>;
      } = {},
    ) {
      const { tagIds = [], markIds = [], info = {}, ...rest } = values;
      const [row] = await db
        .insert(friends)
        .values({
          lineUserId: `U${randomBytes(16).toString('hex')}`,
          displayName: `友だち ${unique()}`,
          status: 'following',
          followedAt: new Date(),
          ...rest,
          lineAccountId,
        })
        .returning();
      const friendId = row!.id;
      const link = { lineAccountId, friendId };
      if (tagIds.length > 0) await db.insert(friendTags).values(tagIds.map((tagId) => ({ ...link, tagId })));
      if (markIds.length > 0) await db.insert(friendMarks).values(markIds.map((markId) => ({ ...link, markId })));
      const entries = Object.entries(info);
      if (entries.length > 0) {
        await db
          .insert(friendInfoValues)
          .values(entries.map(([fieldId, value]) => ({ ...link, fieldId: Number(fieldId), value })));
      }
      return row!;
    },
    async tag(lineAccountId: number, values: Partial<typeof tags.$inferInsert> = {}) {
      const [row] = await db
        .insert(tags)
        .values({ name: `タグ ${unique()}`, ...values, lineAccountId })
        .returning();
      return row!;
    },
    async mark(lineAccountId: number, values: Partial<typeof marks.$inferInsert> = {}) {
      const [row] = await db
        .insert(marks)
        .values({ name: `マーク ${unique()}`, color: '#FF4D4F', ...values, lineAccountId })
        .returning();
      return row!;
    },
    async infoField(lineAccountId: number, values: Partial<typeof friendInfoFields.$inferInsert> = {}) {
      const [row] = await db
        .insert(friendInfoFields)
        .values({ name: `情報 ${unique()}`, fieldType: 'text', ...values, lineAccountId })
        .returning();
      return row!;
    },
    /** A folder of the channel, or an administrators' folder (teppan) when the channel is null. */
    async folder(
      lineAccountId: number | null,
      folderType: FolderType = 'templates',
      values: Partial<typeof folders.$inferInsert> = {},
    ) {
      const [row] = await db
        .insert(folders)
        .values({
          scope: lineAccountId === null ? 'admin' : 'service',
          lineAccountId,
          folderType,
          name: `フォルダ ${unique()}`,
          ...values,
        })
        .returning();
      return row!;
    },
    /**
     * A message template of the caller's channel (a text message unless given), saved through the
     * API like the console saves it: its actions, scores and links are the server's own.
     */
    async template(
      as: Caller,
      message: BuilderMessage = messageOf('text_message'),
      template: Parameters<typeof payloadOf>[1] = {},
    ) {
      const response = await callEndpoint(app, templatesApi.create, { body: payloadOf(message, template) }, as);
      if (response.status !== 201) throw new Error(`template not saved (${response.status}): ${response.text}`);
      return response.output;
    },
    /** A channel of the account with a staff member of it (of `staffAuthorityId`), logged in: a test's own friends. */
    async staffedChannel(accountId: number, staffAuthorityId: number) {
      const row = await factory.lineAccount(accountId);
      const user = await factory.user('service', { accountId, staffAuthorityId, lineAccountIds: [row.id] });
      return { id: row.id, token: await factory.login('service', user.email) };
    },
    /** Logs in through the API and returns the access token. */
    async login(role: Role, email: string, password = TEST_PASSWORD): Promise<string> {
      const response = await inject(app, { method: 'POST', path: `/${role}/sessions`, body: { email, password } });
      const data = response.json.data as { access_token?: string } | undefined;
      if (response.status !== 201 || !data?.access_token) {
        throw new Error(`login failed (${response.status}): ${JSON.stringify(response.body)}`);
      }
      return data.access_token;
    },
    /**
     * A whole tenant: an account with two channels, a full and a view-only authority,
     * its owner login and two staff logins, its agency's user and its OEM's admin, all logged in.
     * Its own OEM unless told.
     */
    async tenant(options: { oemId?: number } = {}) {
      const agency = await factory.agency(options.oemId ? { oemId: options.oemId } : {});
      const account = await factory.account({ agencyId: agency.id, oemId: agency.oemId });
      const channels = [await factory.lineAccount(account.id), await factory.lineAccount(account.id)];
      const fullAuthority = await factory.staffAuthority(account.id, permissionsWith('edit', true), '全権限');
      const viewAuthority = await factory.staffAuthority(account.id, permissionsWith('view', false), '閲覧のみ');
      const owner = await factory.user('account', { accountId: account.id });
      const agencyUser = await factory.user('agency', { agencyId: agency.id });
      // The tenant's OEM has its own admin (not a platform admin): what it reaches is the OEM's only.
      const oemAdmin = await factory.user('admin', { oemId: agency.oemId });
      const staff = await factory.user('service', {
        accountId: account.id,
        staffAuthorityId: fullAuthority.id,
        lineAccountIds: channels.map((c) => c.id),
      });
      const viewer = await factory.user('service', {
        accountId: account.id,
        staffAuthorityId: viewAuthority.id,
        lineAccountIds: [channels[0]!.id],
      });
      return {
        agency,
        account,
        channels,
        fullAuthority,
        viewAuthority,
        owner,
        agencyUser,
        oemAdmin,
        staff,
        viewer,
        tokens: {
          owner: await factory.login('account', owner.email),
          agency: await factory.login('agency', agencyUser.email),
          oemAdmin: await factory.login('admin', oemAdmin.email),
          staff: await factory.login('service', staff.email),
          viewer: await factory.login('service', viewer.email),
        },
      };
    },
  };
  return factory;
}
export type Factory = ReturnType<typeof createFactory>;
export type Tenant = Awaited<ReturnType<Factory['tenant']>>;
