import type { z } from 'zod';
import { simulatedLoginChannel } from '@linq/line-simulator';
import { LOGIN_CHANNEL_SECRET_REQUIRED } from '@linq/contract';
import type {
  AccountOption,
  AdminLineAccount,
  adminLineAccountCreate,
  adminLineAccountListQuery,
  adminLineAccountsApi,
  adminLineAccountUpdate,
  ConnectionTestResult,
  EndpointOutput,
} from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { conflict, fieldError, notFound, requireSameId } from '../../platform/errors.ts';
import { LineApiError, lineClient, type LineEndpoints } from '../../platform/line.ts';
import { lineLoginClient } from '../../platform/line-login.ts';
import { accountScope, channelScope, type AdminPrincipal, type OemScope } from '../../platform/principal.ts';
import * as repo from './repository.ts';
import { bindChannelById } from '../simulator/bind.ts';
import { credentialsFixed } from '../delivery/service.ts';
import { requireChannelRoom } from '../plan-limits/service.ts';
import { publishAccessChanged } from '../../platform/realtime.ts';

export const DUPLICATE_CHANNEL_ID_MESSAGE = 'このチャネルIDは既に別のLINEアカウントで登録されています';
export const UNKNOWN_ACCOUNT_MESSAGE = '選択されたアカウントが見つかりません';
export const NO_TOKEN_MESSAGE =
  'チャネルアクセストークンが設定されていません。編集画面でトークンを設定してから接続テストを行ってください。';
export const UNREADABLE_TOKEN_MESSAGE =
  '保存されているチャネルアクセストークンを復号できません（暗号鍵が変わった可能性があります）。編集画面で設定し直してください。';
export const UNREADABLE_LOGIN_SECRET_MESSAGE =
  '保存されているLINEログインのチャネルシークレットを復号できません（暗号鍵が変わった可能性があります）。設定し直してください。';
export const NO_SIMULATOR_MESSAGE =
  'LINEシミュレーターが起動していないため接続できません（シミュレーター接続のチャネルには LINE_SIMULATOR=embedded が必要です）。';
export const hasFriendsMessage = (friendCount: number) =>
  `このLINEアカウントには友だちが${friendCount}人登録されているため削除できません。チャネルを使わなくする場合はステータスを「停止中」にしてください。`;

const CHANNEL = 'LINEアカウント';

type ListQuery = z.output<typeof adminLineAccountListQuery>;
type CreateInput = z.output<typeof adminLineAccountCreate>;
type UpdateInput = z.output<typeof adminLineAccountUpdate>;

/** Who asks, the OEM they act on (its accounts' channels are theirs) and where webhook URLs point. */
export interface AdminCaller {
  admin: AdminPrincipal;
  scope: OemScope;
  /** Public origin of this console, without a trailing slash. */
  publicOrigin: string;
}

export async function list(
  ctx: AppContext,
  caller: AdminCaller,
  query: ListQuery,
): Promise<EndpointOutput<typeof adminLineAccountsApi.list>> {
  const { rows, total } = await repo.list(ctx.database.db, caller.scope, {
    q: query.q,
    accountId: query.account_id,
    status: query.status,
    page: query.page,
    limit: query.limit,
  });
  return {
    data: rows.map((row) => present(caller, row)),
    total_item_count: total,
    pagination: { current: query.page, pageSize: query.limit },
  };
}

export async function get(ctx: AppContext, caller: AdminCaller, id: number): Promise<AdminLineAccount> {
  const row = await repo.find(ctx.database.db, caller.scope, id);
  if (!row) throw notFound(CHANNEL);
  return present(caller, row);
}

export async function create(ctx: AppContext, caller: AdminCaller, input: CreateInput): Promise<AdminLineAccount> {
  const db = ctx.database.db;
  await checkAccount(db, caller.scope, input.account_id);
  // A simulated channel gets the simulator's LINE Login channel unless another is given.
  const login = input.login_channel_id
    ? loginValues(ctx, input, false)
    : input.simulated
      ? sealedLogin(ctx, simulatedLoginChannel(input.channel_id))
      : {};
  const id = await db.transaction(async (tx) => {
    await uniqueChannelId(tx, input.channel_id);
    await requireChannelRoom(tx, accountScope(input.account_id), ctx.clock.now());
    return repo.insert(tx, caller.scope, {
      ...values(input),
      ...login,
      channelSecretSealed: ctx.secrets.seal(input.channel_secret),
      channelAccessTokenSealed: ctx.secrets.seal(input.channel_access_token),
    });
  });
  if (login.loginChannelId) await checkLogin(ctx, caller.scope, id);
  return get(ctx, caller, id);
}

