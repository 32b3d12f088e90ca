import type { z } from 'zod';
import {
  ADMIN_EMAIL_TAKEN_MESSAGE,
  LAST_ADMIN_MESSAGE,
  type adminBody,
  type adminListQuery,
  type adminUpdateBody,
  type AdminUser,
} from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { fieldError } from '../../platform/errors.ts';
import type { AdminPrincipal, OemScope } from '../../platform/principal.ts';
import type { TeamMemberRow } from '../teams/repository.ts';
import * as team from '../teams/service.ts';

/*
 * The admin area's admins screen: the acting OEM's admins, invited by e-mail, edited and disabled.
 * (service.ts makes the first platform admin from the command line.)
 */

type ListQuery = z.output<typeof adminListQuery>;
type CreateInput = z.output<typeof adminBody>;
type UpdateInput = z.output<typeof adminUpdateBody>;

const screenOf = (caller: AdminPrincipal, scope: OemScope): team.TeamScreen<AdminUser> => ({
  team: { role: 'admin', scope },
  noun: '管理者',
  area: '管理画面',
  emailTakenMessage: ADMIN_EMAIL_TAKEN_MESSAGE,
  present: (row) => present(caller, row),
});

/** Never leaves the OEM without an active admin (422); disabling ends the admin's sessions. */
const rules: team.TeamRules = {
  refusal: (current, others, change) =>
    change.status === 'disabled' && current.status === 'active' && !others.some((other) => other.status === 'active')
      ? fieldError('status', LAST_ADMIN_MESSAGE)
      : undefined,
  endsSessions: (current, change) => change.status === 'disabled' && current.status === 'active',
};

export const list = (ctx: AppContext, caller: AdminPrincipal, scope: OemScope, query: ListQuery) =>
  team.list(ctx, screenOf(caller, scope), query);

export const get = (ctx: AppContext, caller: AdminPrincipal, scope: OemScope, id: number) =>
  team.get(ctx, screenOf(caller, scope), id);

export const invite = (ctx: AppContext, caller: AdminPrincipal, scope: OemScope, input: CreateInput) =>
  team.invite(ctx, screenOf(caller, scope), { name: input.name, email: input.email });

export const update = (ctx: AppContext, caller: AdminPrincipal, scope: OemScope, id: number, input: UpdateInput) =>
  team.update(ctx, screenOf(caller, scope), rules, id, input);

function present(caller: AdminPrincipal, row: TeamMemberRow): AdminUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    status: row.status,
    invited: row.lastLoginAt === null,
    is_self: row.id === caller.userId,
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
