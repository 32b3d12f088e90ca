import type { z } from 'zod';
import {
  AGENCY_USER_EMAIL_TAKEN_MESSAGE,
  LAST_AGENCY_MANAGER_MESSAGE,
  type agencyUserBody,
  type agencyUserListQuery,
  type agencyUserUpdateBody,
  type AgencyUser,
} from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { fieldError } from '../../platform/errors.ts';
import type { AgencyPrincipal, AgencyScope } from '../../platform/principal.ts';
import type { TeamMemberRow } from '../teams/repository.ts';
import * as team from '../teams/service.ts';

/* The agency area's users screen: the agency's own logins, invited by e-mail, edited and disabled. */

type ListQuery = z.output<typeof agencyUserListQuery>;
type CreateInput = z.output<typeof agencyUserBody>;
type UpdateInput = z.output<typeof agencyUserUpdateBody>;

const screenOf = (caller: AgencyPrincipal, scope: AgencyScope): team.TeamScreen<AgencyUser> => ({
  team: { role: 'agency', scope },
  noun: 'ユーザー',
  area: '代理店画面',
  emailTakenMessage: AGENCY_USER_EMAIL_TAKEN_MESSAGE,
  present: (row) => present(caller, row),
});

const isActiveManager = (member: { status: string; agencyRole?: string | null }) =>
  member.status === 'active' && member.agencyRole === 'manager';

/**
 * Never leaves the agency without an active manager (422: neither by disabling nor by making them a
 * member); disabling ends the user's sessions, and so does a role change (their screens change).
 */
const rules: team.TeamRules = {
  refusal: (current, others, change) =>
    isActiveManager(current) && !isActiveManager(change) && !others.some(isActiveManager)
      ? fieldError(change.status === 'disabled' ? 'status' : 'role', LAST_AGENCY_MANAGER_MESSAGE)
      : undefined,
  endsSessions: (current, change) =>
    (change.status === 'disabled' && current.status === 'active') || current.agencyRole !== change.agencyRole,
};

export const list = (ctx: AppContext, caller: AgencyPrincipal, scope: AgencyScope, query: ListQuery) =>
  team.list(ctx, screenOf(caller, scope), { ...query, agencyRole: query.role });

export const get = (ctx: AppContext, caller: AgencyPrincipal, scope: AgencyScope, id: number) =>
  team.get(ctx, screenOf(caller, scope), id);

export const invite = (ctx: AppContext, caller: AgencyPrincipal, scope: AgencyScope, input: CreateInput) =>
  team.invite(ctx, screenOf(caller, scope), { name: input.name, email: input.email, agencyRole: input.role });

export const update = (ctx: AppContext, caller: AgencyPrincipal, scope: AgencyScope, id: number, input: UpdateInput) =>
  team.update(ctx, screenOf(caller, scope), rules, id, {
    name: input.name,
    email: input.email,
    agencyRole: input.role,
    status: input.status,
  });

function present(caller: AgencyPrincipal, row: TeamMemberRow): AgencyUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.agencyRole ?? 'member',
    status: row.status,
    invited: row.lastLoginAt === null,
    is_self: row.id === caller.userId,
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
