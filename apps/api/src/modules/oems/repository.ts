import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import type { OemScope, PlatformScope } from '../../platform/principal.ts';
import { users } from '../sessions/schema.ts';
import { accounts, agencies, oems } from '../tenants/schema.ts';
import { oemDomains } from './schema.ts';

export type OemRow = typeof oems.$inferSelect & { extraDomains: string[]; agencyCount: number; accountCount: number };
export type OemValues = Omit<typeof oems.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type OemAccountValues = Pick<
  typeof oems.$inferInsert,
  | 'companyName'
  | 'companyAddress'
  | 'companyPhone'
  | 'contactName'
  | 'contactEmail'
  | 'billingName'
  | 'billingEmail'
  | 'invoiceRegistrationNumber'
  | 'landingText'
>;

const oemColumns = {
  id: oems.id,
  name: oems.name,
  serviceName: oems.serviceName,
  domain: oems.domain,
  isDefault: oems.isDefault,
  faviconUrl: oems.faviconUrl,
  logoUrl: oems.logoUrl,
  supportEmail: oems.supportEmail,
  primaryColor: oems.primaryColor,
  headerColor: oems.headerColor,
  siderColor: oems.siderColor,
  companyName: oems.companyName,
  companyAddress: oems.companyAddress,
  companyPhone: oems.companyPhone,
  contactName: oems.contactName,
  contactEmail: oems.contactEmail,
  billingName: oems.billingName,
  billingEmail: oems.billingEmail,
  invoiceRegistrationNumber: oems.invoiceRegistrationNumber,
  mailFromName: oems.mailFromName,
  mailFromAddress: oems.mailFromAddress,
  landingText: oems.landingText,
  createdAt: oems.createdAt,
  updatedAt: oems.updatedAt,
};

// Spelled out: inside a select from oems, drizzle would leave the columns unqualified.
const agencyCount = sql<number>`(select count(*) from "agencies" where "agencies"."oem_id" = "oems"."id")`.mapWith(
  Number,
);
const accountCount = sql<number>`(select count(*) from "accounts" where "accounts"."oem_id" = "oems"."id")`.mapWith(
  Number,
);

async function withDomains(db: Db, rows: (typeof oems.$inferSelect & { agencyCount: number; accountCount: number })[]) {
  if (rows.length === 0) return [];
  const extra = await db
    .select({ oemId: oemDomains.oemId, domain: oemDomains.domain })
    .from(oemDomains)
    .where(
      inArray(
        oemDomains.oemId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(oemDomains.id));
  return rows.map((row) => ({
    ...row,
    extraDomains: extra.filter((domain) => domain.oemId === row.id).map((domain) => domain.domain),
  }));
}

/** Every OEM, filtered by name, service name or any of its domains (platform data). */
export async function list(
  db: Db,
  _scope: PlatformScope,
  filter: { q?: string | undefined; page: number; limit: number },
): Promise<{ rows: OemRow[]; total: number }> {
  let where: SQL | undefined;
  if (filter.q) {
    const pattern = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where = or(
      ilike(oems.name, pattern),
      ilike(oems.serviceName, pattern),
      ilike(oems.domain, pattern),
      sql`exists (select 1 from "oem_domains" where "oem_domains"."oem_id" = "oems"."id" and "oem_domains"."domain" ilike ${pattern})`,
    );
  }
  const rows = await db
    .select({ ...oemColumns, agencyCount, accountCount })
    .from(oems)
    .where(where)
    .orderBy(desc(oems.isDefault), asc(oems.id))
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit);
  const [total] = await db.select({ n: count() }).from(oems).where(where);
  return { rows: await withDomains(db, rows), total: total?.n ?? 0 };
}

/** The OEM of the scope. */
export async function find(db: Db, { oemId }: OemScope): Promise<OemRow | undefined> {
  const rows = await db
    .select({ ...oemColumns, agencyCount, accountCount })
    .from(oems)
    .where(eq(oems.id, oemId));
  const [row] = await withDomains(db, rows);
  return row;
}

