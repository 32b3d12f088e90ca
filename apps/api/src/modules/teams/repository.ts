import { and, asc, count, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import type { AgencyScope, OemScope } from '../../platform/principal.ts';
import { containsPattern } from '../../platform/sql.ts';
import { users } from '../sessions/schema.ts';
import { agencies, oems } from '../tenants/schema.ts';

/*
 * A team: the logins one tenant manages on its users screen — an OEM's admins, an agency's users.
 * Every query here is limited to the team's own rows by `membersOf`, so a screen can only ever see
 * and change its own team.
 */

export type Team = { role: 'admin'; scope: OemScope } | { role: 'agency'; scope: AgencyScope };
export type TeamMemberRow = typeof users.$inferSelect;
export type TeamMemberStatus = TeamMemberRow['status'];
type AgencyRole = NonNullable<TeamMemberRow['agencyRole']>;

export interface TeamFilter {
  q?: string;
  status?: TeamMemberStatus;
  /** The agency role; only an agency team has one. */
  agencyRole?: AgencyRole;
  page: number;
  limit: number;
}

export interface TeamMemberValues {
  name: string;
  email: string;
  agencyRole?: AgencyRole;
}

const membersOf = (team: Team): SQL | undefined =>
  team.role === 'admin'
    ? and(eq(users.role, 'admin'), eq(users.oemId, team.scope.oemId))
    : and(eq(users.role, 'agency'), eq(users.agencyId, team.scope.agencyId));

const tenantColumns = (team: Team) =>
  team.role === 'admin' ? { oemId: team.scope.oemId } : { agencyId: team.scope.agencyId };

export async function list(db: Db, team: Team, filter: TeamFilter) {
  const pattern = filter.q ? containsPattern(filter.q) : undefined;
  const where = and(
    membersOf(team),
    pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined,
    filter.agencyRole ? eq(users.agencyRole, filter.agencyRole) : undefined,
    filter.status ? eq(users.status, filter.status) : undefined,
  );
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.id))
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit);
  const [total] = await db.select({ n: count() }).from(users).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function find(db: Db, team: Team, id: number): Promise<TeamMemberRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(membersOf(team), eq(users.id, id)));
  return row;
}

export type LockedMember = Pick<TeamMemberRow, 'id' | 'status' | 'agencyRole'>;

/**
 * The team's members other than `exceptId`, locked until the transaction ends: two members changing
 * each other at once cannot both pass a "not the last one" check.
 */
export async function lockOthers(db: Db, team: Team, exceptId: number): Promise<LockedMember[]> {
  const rows = await db
    .select({ id: users.id, status: users.status, agencyRole: users.agencyRole })
    .from(users)
    .where(membersOf(team))
    .orderBy(asc(users.id))
    .for('update');
  return rows.filter((row) => row.id !== exceptId);
}

/** Logins of one role share one e-mail namespace across tenants (the login page does not ask which). */
export async function emailTaken(db: Db, team: Team, email: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, team.role), eq(users.email, email), exceptId ? ne(users.id, exceptId) : undefined))
    .limit(1);
  return row !== undefined;
}

export async function insert(
  db: Db,
  team: Team,
  values: TeamMemberValues & { passwordHash: string },
): Promise<TeamMemberRow> {
  const [row] = await db
    .insert(users)
    .values({ ...values, role: team.role, ...tenantColumns(team) })
    .returning();
  return row!;
}

export async function update(
  db: Db,
  team: Team,
  id: number,
  values: TeamMemberValues & { status: TeamMemberStatus },
): Promise<TeamMemberRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(membersOf(team), eq(users.id, id)))
    .returning();
  return row;
}

/** The service name of the team's OEM: the invitation mail's sender. */
export async function serviceName(db: Db, team: Team): Promise<string> {
  const [row] =
    team.role === 'admin'
      ? await db.select({ serviceName: oems.serviceName }).from(oems).where(eq(oems.id, team.scope.oemId))
      : await db
          .select({ serviceName: oems.serviceName })
          .from(agencies)
          .innerJoin(oems, eq(oems.id, agencies.oemId))
          .where(eq(agencies.id, team.scope.agencyId));
  return row?.serviceName ?? '';
}
