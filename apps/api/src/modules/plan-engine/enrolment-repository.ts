import { and, asc, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db.ts';
import type { ChannelScope } from '../../platform/principal.ts';
import { friends } from '../friends/schema.ts';
import { planEnrolments, plans } from '../plans/schema.ts';
import type { EnginePlanRow } from './repository.ts';

/*
 * Enrolment by triggers: which scenarios a fact starts, and many friends enrolled in one statement.
 */

/**
 * The channel's active scenarios that the trigger `kind` starts; those naming `refId` when the
 * trigger names an item (a tag…), each once.
 */
export async function scenariosStartedBy(
  db: Db,
  scope: ChannelScope,
  kind: string,
  refId: number | null,
): Promise<EnginePlanRow[]> {
  return db
    .select()
    .from(plans)
    .where(
      and(
        eq(plans.lineAccountId, scope.lineAccountId),
        eq(plans.isActive, true),
        eq(plans.planType, 'scenario'),
        eq(plans.scenarioTrigger, kind),
        refId === null ? undefined : eq(plans.triggerRefId, refId),
      ),
    )
    .orderBy(asc(plans.id));
}

export interface BulkEnrolment {
  planId: number;
  friendIds: number[];
  trigger: string;
  /** `once`: friends ever enrolled in the plan are left out. */
  onceOnly: boolean;
  nextPlanActionId: number;
  arrivedAt: Date;
  dueAt: Date;
  at: Date;
}

/**
 * Enrols those of the friends who are the channel's, in one statement: friends with a running
 * enrolment in the plan are left out by its unique key, and for a once-only scenario those ever in
 * it. Answers the friends it enrolled.
 *
 * Whether a friend was ever in the plan is read from the friend's enrolments (the friend index; a
 * friend is in few plans) whatever the statistics say: asked for the plan's and the friend's at once,
 * a planner without statistics adds the plan's index to a bitmap and reads all of the plan's
 * enrolments for every friend.
 */
export async function enrolInBulk(db: Db, scope: ChannelScope, values: BulkEnrolment): Promise<number[]> {
  if (values.friendIds.length === 0) return [];
  const { lineAccountId } = scope;
  const result = await db.execute(sql`
    insert into ${planEnrolments}
      (line_account_id, plan_id, friend_id, status, trigger, next_plan_action_id, next_occurrence, arrived_at,
       next_action_at, started_at)
    select ${lineAccountId}, ${values.planId}, f.id, 'active', ${values.trigger}, ${values.nextPlanActionId}, 1,
           ${values.arrivedAt.toISOString()}::timestamptz, ${values.dueAt.toISOString()}::timestamptz,
           ${values.at.toISOString()}::timestamptz
    from unnest(${sql.param(values.friendIds)}::int[]) as wanted(id)
    cross join lateral (
      select ${friends.id} as id from ${friends}
      where ${friends.id} = wanted.id and ${friends.lineAccountId} = ${lineAccountId}
      limit 1
    ) f
    where not ${values.onceOnly}::boolean
       or ${values.planId}::int <> all(array(select e.plan_id from ${planEnrolments} e where e.friend_id = f.id))
    on conflict do nothing
    returning friend_id`);
  return rowsOf<{ friend_id: number }>(result).map((row) => row.friend_id);
}
