import type { AgencyRole, Permissions, Role } from '@linq/contract';

interface PrincipalBase {
  sessionId: number;
  userId: number;
}
export interface AdminPrincipal extends PrincipalBase {
  role: 'admin';
  /** The OEM the admin administers. */
  oemId: number;
  /** An admin of the default OEM: sees and manages every OEM. */
  platform: boolean;
}
export interface AgencyPrincipal extends PrincipalBase {
  role: 'agency';
  agencyId: number;
  /** Managers do everything; members see no users and no contract fees. */
  agencyRole: AgencyRole;
}
export interface AccountPrincipal extends PrincipalBase {
  role: 'account';
  accountId: number;
}
export interface ServicePrincipal extends PrincipalBase {
  role: 'service';
  accountId: number;
  staffAuthorityId: number;
  permissions: Permissions;
  lineAccountIds: number[];
  /** The account of each assigned channel, as the channel's own row names it. */
  channelAccounts: ReadonlyMap<number, number>;
}
export type Principal = AdminPrincipal | AgencyPrincipal | AccountPrincipal | ServicePrincipal;
export type PrincipalOf<R extends Role> = Extract<Principal, { role: R }>;

/*
 * Tenant scopes. Every repository function of tenant data takes the scope of its level first and
 * filters by it in SQL, so a query can only ever read or write one tenant's rows. A scope is made
 * only by its constructor (the brand below is type-only), which refuses an id that is missing, not
 * an integer or not positive: an unscoped query cannot run by accident. Workers build the scope
 * from the row they load, never from a job payload.
 */
declare const checked: unique symbol;
interface Checked {
  readonly [checked]: true;
}
/** The platform operator's own data (admin folders, teppan templates): no tenant owns it. */
export interface PlatformScope extends Checked {
  readonly level: 'platform';
}
export interface OemScope extends Checked {
  readonly level: 'oem';
  readonly oemId: number;
}
export interface AgencyScope extends Checked {
  readonly level: 'agency';
  readonly agencyId: number;
}
export interface AccountScope extends Checked {
  readonly level: 'account';
  readonly accountId: number;
}
/** One channel (LINE official account) and its friends, talks, labels, templates and deliveries. */
export interface ChannelScope extends Checked {
  readonly level: 'channel';
  readonly lineAccountId: number;
}

function checkedId(id: number, level: string): number {
  if (!Number.isInteger(id) || id <= 0) throw new Error(`${level} scope without a valid id (${String(id)})`);
  return id;
}

export const PLATFORM_SCOPE = { level: 'platform' } as PlatformScope;
export function oemScope(oemId: number): OemScope {
  return { level: 'oem', oemId: checkedId(oemId, 'oem') } as OemScope;
}
export function agencyScope(agencyId: number): AgencyScope {
  return { level: 'agency', agencyId: checkedId(agencyId, 'agency') } as AgencyScope;
}
export function accountScope(accountId: number): AccountScope {
  return { level: 'account', accountId: checkedId(accountId, 'account') } as AccountScope;
}
export function channelScope(lineAccountId: number): ChannelScope {
  return { level: 'channel', lineAccountId: checkedId(lineAccountId, 'channel') } as ChannelScope;
}

/** A service request inside one channel (the LineAccountId header, checked): its scope and who acts. */
export interface ChannelRequest extends ChannelScope {
  readonly accountId: number;
  readonly userId: number;
  readonly permissions: Permissions;
}
/** The request of one of the principal's channels; its account is the one the channel's row names. */
export function channelRequest(principal: ServicePrincipal, lineAccountId: number): ChannelRequest {
  const accountId = principal.channelAccounts.get(lineAccountId);
  if (accountId === undefined) throw new Error(`channel ${lineAccountId} is not one of the principal's`);
  return {
    ...channelScope(lineAccountId),
    accountId,
    userId: principal.userId,
    permissions: principal.permissions,
  };
}
