/**
 * The isolation route matrix's shared runner (DESIGN.md section 5). Each module contributes its
 * routes' entries and fixtures in `modules/<feature>/isolation.ts`; the matrix test
 * (isolation.db.test.ts) gathers them, checks that every route has an entry, and runs every
 * probe against a snapshot of tenant B built from the database catalogue.
 */
import type { Tenant } from './factory.ts';
import type { TestApp, TestRequest } from './harness.ts';

export interface Probe extends Omit<TestRequest, 'method' | 'path'> {
  path: string;
  /** Statuses that show the probe was kept inside tenant A (200 for lists filtered to A). */
  answers: number[];
  /** For lists: ids of B that must not appear in `data`. */
  absentIds?: number[];
  /** For downloads: text of B that must not appear in the body. */
  absentText?: string[];
  /**
   * What a probe of B's own endpoint may record about B: outbox events by name, and the tables their
   * consumers keep from them (a forged webhook at B's URL is B's signature failure, which abnormal
   * detection must count and may raise an incident for), never B's data. Such probes run last.
   */
  recorded?: { events: string[]; tables: string[] };
}
export type Build = (a: Tenant, b: Tenant) => Probe[];
/** `refused`: probes of sessions a route without tenant data must turn away all the same (admin-only routes). */
export type Entry = { kind: 'no-tenant-data'; why: string; refused?: Build } | { kind: 'probes'; probes: Build };

/** A module's part of the matrix: its routes' entries, and the fixtures its probes name (made in order). */
export interface IsolationModule {
  setup?(t: TestApp, tenants: Tenant[]): Promise<void>;
  teardown?(): Promise<void>;
  routes(): Record<string, Entry>;
}

export const NOT_FOUND = [404];
export const INVALID = [422];
export const notTenant = (why: string, refused?: Build): Entry => ({
  kind: 'no-tenant-data',
  why,
  ...(refused ? { refused } : {}),
});
export const probes = (build: (a: Tenant, b: Tenant) => Probe[]): Entry => ({ kind: 'probes', probes: build });

/** Sessions of tenant A that are no admin: an admin route refuses them (401) whatever they name. */
const notAdmins = (a: Tenant, path: string, body: unknown): Probe[] =>
  [a.tokens.owner, a.tokens.staff, a.tokens.agency].map((token) => ({
    path,
    token,
    answers: [401],
    ...(body !== undefined ? { body } : {}),
  }));

/**
 * An admin route of the OEM scope (each tenant is its own OEM): A's owner, staff and agency users
 * are refused (401); A's OEM admin asking for B's ids gets `answers` (404 unless told), and a list
 * shows none of `absentIds`.
 */
export const oemAdminRoute = (
  path: (b: Tenant) => string,
  options: { body?: (b: Tenant) => unknown; answers?: number[]; absentIds?: (b: Tenant) => number[] } = {},
): Entry =>
  probes((a, b) => [
    ...notAdmins(a, path(b), options.body?.(b)),
    {
      path: path(b),
      token: a.tokens.oemAdmin,
      answers: options.answers ?? NOT_FOUND,
      ...(options.body ? { body: options.body(b) } : {}),
      ...(options.absentIds ? { absentIds: options.absentIds(b) } : {}),
    },
  ]);

/** A platform-only admin route (the platform's own data): every session of A is refused, its OEM admin with 403. */
export const platformOnly = (path: (b: Tenant) => string, body?: (b: Tenant) => unknown): Entry =>
  notTenant('platform admins only: the platform’s own data', (a, b) => [
    ...notAdmins(a, path(b), body?.(b)),
    { path: path(b), token: a.tokens.oemAdmin, answers: [403], ...(body ? { body: body(b) } : {}) },
  ]);

/** A's staff in A's own channel gets `own`; with B's channel in the header, 403. */
export const inChannel = (path: string, own: number[], body?: unknown): Entry =>
  probes((a, b) => [
    { path, token: a.tokens.staff, lineAccountId: a.channels[0]!.id, answers: own, ...(body ? { body } : {}) },
    { path, token: a.tokens.staff, lineAccountId: b.channels[0]!.id, answers: [403], ...(body ? { body } : {}) },
  ]);

/** Routes of the server itself, not of a module. */
export const platformRoutes: Record<string, Entry> = {
  'GET /health': notTenant('liveness'),
  'GET /api/docs': notTenant('OpenAPI UI'),
  'GET /api/docs/json': notTenant('OpenAPI document'),
  'GET /api/docs/yaml': notTenant('OpenAPI document'),
  'GET /api/docs/static/*': notTenant('OpenAPI UI assets'),
  'GET /api/docs/static/index.html': notTenant('OpenAPI UI assets'),
  'GET /api/docs/static/swagger-initializer.js': notTenant('OpenAPI UI assets'),
};