export async function update(
  ctx: AppContext,
  caller: AdminCaller,
  id: number,
  input: UpdateInput,
): Promise<AdminLineAccount> {
  requireSameId(id, input.id);
  const db = ctx.database.db;
  const stored = await repo.find(db, caller.scope, id);
  if (!stored) throw notFound(CHANNEL);
  await checkAccount(db, caller.scope, input.account_id);
  const login = loginValues(ctx, input, stored.hasLoginChannelSecret);
  await db.transaction(async (tx) => {
    await uniqueChannelId(tx, input.channel_id, id);
    // Moved to another account: one more channel there.
    if (stored.accountId !== input.account_id) {
      await requireChannelRoom(tx, accountScope(input.account_id), ctx.clock.now());
    }
    const previousAccountId = await repo.update(tx, caller.scope, id, {
      ...values(input),
      ...login,
      // Empty or absent keeps the stored secret and token.
      ...(input.channel_secret ? { channelSecretSealed: ctx.secrets.seal(input.channel_secret) } : {}),
      ...(input.channel_access_token ? { channelAccessTokenSealed: ctx.secrets.seal(input.channel_access_token) } : {}),
    });
    if (previousAccountId === undefined) throw notFound(CHANNEL);
    // Suspended: the channel leaves its staff's sessions, their open sockets on it close.
    if (stored.status !== 'suspended' && input.status === 'suspended') {
      await publishAccessChanged(tx, await repo.assignedUserIds(tx, channelScope(id)));
    }
    if (previousAccountId !== input.account_id)
      await repo.dropForeignAssignments(tx, channelScope(id), accountScope(input.account_id));
  });
  // A new token may be the fixed one: deliveries waiting for it go out (or wait again on a 401).
  if (input.channel_access_token) await credentialsFixed(ctx, channelScope(id));
  if (login.loginChannelId) await checkLogin(ctx, caller.scope, id);
  return get(ctx, caller, id);
}

type LoginValues = Pick<
  repo.ChannelValues,
  'loginChannelId' | 'loginChannelSecretSealed' | 'loginCheckedAt' | 'loginCheckError'
>;

/**
 * The LINE Login pair to store: absent keeps it, an empty channel id removes it (and its check), an
 * empty secret keeps the stored one; a new channel id needs a secret, given now or stored before.
 */
function loginValues(ctx: AppContext, input: CreateInput | UpdateInput, hasStoredSecret: boolean): LoginValues {
  if (input.login_channel_id === undefined) return {};
  if (input.login_channel_id === '') {
    return { loginChannelId: null, loginChannelSecretSealed: null, loginCheckedAt: null, loginCheckError: null };
  }
  const secret = input.login_channel_secret ?? '';
  if (!secret && !hasStoredSecret) throw fieldError('login_channel_secret', LOGIN_CHANNEL_SECRET_REQUIRED);
  return {
    loginChannelId: input.login_channel_id,
    ...(secret ? { loginChannelSecretSealed: ctx.secrets.seal(secret) } : {}),
  };
}

const sealedLogin = (ctx: AppContext, pair: { channelId: string; channelSecret: string }): LoginValues => ({
  loginChannelId: pair.channelId,
  loginChannelSecretSealed: ctx.secrets.seal(pair.channelSecret),
});

/**
 * Checks the stored LINE Login pair with LINE (a token request LINE refuses for the made-up code
 * only when the client is right) and records the outcome; inflow routes show it.
 */
export async function checkLogin(ctx: AppContext, scope: OemScope, id: number): Promise<void> {
  const db = ctx.database.db;
  const credentials = await repo.loginCredentials(db, scope, id);
  if (!credentials?.loginChannelId || !credentials.loginChannelSecretSealed) return;
  let error: string | null;
  const channelSecret = openLoginSecret(ctx, credentials.loginChannelSecretSealed);
  if (channelSecret === null) {
    error = UNREADABLE_LOGIN_SECRET_MESSAGE;
  } else {
    if (credentials.simulated) await bindChannelById(ctx, id);
    const endpoints = lineEndpointsOf(ctx, credentials.simulated);
    if (!endpoints) {
      error = NO_SIMULATOR_MESSAGE;
    } else {
      const check = await lineLoginClient(endpoints).testLoginChannel({
        channelId: credentials.loginChannelId,
        channelSecret,
      });
      error = check.ok ? null : check.reason;
    }
  }
  await repo.recordLoginCheck(db, scope, id, { checkedAt: ctx.clock.now(), error });
}

/** A channel with friends is refused (409): deleting it would delete them and their history. */
export async function remove(ctx: AppContext, scope: OemScope, id: number): Promise<void> {
  const db = ctx.database.db;
  const assigned = await repo.assignedUserIds(db, channelScope(id));
  if (await repo.removeWithoutFriends(db, scope, id)) {
    await publishAccessChanged(db, assigned);
    return;
  }
  // Not deleted: the scope's channel with friends (409), or no channel of the scope (404).
  if (!(await repo.find(db, scope, id))) throw notFound(CHANNEL);
  throw conflict(hasFriendsMessage(await repo.friendCount(db, channelScope(id))));
}

