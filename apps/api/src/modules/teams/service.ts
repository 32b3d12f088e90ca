import type { AppContext } from '../../platform/context.ts';
import { fieldError, notFound, type AppError } from '../../platform/errors.ts';
import { unknownPasswordHash } from '../agencies/service.ts';
import { sendInvitation } from '../passwords/service.ts';
import { revokeSessionsOfUsers } from '../sessions/authenticate.ts';
import * as repo from './repository.ts';

/*
 * The users screens of the admin and agency areas: a team's logins, invited by e-mail, edited and
 * disabled, never leaving the team without someone to run it. Each screen says what differs.
 */

export interface TeamScreen<Member> {
  team: repo.Team;
  /** What a member is called in a "not found" message. */
  noun: string;
  /** The area named in the invitation's sender line, after the service name. */
  area: string;
  emailTakenMessage: string;
  present(row: repo.TeamMemberRow): Member;
}

export interface TeamMemberChange extends repo.TeamMemberValues {
  status: repo.TeamMemberStatus;
}

export interface TeamRules {
  /** Why the change is refused, given the other members (locked); undefined when it is allowed. */
  refusal(current: repo.TeamMemberRow, others: repo.LockedMember[], change: TeamMemberChange): AppError | undefined;
  /** Whether the change ends the member's sessions (disabled, or their screens change). */
  endsSessions(current: repo.TeamMemberRow, change: TeamMemberChange): boolean;
}

export async function list<Member>(ctx: AppContext, screen: TeamScreen<Member>, query: repo.TeamFilter) {
  const { rows, total } = await repo.list(ctx.database.db, screen.team, query);
  return {
    data: rows.map(screen.present),
    total_item_count: total,
    pagination: { current: query.page, pageSize: query.limit },
  };
}

export async function get<Member>(ctx: AppContext, screen: TeamScreen<Member>, id: number): Promise<Member> {
  const row = await repo.find(ctx.database.db, screen.team, id);
  if (!row) throw notFound(screen.noun);
  return screen.present(row);
}

/** A login of the team with a password nobody knows, and an e-mailed link to set it. */
export async function invite<Member>(
  ctx: AppContext,
  screen: TeamScreen<Member>,
  values: repo.TeamMemberValues,
): Promise<Member> {
  const db = ctx.database.db;
  if (await repo.emailTaken(db, screen.team, values.email)) throw fieldError('email', screen.emailTakenMessage);
  const member = await repo.insert(db, screen.team, { ...values, passwordHash: await unknownPasswordHash() });
  await sendInvitation(ctx, screen.team.role, member, `${await repo.serviceName(db, screen.team)} ${screen.area}`);
  return screen.present(member);
}

export async function update<Member>(
  ctx: AppContext,
  screen: TeamScreen<Member>,
  rules: TeamRules,
  id: number,
  change: TeamMemberChange,
): Promise<Member> {
  const row = await ctx.database.db.transaction(async (tx) => {
    const others = await repo.lockOthers(tx, screen.team, id);
    const current = await repo.find(tx, screen.team, id);
    if (!current) throw notFound(screen.noun);
    const refused = rules.refusal(current, others, change);
    if (refused) throw refused;
    if (await repo.emailTaken(tx, screen.team, change.email, id)) throw fieldError('email', screen.emailTakenMessage);
    const updated = await repo.update(tx, screen.team, id, change);
    if (!updated) throw notFound(screen.noun);
    if (rules.endsSessions(current, change)) await revokeSessionsOfUsers(tx, [id]);
    return updated;
  });
  return screen.present(row);
}