/**
 * Serialises writes of domains and of the default flag until the transaction ends, so "a domain
 * belongs to one OEM" and "exactly one default" hold against concurrent saves.
 */
export async function lockOemSettings(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('oems.domains'))`);
}

/** The first of `domains` some other OEM already uses (as its primary domain or another one). */
export async function domainTaken(db: Db, domains: string[], exceptOemId?: number): Promise<string | undefined> {
  const primary = await db
    .select({ domain: oems.domain })
    .from(oems)
    .where(and(inArray(oems.domain, domains), exceptOemId ? ne(oems.id, exceptOemId) : undefined));
  const extra = await db
    .select({ domain: oemDomains.domain })
    .from(oemDomains)
    .where(and(inArray(oemDomains.domain, domains), exceptOemId ? ne(oemDomains.oemId, exceptOemId) : undefined));
  const taken = new Set([...primary, ...extra].map((row) => row.domain));
  return domains.find((domain) => taken.has(domain));
}

export async function insert(
  tx: Db,
  _scope: PlatformScope,
  values: OemValues,
  extraDomains: string[],
): Promise<number> {
  const [row] = await tx.insert(oems).values(values).returning({ id: oems.id });
  const oemId = row!.id;
  if (extraDomains.length > 0) {
    await tx.insert(oemDomains).values(extraDomains.map((domain) => ({ oemId, domain })));
  }
  return oemId;
}

/** Returns whether the OEM exists (and was updated). */
export async function update(tx: Db, { oemId }: OemScope, values: OemValues, extraDomains: string[]): Promise<boolean> {
  const rows = await tx
    .update(oems)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(oems.id, oemId))
    .returning({ id: oems.id });
  if (rows.length === 0) return false;
  await tx.delete(oemDomains).where(eq(oemDomains.oemId, oemId));
  if (extraDomains.length > 0) {
    await tx.insert(oemDomains).values(extraDomains.map((domain) => ({ oemId, domain })));
  }
  return true;
}

export async function updateAccount(db: Db, { oemId }: OemScope, values: OemAccountValues): Promise<void> {
  await db
    .update(oems)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(oems.id, oemId));
}

/** Takes the default flag from whichever OEM has it (the caller then gives it to another, in the same transaction). */
export async function clearDefaults(tx: Db, _scope: PlatformScope): Promise<void> {
  await tx.update(oems).set({ isDefault: false, updatedAt: new Date() }).where(eq(oems.isDefault, true));
}

/**
 * Deletes the OEM only while it has no agencies, accounts or admins and is not the default
 * (checked in the same statement, so one added meanwhile keeps it). Returns whether it was deleted.
 */
export async function removeUnused(db: Db, { oemId }: OemScope): Promise<boolean> {
  const rows = await db
    .delete(oems)
    .where(
      and(
        eq(oems.id, oemId),
        eq(oems.isDefault, false),
        sql`not exists (select 1 from ${agencies} where ${agencies.oemId} = ${oemId})`,
        sql`not exists (select 1 from ${accounts} where ${accounts.oemId} = ${oemId})`,
      ),
    )
    .returning({ id: oems.id });
  return rows.length > 0;
}

/** The OEM's admins, for oem-account (managing them is the admins screen's). */
export async function admins(db: Db, { oemId }: OemScope) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      status: users.status,
      lastLoginAt: users.lastLoginAt,
    })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.oemId, oemId)))
    .orderBy(asc(users.name), asc(users.id));
}

/** For the admin home of a platform admin: how many OEMs the platform has. */
export async function oemCount(db: Db, _scope: PlatformScope): Promise<number> {
  const [row] = await db.select({ n: count() }).from(oems);
  return row?.n ?? 0;
}

/** The names of the OEMs among `ids`, for a platform admin's records naming another OEM. */
export async function namesOf(db: Db, _scope: PlatformScope, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: oems.id, name: oems.name }).from(oems).where(inArray(oems.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}
