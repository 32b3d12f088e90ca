/** The demo's finished full export: built once the first demo channel has its friends, never twice. */
import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountScope } from '../platform/principal.ts';
import { useTestApp } from '../test/kit.ts';
import * as exports from '../modules/channel-exports/service.ts';
import { lineAccounts } from '../modules/line-accounts/schema.ts';
import { demoFriendsAdded, seedDemoIfEmpty } from './demo.ts';

const t = useTestApp({ tenants: 0 });

describe('demo export', () => {
  it('lists one finished export of the first demo channel', async () => {
    expect(await seedDemoIfEmpty(t.ctx)).toBe(true);
    const [first, second] = await t.db.select().from(lineAccounts).orderBy(asc(lineAccounts.id));
    await t.factory.friend(first!.id, { displayName: 'デモ 太郎' });
    await demoFriendsAdded(t.ctx, first!.id);
    await demoFriendsAdded(t.ctx, first!.id);
    await demoFriendsAdded(t.ctx, second!.id);
    const listed = await exports.list(t.ctx, accountScope(first!.accountId));
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ line_account_name: 'Demo Shop 本店', status: 'done', progress: 100 });
    expect(listed[0]!.byte_size).toBeGreaterThan(0);
  });
});
