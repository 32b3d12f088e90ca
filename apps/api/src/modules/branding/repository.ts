import { desc, eq, or } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { oems } from '../tenants/schema.ts';

/** Branding is public and not tenant data: the OEM for a host, else the default one. */
export async function findOemForDomainUnscoped(db: Db, domain: string) {
  const [row] = await db
    .select()
    .from(oems)
    .where(or(eq(oems.domain, domain), eq(oems.isDefault, true)))
    // The exact domain wins over the default.
    .orderBy(desc(eq(oems.domain, domain)))
    .limit(1);
  return row;
}
