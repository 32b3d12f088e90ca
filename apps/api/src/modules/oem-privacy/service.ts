import type { EndpointOutput, OemPageKind, OemPageVersion, OemPrivacy, oemPrivacyApi } from '@linq/contract';
import { listPage } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { oemScope, type OemScope } from '../../platform/principal.ts';
import { brandingForDomain } from '../branding/service.ts';
import * as repo from './repository.ts';

const OEM = 'OEM';
const VERSION = '版';

export async function get(ctx: AppContext, scope: OemScope): Promise<OemPrivacy> {
  const db = ctx.database.db;
  const oem = await repo.oemOf(db, scope);
  if (!oem) throw notFound(OEM);
  const privacy = await repo.current(db, scope, 'privacy_policy');
  const terms = await repo.current(db, scope, 'terms');
  return {
    oem: { id: oem.id, service_name: oem.serviceName, domain: oem.domain },
    privacy_policy: privacy ? present(privacy) : null,
    terms: terms ? present(terms) : null,
  };
}

/** Saves a new version (never changes an old one): the public page shows it at once. */
export async function save(
  ctx: AppContext,
  scope: OemScope,
  kind: OemPageKind,
  body: string,
  authorId: number,
): Promise<OemPageVersion> {
  const row = await ctx.database.db.transaction(async (tx) => repo.addVersion(tx, scope, { kind, body, authorId }));
  if (!row) throw notFound(OEM);
  return present(row);
}

export async function versions(
  ctx: AppContext,
  scope: OemScope,
  kind: OemPageKind,
  page: { page: number; limit: number },
): Promise<EndpointOutput<typeof oemPrivacyApi.versions>> {
  const { rows, total } = await repo.versions(ctx.database.db, scope, kind, page);
  return listPage(
    rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      version: row.version,
      author_name: row.authorName,
      created_at: row.createdAt.toISOString(),
    })),
    total,
    page,
  );
}

export async function version(ctx: AppContext, scope: OemScope, id: number): Promise<OemPageVersion> {
  const row = await repo.version(ctx.database.db, scope, id);
  if (!row) throw notFound(VERSION);
  return present(row);
}

export async function publicPage(ctx: AppContext, kind: OemPageKind, domain: string) {
  const oem = await brandingForDomain(ctx, domain);
  const row = await repo.current(ctx.database.db, oemScope(oem.id), kind);
  return {
    service_name: oem.service_name,
    body: row?.body ?? null,
    version: row?.version ?? null,
    updated_at: row?.createdAt.toISOString() ?? null,
  };
}

function present(row: repo.VersionRow): OemPageVersion {
  return {
    id: row.id,
    kind: row.kind,
    version: row.version,
    body: row.body,
    author_name: row.authorName,
    created_at: row.createdAt.toISOString(),
  };
}
