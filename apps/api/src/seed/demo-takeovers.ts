import { createReadStream } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AppContext } from '../platform/context.ts';
import { accountScope, channelScope } from '../platform/principal.ts';
import { runImport } from '../modules/friend-imports/jobs.ts';
import * as imports from '../modules/friend-imports/service.ts';

/** A Lステップ-style friends export in Shift_JIS (as Japanese Excel saves it): the file to try the import with. */
export const DEMO_TAKEOVER_CSV = fileURLToPath(new URL('./takeover-sample-lstep.csv', import.meta.url));

/**
 * One completed import in the channel's takeover history (once): the sample file uploaded, mapped by the
 * Lステップ preset and run once the channel's demo friends are there, as an owner would do it. Its
 * friends wait for LINE to show them; one row without a LINE user id is in its report as an error.
 */
export async function seedDemoFriendImport(ctx: AppContext, accountId: number, lineAccountId: number): Promise<void> {
  const scope = accountScope(accountId);
  if ((await imports.list(ctx, scope, lineAccountId)).length > 0) return;
  const upload = await imports.upload(ctx, scope, channelScope(lineAccountId), {
    name: 'Lステップ_友だちリスト.csv',
    stream: createReadStream(DEMO_TAKEOVER_CSV),
  });
  await imports.run(ctx, scope, upload.import.id, upload.suggested);
  await runImport(ctx, upload.import.id);
}
