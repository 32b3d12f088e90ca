import { and, asc, eq, sql } from 'drizzle-orm';
import type { LabelUse } from '@linq/contract';
import { inTurn, type Db } from '../../platform/db.ts';
import type { ChannelScope } from '../../platform/principal.ts';
import { labelUses, type LabelKindName } from '../labels/uses.ts';
import { planActionMarks, planActions, planActionTags, planMarks, plans, planTags } from './schema.ts';

/*
 * Where plans use a tag or mark: in a saved target (any leaf naming it, at any depth), as what the
 * plan or one of its boxes puts on friends, and as a scenario's trigger (tag_added).
 */

const plan =
  (where: string) =>
  (row: { id: number; name: string }): LabelUse => ({
    feature: 'plan',
    id: row.id,
    name: row.name,
    where,
  });

async function usesOf(db: Db, scope: ChannelScope, kind: LabelKindName, id: number): Promise<LabelUse[]> {
  const inChannel = eq(plans.lineAccountId, scope.lineAccountId);
  const columns = { id: plans.id, name: plans.name };
  // Any node of the target of this kind naming the id, however deep.
  const inTarget = sql`jsonb_path_exists(${plans.target}, '$.** ? (@.kind == $kind && @.ids[*] == $id)', jsonb_build_object('kind', ${kind}::text, 'id', ${id}::int))`;
  const effects =
    kind === 'tags'
      ? {
          plan: { table: planTags, label: planTags.tagId },
          box: { table: planActionTags, label: planActionTags.tagId, action: planActionTags.planActionId },
        }
      : {
          plan: { table: planMarks, label: planMarks.markId },
          box: { table: planActionMarks, label: planActionMarks.markId, action: planActionMarks.planActionId },
        };
  const [targets, planEffects, boxEffects, triggers] = await inTurn(
    () => db.select(columns).from(plans).where(and(inChannel, inTarget)).orderBy(asc(plans.id)),
    () =>
      db
        .selectDistinct(columns)
        .from(effects.plan.table)
        .innerJoin(plans, eq(plans.id, effects.plan.table.planId))
        .where(and(inChannel, eq(effects.plan.label, id)))
        .orderBy(asc(plans.id)),
    () =>
      db
        .selectDistinct(columns)
        .from(effects.box.table)
        .innerJoin(planActions, eq(planActions.id, effects.box.action))
        .innerJoin(plans, eq(plans.id, planActions.planId))
        .where(and(inChannel, eq(effects.box.label, id)))
        .orderBy(asc(plans.id)),
    async () =>
      kind === 'tags'
        ? db
            .select(columns)
            .from(plans)
            .where(and(inChannel, eq(plans.scenarioTrigger, 'tag_added'), eq(plans.triggerRefId, id)))
            .orderBy(asc(plans.id))
        : [],
  );
  return [
    ...targets.map(plan('target')),
    ...planEffects.map(plan('effect')),
    ...boxEffects.map(plan('box_effect')),
    ...triggers.map(plan('trigger')),
  ];
}

export const planLabelUses = labelUses({ feature: 'plan', usesOf });
