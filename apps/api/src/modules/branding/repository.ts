import { desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { oems } from '../tenants/schema.ts';

/** Branding is public and not tenant data: the OEM for a host (its primary or another domain), else the default one. */
export async function findOemForDomainUnscoped(db: Db, domain: string) {
  const [row] = await db
    .select()
    .from(oems)
    .where(
      or(
        eq(oems.domain, domain),
        // Spelled out: inside a select from oems, drizzle would leave the columns unqualified.
        sql`exists (select 1 from "oem_domains" where "oem_domains"."oem_id" = "oems"."id" and "oem_domains"."domain" = ${domain})`,
        eq(oems.isDefault, true),
      ),
    )
    // The OEM of the host wins over the default.
    .orderBy(desc(sql`not ${oems.isDefault} or ${oems.domain} = ${domain}`))
    .limit(1);
  return row;
}
