import type { OemBranding } from '@linq/contract';
import { normalizePath } from '../areas.ts';

/** Title texts of spec section 1: the product's marketing-tool name, the word for form, the admin-screen label. */
export const DEFAULT_TITLE = 'LinQ マーケティングツール';
export const FORM_TITLE = 'フォーム';
export const ADMIN_SCREEN_LABEL = '管理画面';
/** The default OEM's service name, used until branding has loaded. */
export const DEFAULT_SERVICE_NAME = 'LinQ';

type TitleBranding = Pick<OemBranding, 'service_name' | 'is_default'>;

/**
 * The document title (and og:title) for a location: the admin login page is the service name plus the
 * admin-screen label; a form page is just the word for form; otherwise the default title. Hosts other
 * than the default one prefix the reseller's service name.
 */
export function documentTitle(pathname: string, branding: TitleBranding | null): string {
  const path = normalizePath(pathname);
  const serviceName = branding?.service_name || DEFAULT_SERVICE_NAME;
  if (path === '/admin/login') return `${serviceName} ${ADMIN_SCREEN_LABEL}`;
  const title = path === '/form' ? FORM_TITLE : DEFAULT_TITLE;
  return branding && !branding.is_default ? `${serviceName} ${title}` : title;
}
