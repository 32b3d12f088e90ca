import type { AppContext } from '../platform/context.ts';
import { accountScope, channelScope } from '../platform/principal.ts';
import { buildExport } from '../modules/channel-exports/build.ts';
import * as exportsRepo from '../modules/channel-exports/repository.ts';
import { channelForLine, listLineAccounts } from '../modules/line-accounts/repository.ts';

/**
 * The demo's finished full export (takeovers): once the first demo channel has its virtual friends,
 * one export of it is built, so the owner's takeovers screen lists a ZIP to download. Only when the
 * account has none yet (a restart adds no second one).
 */
export async function seedDemoExport(ctx: AppContext, lineAccountId: number): Promise<void> {
  const db = ctx.database.db;
  const channel = await channelForLine(db, channelScope(lineAccountId));
  if (!channel) return;
  const scope = accountScope(channel.accountId);
  const [first] = await listLineAccounts(db, scope);
  if (first?.id !== lineAccountId || (await exportsRepo.list(db, scope)).length > 0) return;
  const row = await exportsRepo.insert(db, scope, lineAccountId);
  await buildExport(ctx, { accountId: channel.accountId, exportId: row.id });
}
