import type { z } from 'zod';
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
import { accountScope, channelScope, type AdminPrincipal } from '../../platform/principal.ts';
import * as repo from './repository.ts';
import { bindChannelById } from '../simulator/bind.ts';
import { credentialsFixed } from '../delivery/service.ts';

export const DUPLICATE_CHANNEL_ID_MESSAGE = 'このチャネルIDは既に別のLINEアカウントで登録されています';
export const UNKNOWN_ACCOUNT_MESSAGE = '選択されたアカウントが見つかりません';
export const NO_TOKEN_MESSAGE =
  'チャネルアクセストークンが設定されていません。編集画面でトークンを設定してから接続テストを行ってください。';
export const UNREADABLE_TOKEN_MESSAGE =
  '保存されているチャネルアクセストークンを復号できません（暗号鍵が変わった可能性があります）。編集画面で設定し直してください。';
export const NO_SIMULATOR_MESSAGE =
  'LINEシミュレーターが起動していないため接続できません（シミュレーター接続のチャネルには LINE_SIMULATOR=embedded が必要です）。';
export const hasFriendsMessage = (friendCount: number) =>
  `このLINEアカウントには友だちが${friendCount}人登録されているため削除できません。チャネルを使わなくする場合はステータスを「停止中」にしてください。`;

const CHANNEL = 'LINEアカウント';

type ListQuery = z.output<typeof adminLineAccountListQuery>;
type CreateInput = z.output<typeof adminLineAccountCreate>;
type UpdateInput = z.output<typeof adminLineAccountUpdate>;

/** Who asks (a platform administrator: every tenant is theirs) and where webhook URLs point. */
export interface AdminCaller {
  admin: AdminPrincipal;
  /** Public origin of this console, without a trailing slash. */
  publicOrigin: string;
}

export async function list(
  ctx: AppContext,
  caller: AdminCaller,
  query: ListQuery,
): Promise<EndpointOutput<typeof adminLineAccountsApi.list>> {
  const { rows, total } = await repo.listUnscoped(ctx.database.db, {
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
  const row = await repo.findUnscoped(ctx.database.db, id);
  if (!row) throw notFound(CHANNEL);
  return present(caller, row);
}

export async function create(ctx: AppContext, caller: AdminCaller, input: CreateInput): Promise<AdminLineAccount> {
  const db = ctx.database.db;
  await checkAccount(db, input.account_id);
  const id = await db.transaction(async (tx) => {
    await uniqueChannelId(tx, input.channel_id);
    return repo.insertUnscoped(tx, {
      ...values(input),
      channelSecretSealed: ctx.secrets.seal(input.channel_secret),
      channelAccessTokenSealed: ctx.secrets.seal(input.channel_access_token),
    });
  });
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
  if (!(await repo.findUnscoped(db, id))) throw notFound(CHANNEL);
  await checkAccount(db, input.account_id);
  await db.transaction(async (tx) => {
    await uniqueChannelId(tx, input.channel_id, id);
    const previousAccountId = await repo.updateUnscoped(tx, id, {
      ...values(input),
      // Empty or absent keeps the stored secret and token.
      ...(input.channel_secret ? { channelSecretSealed: ctx.secrets.seal(input.channel_secret) } : {}),
      ...(input.channel_access_token ? { channelAccessTokenSealed: ctx.secrets.seal(input.channel_access_token) } : {}),
    });
    if (previousAccountId === undefined) throw notFound(CHANNEL);
    if (previousAccountId !== input.account_id)
      await repo.dropForeignAssignments(tx, channelScope(id), accountScope(input.account_id));
  });
  // A new token may be the fixed one: deliveries waiting for it go out (or wait again on a 401).
  if (input.channel_access_token) await credentialsFixed(ctx, channelScope(id));
  return get(ctx, caller, id);
}

/** A channel with friends is refused (409): deleting it would delete them and their history. */
export async function remove(ctx: AppContext, id: number): Promise<void> {
  const db = ctx.database.db;
  if (await repo.removeWithoutFriendsUnscoped(db, id)) return;
  const friendCount = await repo.friendCountUnscoped(db, id);
  if (friendCount > 0) throw conflict(hasFriendsMessage(friendCount));
  throw notFound(CHANNEL);
}

/**
 * Calls LINE's bot info with the stored token and records the outcome on the channel: the bot's user
 * id and basic id when it passes, LINE's status and message when it does not.
 */
export async function connectionTest(ctx: AppContext, caller: AdminCaller, id: number): Promise<ConnectionTestResult> {
  const db = ctx.database.db;
  const credentials = await repo.credentialsUnscoped(db, id);
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
  await repo.recordConnectionUnscoped(db, id, {
    checkedAt,
    error: result.error,
    ...(result.bot ? { botUserId: result.bot.user_id, basicId: result.bot.basic_id } : {}),
  });
  return { ...result, checked_at: checkedAt.toISOString(), line_account: await get(ctx, caller, id) };
}

export async function accountOptions(ctx: AppContext): Promise<AccountOption[]> {
  return repo.accountOptionsUnscoped(ctx.database.db);
}

/** Where the channel's calls go; null when it is bound to a simulator this process does not run. */
function lineEndpointsOf(ctx: AppContext, simulated: boolean): LineEndpoints | null {
  if (simulated && !ctx.simulator) return null;
  return ctx.lineEndpoints(simulated);
}

function describeLineError(error: LineApiError): string {
  return error.status === 0 ? `LINEに接続できません: ${error.message}` : `HTTP ${error.status}: ${error.message}`;
}

async function checkAccount(db: Db, accountId: number): Promise<void> {
  if (!(await repo.accountExistsUnscoped(db, accountId))) throw fieldError('account_id', UNKNOWN_ACCOUNT_MESSAGE);
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
