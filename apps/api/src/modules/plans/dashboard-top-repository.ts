import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import type { ChannelScope } from '../../platform/principal.ts';
import { planSends } from '../plan-engine/schema.ts';
import { plans } from './schema.ts';

/** The plan of one of the channel's plan sends (a plan delivery's source), or null. */
export async function planOfSend(db: Db, { lineAccountId }: ChannelScope, planSendId: number): Promise<number | null> {
  const [row] = await db
    .select({ planId: planSends.planId })
    .from(planSends)
    .where(and(eq(planSends.id, planSendId), eq(planSends.lineAccountId, lineAccountId)));
  return row?.planId ?? null;
}

/** The names of the channel's plans among `ids`. */
export async function planNames(db: Db, { lineAccountId }: ChannelScope, ids: number[]): Promise<Map<number, string>> {
  const rows = await db
    .select({ id: plans.id, name: plans.name })
    .from(plans)
    .where(and(eq(plans.lineAccountId, lineAccountId), inArray(plans.id, ids)));
  return new Map(rows.map((r) => [r.id, r.name]));
}
