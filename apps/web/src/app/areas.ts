import type { Role } from '@linq/contract';

export type Area = Role | 'public';

const AREA_PREFIXES: readonly Role[] = ['admin', 'account', 'agency'];
/** Paths served outside any area (spec section 2, "Public"); everything else unprefixed is service. */
const PUBLIC_PATHS = ['/', '/form', '/inflow', '/links', '/rich-menu', '/privacy-policy', '/rule'];

export function normalizePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** The area of a location, from its path prefix: /admin, /account, /agency, otherwise service. */
export function areaOf(pathname: string): Area {
  const path = normalizePath(pathname);
  if (PUBLIC_PATHS.includes(path) || path.startsWith('/redirects/')) return 'public';
  const first = path.split('/')[1] ?? '';
  return AREA_PREFIXES.find((role) => role === first) ?? 'service';
}

/** The screens of an area that need no session: login, logged-out and password recovery. */
const AUTH_PAGE = /^\/[^/]+\/(login|logged-out|forgot-password|reset-password)(\/|$)/;

/** A screen of an area that needs no session (login, logged-out, password recovery). */
export const isAuthPath = (pathname: string): boolean => AUTH_PAGE.test(normalizePath(pathname));

/** A screen of the service area behind its login: it works in one channel, named by `laid` in its address. */
export function isChannelPath(pathname: string): boolean {
  const path = normalizePath(pathname);
  return (path === '/service' || path.startsWith('/service/')) && !isAuthPath(path);
}

export const homePath = (role: Role) => `/${role}`;
export const loginPath = (role: Role) => `/${role}/login`;
/** Where logging out lands; the agency area has no logged-out screen. */
export const loggedOutPath = (role: Role) => (role === 'agency' ? '/agency/login' : `/${role}/logged-out`);
