import { isMutating, READ_ONLY_MESSAGE } from '@linq/contract';
import { forbidden } from '../../platform/errors.ts';
import type { RouteGuard } from '../../platform/http.ts';
import { accountScope } from '../../platform/principal.ts';
import * as repo from './repository.ts';

/** What a read-only account may still change: its payment (to recover), and its own login. */
const OPEN_WHILE_READ_ONLY = [
  '/account/payment',
  '/account/sessions',
  '/service/sessions',
  '/account/password',
  '/service/password',
];

/**
 * An account read-only after its grace period: its owner's and staff's changes are refused (403, with
 * what to do), reading works and nothing is deleted. Paying makes it active again.
 */
export const readOnlyGuard: RouteGuard = async (ctx, principal, endpoint) => {
  if (!isMutating(endpoint.method)) return;
  if (principal.role !== 'account' && principal.role !== 'service') return;
  if (OPEN_WHILE_READ_ONLY.some((prefix) => endpoint.path.startsWith(prefix))) return;
  const standing = await repo.standing(ctx.database.db, accountScope(principal.accountId));
  if (standing?.status === 'read_only') throw forbidden(READ_ONLY_MESSAGE);
};
