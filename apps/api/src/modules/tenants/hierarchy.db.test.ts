import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/kit.ts';
import { users } from '../sessions/schema.ts';
import { accounts, oems } from './schema.ts';

const t = useTestApp({ tenants: 0 });

/** The database's own refusal, whichever driver reports it. */
const refused = (write: Promise<unknown>) => expect(write).rejects.toThrow();

describe('the tenant hierarchy in the database', () => {
  it('refuses an account whose OEM is not its agency’s, on insert and on update', async () => {
    const agency = await t.factory.agency();
    const otherOem = await t.factory.oem();
    await refused(t.factory.account({ agencyId: agency.id, oemId: otherOem.id }));
    const account = await t.factory.account({ agencyId: agency.id, oemId: agency.oemId });
    await refused(t.db.update(accounts).set({ oemId: otherOem.id }).where(eq(accounts.id, account.id)));
    // Without an agency an account names its OEM alone.
    const direct = await t.factory.account({ oemId: otherOem.id });
    expect(direct.agencyId).toBeNull();
    await refused(t.db.update(accounts).set({ agencyId: agency.id }).where(eq(accounts.id, direct.id)));
  });

  it('refuses an admin without an OEM, and an OEM on another role’s login', async () => {
    const oem = await t.factory.oem();
    await refused(t.db.insert(users).values({ role: 'admin', email: 'x@test.example', name: 'x', passwordHash: 'x' }));
    const agency = await t.factory.agency({ oemId: oem.id });
    await refused(
      t.db.insert(users).values({
        role: 'agency',
        email: 'y@test.example',
        name: 'y',
        passwordHash: 'x',
        agencyId: agency.id,
        oemId: oem.id,
      }),
    );
  });

  it('keeps one default OEM', async () => {
    await t.factory.defaultOem();
    await refused(t.factory.oem({ isDefault: true }));
    expect(await t.db.select().from(oems).where(eq(oems.isDefault, true))).toHaveLength(1);
  });
});
