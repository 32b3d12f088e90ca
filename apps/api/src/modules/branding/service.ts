import type { OemBranding } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import * as repo from './repository.ts';

/** Host names arrive as the browser's location.hostname; a port or case must not matter. */
export function normaliseHost(domain: string): string {
  return domain.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
}

export async function brandingForDomain(ctx: AppContext, domain: string): Promise<OemBranding> {
  const oem = await repo.findOemForDomainUnscoped(ctx.database.db, normaliseHost(domain));
  if (!oem) throw notFound('ブランド設定');
  return {
    id: oem.id,
    service_name: oem.serviceName,
    domain: oem.domain,
    is_default: oem.isDefault,
    image_urls: { favicon_url: oem.faviconUrl, logo_url: oem.logoUrl },
    theme: { primary_color: oem.primaryColor, header_color: oem.headerColor, sider_color: oem.siderColor },
  };
}
