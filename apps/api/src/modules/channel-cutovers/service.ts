import type { ChannelCutover } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { fieldError } from '../../platform/errors.ts';
import { LineApiError } from '../../platform/line.ts';
import { accountScope, channelScope, type AccountScope } from '../../platform/principal.ts';
import { findLineAccount, listLineAccounts } from '../line-accounts/repository.ts';
import { clearPreviousToolMenus } from '../rich-menus/cutover.ts';
import * as repo from './repository.ts';

export const NO_TOKEN_MESSAGE =
  'チャネルアクセストークンが設定されていないため、LINEのリッチメニューを解除できません。';
export const LINE_FAILED_MESSAGE =
  'LINEがリッチメニューの解除を受け付けませんでした。時間をおいてもう一度お試しください。';

function present(row: repo.CutoverRow, names: Map<number, string>): ChannelCutover {
  return {
    id: row.id,
    line_account_id: row.lineAccountId,
    line_account_name: names.get(row.lineAccountId) ?? '',
    status: row.status,
    unlinked_friends: row.unlinkedFriends,
    default_cleared: row.defaultCleared,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

export async function list(ctx: AppContext, scope: AccountScope): Promise<ChannelCutover[]> {
  const [rows, channels] = await Promise.all([
    repo.list(ctx.database.db, scope),
    listLineAccounts(ctx.database.db, scope),
  ]);
  const names = new Map(channels.map((channel) => [channel.id, channel.name]));
  return rows.map((row) => present(row, names));
}

/** Records the cutover and leaves the work with LINE to the worker. */
export async function create(ctx: AppContext, scope: AccountScope, lineAccountId: number): Promise<ChannelCutover> {
  const channel = await findLineAccount(ctx.database.db, scope, lineAccountId);
  if (!channel) throw fieldError('line_account_id', 'チャネルが見つかりません。');
  const row = await repo.insert(ctx.database.db, scope, channel.id);
  await ctx.queue.send('channel-cutovers.run', { accountId: scope.accountId, cutoverId: row.id });
  return present(row, new Map([[channel.id, channel.name]]));
}

/** The job: clears the previous tool's menus on LINE and keeps what it found. */
export async function run(ctx: AppContext, payload: { accountId: number; cutoverId: number }): Promise<void> {
  const scope = accountScope(payload.accountId);
  const db = ctx.database.db;
  const row = await repo.find(db, scope, payload.cutoverId);
  if (!row || row.status === 'done' || row.status === 'failed') return;
  await repo.update(db, scope, row.id, { status: 'running' });
  const fail = (error: string) =>
    repo.update(db, scope, row.id, { status: 'failed', error, finishedAt: ctx.clock.now() });
  try {
    const result = await clearPreviousToolMenus(ctx, channelScope(row.lineAccountId));
    if (!result) return fail(NO_TOKEN_MESSAGE);
    await repo.update(db, scope, row.id, {
      status: 'done',
      unlinkedFriends: result.unlinkedFriends,
      defaultCleared: result.defaultCleared,
      finishedAt: ctx.clock.now(),
    });
  } catch (error) {
    if (!(error instanceof LineApiError)) throw error;
    ctx.log.warn({ err: error, cutoverId: row.id }, 'clean cutover refused by LINE');
    await fail(LINE_FAILED_MESSAGE);
  }
}