/*
 * Tenant B's snapshot, from the catalogue: every table with a tenant column, the tenant tables
 * themselves, and (following single-column foreign keys) the tables hanging below them, such as
 * friend_tags or sessions. A new table is in it without editing the test.
 */

/** The tenant columns, and the table each names. */
export const TENANT_COLUMNS = {
  line_account_id: 'line_accounts',
  account_id: 'accounts',
  agency_id: 'agencies',
  oem_id: 'oems',
} as const;
type TenantColumn = keyof typeof TENANT_COLUMNS;

/** Columns that change without a probe touching the row (logins of the test's own sessions). */
const VOLATILE: Record<string, string[]> = { users: ['last_login_at'], sessions: ['last_used_at'] };

const sql = async (t: TestApp, text: string) => (await t.runtime.ctx.database.sql.executeSql(text, [])).rows;
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const idList = (ids: number[]) => {
  if (!ids.every((id) => Number.isInteger(id))) throw new Error('tenant ids must be integers');
  return ids.length > 0 ? ids.join(', ') : 'null';
};

/** Tables with a tenant column (public schema), and which of the tenant columns each has. */
export async function tablesWithTenantColumns(t: TestApp): Promise<Map<string, TenantColumn[]>> {
  const rows = await sql(
    t,
    `select table_name, column_name from information_schema.columns
     where table_schema = 'public' and column_name in (${Object.keys(TENANT_COLUMNS)
       .map((c) => `'${c}'`)
       .join(', ')})
     order by table_name, column_name`,
  );
  const tables = new Map<string, TenantColumn[]>();
  for (const row of rows) {
    const table = String(row.table_name);
    tables.set(table, [...(tables.get(table) ?? []), row.column_name as TenantColumn]);
  }
  return tables;
}

/** Single-column foreign keys of the public schema: child.column references parent.parentColumn. */
async function foreignKeys(t: TestApp) {
  const rows = await sql(
    t,
    `select child.relname as child, ca.attname as column, parent.relname as parent, pa.attname as parent_column
     from pg_constraint c
     join pg_class child on child.oid = c.conrelid
     join pg_class parent on parent.oid = c.confrelid
     join pg_namespace n on n.oid = child.relnamespace
     join pg_attribute ca on ca.attrelid = c.conrelid and ca.attnum = c.conkey[1]
     join pg_attribute pa on pa.attrelid = c.confrelid and pa.attnum = c.confkey[1]
     where c.contype = 'f' and n.nspname = 'public' and cardinality(c.conkey) = 1`,
  );
  return rows.map((r) => ({
    child: String(r.child),
    column: String(r.column),
    parent: String(r.parent),
    parentColumn: String(r.parent_column),
  }));
}

/** Per table, the SQL condition selecting tenant B's rows. */
export async function tenantConditions(t: TestApp, tenant: Tenant): Promise<Map<string, string>> {
  const ids: Record<TenantColumn, number[]> = {
    line_account_id: tenant.channels.map((c) => c.id),
    account_id: [tenant.account.id],
    agency_id: [tenant.agency.id],
    oem_id: [tenant.agency.oemId],
  };
  const conditions = new Map<string, string>();
  for (const [table, columns] of await tablesWithTenantColumns(t)) {
    conditions.set(table, columns.map((c) => `${ident(c)} in (${idList(ids[c])})`).join(' or '));
  }
  // The tenant tables' own rows: B's channels, account, agency and OEM.
  for (const [column, table] of Object.entries(TENANT_COLUMNS) as [TenantColumn, string][]) {
    const own = `id in (${idList(ids[column])})`;
    conditions.set(table, conditions.has(table) ? `${conditions.get(table)} or ${own}` : own);
  }
  // Tables below them: rows referencing B's rows, to any depth.
  const keys = await foreignKeys(t);
  for (let grew = true; grew;) {
    grew = false;
    const children = new Map<string, string[]>();
    for (const key of keys) {
      const parent = conditions.get(key.parent);
      if (conditions.has(key.child) || parent === undefined) continue;
      const reference = `${ident(key.column)} in (select ${ident(key.parentColumn)} from ${ident(key.parent)} where ${parent})`;
      children.set(key.child, [...(children.get(key.child) ?? []), reference]);
    }
    for (const [child, references] of children) {
      conditions.set(child, references.join(' or '));
      grew = true;
    }
  }
  return conditions;
}

/** B's rows of every covered table as JSON: any change by a probe shows up as a difference. */
export async function tenantSnapshot(t: TestApp, tenant: Tenant): Promise<Record<string, string[]>> {
  const snapshot: Record<string, string[]> = {};
  const conditions = [...(await tenantConditions(t, tenant))].sort(([x], [y]) => x.localeCompare(y));
  for (const [table, condition] of conditions) {
    const rows = await sql(t, `select * from ${ident(table)} where ${condition}`);
    snapshot[table] = rows
      .map((row) => {
        for (const column of VOLATILE[table] ?? []) delete row[column];
        return JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
      })
      .sort();
  }
  return snapshot;
}
