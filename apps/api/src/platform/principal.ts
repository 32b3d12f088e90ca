import type { Permissions, Role } from '@linq/contract';

interface PrincipalBase {
  sessionId: number;
  userId: number;
}
export interface AdminPrincipal extends PrincipalBase {
  role: 'admin';
}
export interface AgencyPrincipal extends PrincipalBase {
  role: 'agency';
  agencyId: number;
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
}
export type Principal = AdminPrincipal | AgencyPrincipal | AccountPrincipal | ServicePrincipal;
export type PrincipalOf<R extends Role> = Extract<Principal, { role: R }>;

/**
 * The tenant a request acts in. Repositories of tenant data take it first so that
 * every query is scoped by construction.
 */
export interface AccountScope {
  accountId: number;
}
/** A service request inside one channel (the LineAccountId header, checked). */
export interface ChannelScope extends AccountScope {
  lineAccountId: number;
  userId: number;
  permissions: Permissions;
}

/** Refuses a missing tenant id, so an unscoped query can never run by accident. */
export function tenantId(scope: AccountScope): number {
  if (!Number.isInteger(scope.accountId) || scope.accountId <= 0) {
    throw new Error('tenant scope without an account id');
  }
  return scope.accountId;
}