/**
 * Calls LINE's bot info with the stored token and records the outcome on the channel: the bot's user
 * id and basic id when it passes, LINE's status and message when it does not.
 */
export async function connectionTest(ctx: AppContext, caller: AdminCaller, id: number): Promise<ConnectionTestResult> {
  const db = ctx.database.db;
  const credentials = await repo.credentials(db, caller.scope, id);
  if (!credentials) throw notFound(CHANNEL);
  if (!credentials.channelAccessTokenSealed) throw fieldError('channel_access_token', NO_TOKEN_MESSAGE);
  let token: string;
  try {
    token = ctx.secrets.open(credentials.channelAccessTokenSealed);
  } catch {
    throw fieldError('channel_access_token', UNREADABLE_TOKEN_MESSAGE);
  }

  if (credentials.simulated) await bindChannelById(ctx, id);
  const endpoints = lineEndpointsOf(ctx, credentials.simulated);
  let result: Omit<ConnectionTestResult, 'checked_at' | 'line_account'>;
  if (!endpoints) {
    result = { ok: false, bot: null, status: null, error: NO_SIMULATOR_MESSAGE };
  } else {
    try {
      const info = await lineClient(endpoints, token).botInfo();
      result = {
        ok: true,
        bot: { user_id: info.userId, basic_id: info.basicId, display_name: info.displayName },
        status: null,
        error: null,
      };
    } catch (error) {
      if (!(error instanceof LineApiError)) throw error;
      result = { ok: false, bot: null, status: error.status, error: describeLineError(error) };
    }
  }

  // The token works: deliveries that waited for it go out.
  if (result.ok) await credentialsFixed(ctx, channelScope(id));
  const checkedAt = new Date();
  await repo.recordConnection(db, caller.scope, id, {
    checkedAt,
    error: result.error,
    ...(result.bot ? { botUserId: result.bot.user_id, basicId: result.bot.basic_id } : {}),
  });
  return { ...result, checked_at: checkedAt.toISOString(), line_account: await get(ctx, caller, id) };
}

function openLoginSecret(ctx: AppContext, sealed: string): string | null {
  try {
    return ctx.secrets.open(sealed);
  } catch {
    return null;
  }
}

export async function accountOptions(ctx: AppContext, scope: OemScope): Promise<AccountOption[]> {
  return repo.accountOptions(ctx.database.db, scope);
}

/** Where the channel's calls go; null when it is bound to a simulator this process does not run. */
function lineEndpointsOf(ctx: AppContext, simulated: boolean): LineEndpoints | null {
  if (simulated && !ctx.simulator) return null;
  return ctx.lineEndpoints(simulated);
}

function describeLineError(error: LineApiError): string {
  return error.status === 0 ? `LINEに接続できません: ${error.message}` : `HTTP ${error.status}: ${error.message}`;
}

async function checkAccount(db: Db, scope: OemScope, accountId: number): Promise<void> {
  if (!(await repo.accountExists(db, scope, accountId))) throw fieldError('account_id', UNKNOWN_ACCOUNT_MESSAGE);
}

async function uniqueChannelId(tx: Db, channelId: string, exceptId?: number): Promise<void> {
  await repo.lockChannelIds(tx);
  if (await repo.channelIdTakenUnscoped(tx, channelId, exceptId)) {
    throw fieldError('channel_id', DUPLICATE_CHANNEL_ID_MESSAGE);
  }
}

const values = (input: CreateInput | UpdateInput): repo.ChannelValues => ({
  name: input.name,
  accountId: input.account_id,
  status: input.status,
  channelId: input.channel_id,
  basicId: input.basic_id || null,
  simulated: input.simulated,
});

function present(caller: AdminCaller, row: repo.ChannelRow): AdminLineAccount {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    account: { id: row.accountId, name: row.accountName },
    channel_id: row.channelId,
    basic_id: row.basicId,
    bot_user_id: row.botUserId,
    simulated: row.simulated,
    has_channel_secret: row.hasChannelSecret,
    has_channel_access_token: row.hasChannelAccessToken,
    webhook_url: `${caller.publicOrigin}/webhooks/line/${row.webhookKey}`,
    connection: {
      checked_at: row.connectionCheckedAt?.toISOString() ?? null,
      ok: row.connectionCheckedAt ? row.connectionError === null : null,
      error: row.connectionError,
    },
    login: {
      channel_id: row.loginChannelId,
      has_channel_secret: row.hasLoginChannelSecret,
      checked_at: row.loginCheckedAt?.toISOString() ?? null,
      ok: row.loginChannelId && row.loginCheckedAt ? row.loginCheckError === null : null,
      error: row.loginChannelId ? row.loginCheckError : null,
    },
    credentials_invalid: row.credentialsInvalidSince
      ? {
          since: row.credentialsInvalidSince.toISOString(),
          error: row.credentialsError,
          waiting_deliveries: row.credentialsWaiting,
        }
      : null,
    friend_count: row.friendCount,
    following_count: row.followingCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
