import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { users } from '../sessions/schema.ts';

/**
 * Adds `screen` to the user's dismissed tutorials in one statement (so two tabs cannot lose
 * each other's screen): kept in order, once, at most `max` entries. Undefined when the list
 * is full and the screen is new (or the user is gone).
 */
export async function hideTutorial(db: Db, userId: number, screen: string, max: number) {
  const entry = sql`jsonb_build_array(${screen}::text)`;
  const listed = sql`${users.hideTutorialScreens} @> ${entry}`;
  const [row] = await db
    .update(users)
    .set({
      hideTutorialScreens: sql`case when ${listed} then ${users.hideTutorialScreens} else ${users.hideTutorialScreens} || ${entry} end`,
    })
    .where(and(eq(users.id, userId), sql`(${listed} or jsonb_array_length(${users.hideTutorialScreens}) < ${max})`))
    .returning({ screens: users.hideTutorialScreens });
  return row?.screens;
}
