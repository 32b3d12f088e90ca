import type { z } from 'zod';
import {
  DEFAULT_OEM_DELETE_MESSAGE,
  DEFAULT_REQUIRED_MESSAGE,
  DOMAIN_TAKEN_MESSAGE,
  listPage,
  oemInUseMessage,
  type EndpointOutput,
  type Oem,
  type OemAccount,
  type oemAccountInput,
  type oemInput,
  type oemListQuery,
  type oemsApi,
} from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { conflict, fieldError, notFound, requireSameId } from '../../platform/errors.ts';
import { oemScope, PLATFORM_SCOPE, type OemScope } from '../../platform/principal.ts';
import { storeImage } from '../files/service.ts';
import { brandingForDomain } from '../branding/service.ts';
import * as repo from './repository.ts';

const OEM = 'OEM';

type ListQuery = z.output<typeof oemListQuery>;
type OemInputValues = z.output<typeof oemInput>;
type AccountInputValues = z.output<typeof oemAccountInput>;

export async function list(ctx: AppContext, query: ListQuery): Promise<EndpointOutput<typeof oemsApi.list>> {
  const { rows, total } = await repo.list(ctx.database.db, PLATFORM_SCOPE, query);
  return listPage(rows.map(present), total, query);
}

export async function get(ctx: AppContext, scope: OemScope): Promise<Oem> {
  const row = await repo.find(ctx.database.db, scope);
  if (!row) throw notFound(OEM);
  return present(row);
}

export async function create(ctx: AppContext, input: OemInputValues): Promise<Oem> {
  const id = await ctx.database.db.transaction(async (tx) => {
    await repo.lockOemSettings(tx);
    await uniqueDomains(tx, input.domains);
    // One default at a time (a unique index): the previous one gives up the flag first.
    if (input.is_default) await repo.clearDefaults(tx, PLATFORM_SCOPE);
    return repo.insert(tx, PLATFORM_SCOPE, values(input), input.domains.slice(1));
  });
  return get(ctx, oemScope(id));
}

/**
 * Saves the OEM. Making it the default takes the flag from the previous default; the default cannot
 * drop its own flag (exactly one default: another OEM is made the default instead).
 */
export async function update(ctx: AppContext, scope: OemScope, input: OemInputValues): Promise<Oem> {
  requireSameId(scope.oemId, input.id);
  await ctx.database.db.transaction(async (tx) => {
    await repo.lockOemSettings(tx);
    const stored = await repo.find(tx, scope);
    if (!stored) throw notFound(OEM);
    if (stored.isDefault && !input.is_default) throw fieldError('is_default', DEFAULT_REQUIRED_MESSAGE);
    await uniqueDomains(tx, input.domains, scope.oemId);
    if (input.is_default) await repo.clearDefaults(tx, PLATFORM_SCOPE);
    await repo.update(tx, scope, values(input), input.domains.slice(1));
  });
  return get(ctx, scope);
}

/** Refused (409) for the default OEM and for one that still has agencies or accounts. */
export async function remove(ctx: AppContext, scope: OemScope): Promise<void> {
  const db = ctx.database.db;
  if (await repo.removeUnused(db, scope)) return;
  const stored = await repo.find(db, scope);
  if (!stored) throw notFound(OEM);
  if (stored.isDefault) throw conflict(DEFAULT_OEM_DELETE_MESSAGE);
  throw conflict(oemInUseMessage(stored.agencyCount, stored.accountCount));
}

/** A favicon or logo, checked as every uploaded image is; answers its path on the console's origin. */
export async function uploadImage(ctx: AppContext, bytes: Buffer): Promise<{ url: string }> {
  // The path, not an absolute address: the OEM's pages are served on each of its own domains.
  const stored = await storeImage(ctx, bytes, '');
  return { url: stored.originalContentUrl };
}

export async function account(ctx: AppContext, scope: OemScope): Promise<OemAccount> {
  const db = ctx.database.db;
  const row = await repo.find(db, scope);
  if (!row) throw notFound(OEM);
  const admins = await repo.admins(db, scope);
  return {
    oem: { id: row.id, name: row.name, service_name: row.serviceName, domain: row.domain },
    company_name: row.companyName,
    company_address: row.companyAddress,
    company_phone: row.companyPhone,
    contact_name: row.contactName,
    contact_email: row.contactEmail,
    billing_name: row.billingName,
    billing_email: row.billingEmail,
    invoice_registration_number: row.invoiceRegistrationNumber,
    landing_text: row.landingText,
    admins: admins.map((admin) => ({
      id: admin.id,
      name: admin.name,
      email: admin.email,
      status: admin.status,
      last_login_at: admin.lastLoginAt?.toISOString() ?? null,
    })),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function updateAccount(ctx: AppContext, scope: OemScope, input: AccountInputValues): Promise<OemAccount> {
  await repo.updateAccount(ctx.database.db, scope, {
    companyName: input.company_name || null,
    companyAddress: input.company_address || null,
    companyPhone: input.company_phone || null,
    contactName: input.contact_name || null,
    contactEmail: input.contact_email || null,
    billingName: input.billing_name || null,
    billingEmail: input.billing_email || null,
    invoiceRegistrationNumber: input.invoice_registration_number || null,
    landingText: input.landing_text || null,
  });
  return account(ctx, scope);
}

export async function landing(ctx: AppContext, domain: string) {
  const oem = await brandingForDomain(ctx, domain);
  const row = await repo.find(ctx.database.db, oemScope(oem.id));
  return { service_name: oem.service_name, logo_url: oem.image_urls.logo_url, landing_text: row?.landingText ?? null };
}

async function uniqueDomains(tx: Parameters<typeof repo.domainTaken>[0], domains: string[], exceptOemId?: number) {
  const taken = await repo.domainTaken(tx, domains, exceptOemId);
  if (taken !== undefined) throw fieldError('domains', DOMAIN_TAKEN_MESSAGE(taken));
}

const values = (input: OemInputValues): repo.OemValues => ({
  name: input.name,
  serviceName: input.service_name,
  domain: input.domains[0]!,
  isDefault: input.is_default,
  faviconUrl: input.favicon_url,
  logoUrl: input.logo_url || null,
  supportEmail: input.support_email || null,
  mailFromName: input.mail_from_name || null,
  mailFromAddress: input.mail_from_address || null,
  primaryColor: input.primary_color,
  headerColor: input.header_color,
  siderColor: input.sider_color,
  landingText: input.landing_text || null,
});

function present(row: repo.OemRow): Oem {
  return {
    id: row.id,
    name: row.name,
    service_name: row.serviceName,
    domains: [row.domain, ...row.extraDomains],
    is_default: row.isDefault,
    favicon_url: row.faviconUrl,
    logo_url: row.logoUrl,
    support_email: row.supportEmail,
    mail_from_name: row.mailFromName,
    mail_from_address: row.mailFromAddress,
    primary_color: row.primaryColor,
    header_color: row.headerColor,
    sider_color: row.siderColor,
    landing_text: row.landingText,
    agency_count: row.agencyCount,
    account_count: row.accountCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
