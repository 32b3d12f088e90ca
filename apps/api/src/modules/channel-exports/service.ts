import type { ChannelExport } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { fieldError, forbidden, notFound } from '../../platform/errors.ts';
import type { Principal } from '../../platform/principal.ts';
import { accountScope, type AccountScope } from '../../platform/principal.ts';
import { findLineAccount, listLineAccounts } from '../line-accounts/repository.ts';
import * as repo from './repository.ts';

export const OWNER_ONLY_MESSAGE =
  'チャネルの全データのエクスポートは、アカウントのオーナーだけがダウンロードできます。';

function present(row: repo.ExportRow, names: Map<number, string>): ChannelExport {
  return {
    id: row.id,
    line_account_id: row.lineAccountId,
    line_account_name: names.get(row.lineAccountId) ?? '',
    status: row.status,
    progress: row.progress,
    byte_size: row.byteSize,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
  };
}

async function channelNames(ctx: AppContext, scope: AccountScope): Promise<Map<number, string>> {
  return new Map((await listLineAccounts(ctx.database.db, scope)).map((channel) => [channel.id, channel.name]));
}

export async function list(ctx: AppContext, scope: AccountScope): Promise<ChannelExport[]> {
  const [rows, names] = await Promise.all([repo.list(ctx.database.db, scope), channelNames(ctx, scope)]);
  return rows.map((row) => present(row, names));
}

/** Records the export and leaves the building to the worker. */
export async function create(ctx: AppContext, scope: AccountScope, lineAccountId: number): Promise<ChannelExport> {
  const channel = await findLineAccount(ctx.database.db, scope, lineAccountId);
  if (!channel) throw fieldError('line_account_id', 'チャネルが見つかりません。');
  const row = await repo.insert(ctx.database.db, scope, channel.id);
  await ctx.queue.send('channel-exports.build', { accountId: scope.accountId, exportId: row.id });
  return present(row, new Map([[channel.id, channel.name]]));
}

/** The finished export's file, for its account's owner only: staff are told so (403). */
export async function download(ctx: AppContext, principal: Principal, id: number) {
  if (principal.role !== 'account') throw forbidden(OWNER_ONLY_MESSAGE);
  const scope = accountScope(principal.accountId);
  const row = await repo.find(ctx.database.db, scope, id);
  if (!row) throw notFound('エクスポート');
  const stream = row.status === 'done' && row.storageKey ? await ctx.files.getStream(row.storageKey) : null;
  if (!stream) throw notFound('エクスポートのファイル');
  const date = (row.finishedAt ?? row.createdAt).toISOString().slice(0, 10);
  return { stream, filename: `channel-export-${date}.zip`, byteSize: row.byteSize };
}

/** Housekeeping: exports past their retention lose their file and show as expired. */
export async function expireOld(ctx: AppContext): Promise<void> {
  for (const row of await repo.expiredUnscoped(ctx.database.db, ctx.clock.now())) {
    if (row.storageKey) await ctx.files.remove(row.storageKey);
    await repo.update(ctx.database.db, accountScope(row.accountId), row.id, { status: 'expired', storageKey: null });
  }
}
