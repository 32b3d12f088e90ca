import {
  PLAN_NAME_MAX,
  type Plan,
  type PlanDetail,
  type PlanMessage,
  type PlanSaveInput,
  type copyPlanInput,
} from '@linq/contract';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import type { ChannelRequest } from '../../platform/principal.ts';
import * as repo from './repository.ts';
import { AppError } from '../../platform/errors.ts';
import { withoutIds } from '../templates/items.ts';
import { COPY_SUFFIX, FOLDER_MESSAGE } from './messages.ts';
import { detail } from './presenters.ts';
import { findOrFail } from './read.ts';
import { write } from './write.ts';

type CopyInput = z.output<typeof copyPlanInput>;

/** Copies a plan beside it: name + 'のコピー', inactive, boxes with their own ids; never the friend-added scenario. */
export async function copy(ctx: AppContext, scope: ChannelRequest, id: number, input: CopyInput): Promise<PlanDetail> {
  return ctx.database.db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const original = await detail(tx, scope, await findOrFail(tx, scope, id));
    const folderId = input.folder_id === undefined ? original.plan.folder_id : input.folder_id;
    if (folderId !== null && !(await repo.ownFolderIds(tx, scope, [folderId])).has(folderId)) {
      throw new AppError('validation', FOLDER_MESSAGE, { folder_id: { description: FOLDER_MESSAGE } });
    }
    const { plan } = original;
    const planId = await write(tx, scope, null, {
      plan: {
        ...planFieldsOf(plan),
        id: null,
        name: copyName(plan.name),
        is_active: false,
        folder_id: folderId,
        scenario_trigger: plan.scenario_trigger === 'friend_added' ? 'manual' : plan.scenario_trigger,
      },
      boxes: original.plan_actions.map((action) => ({
        action: { ...action, id: null, message: withoutIds(action.message) as PlanMessage },
        savedId: null,
      })),
      timings: original.plan_timings.map((timing) => ({ ...timing, id: null })),
      conditions: plan.target_conditions.map((condition) => ({
        id: null,
        tag_ids_accepted: condition.tags_accepted.map((tag) => tag.id),
        tag_ids_excepted: condition.tags_excepted.map((tag) => tag.id),
        _destroy: false,
      })),
    });
    await repo.addHistory(tx, scope, {
      planId,
      userId: scope.userId,
      kind: 'created',
      params: { ...(await repo.partCounts(tx, scope, planId)), copied_from: plan.name },
      affectedCount: 0,
    });
    return detail(tx, scope, await findOrFail(tx, scope, planId));
  });
}

/** The original's name with the copy suffix, cut so that the whole stays within the name limit. */
export function copyName(name: string): string {
  const room = PLAN_NAME_MAX - COPY_SUFFIX.length;
  if (name.length <= room) return `${name}${COPY_SUFFIX}`;
  const cut = name.slice(0, room);
  // Never half of a surrogate pair.
  return `${/[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut}${COPY_SUFFIX}`;
}

/** The plan's own fields as a save sends them (a copy is written through the same path). */
function planFieldsOf(plan: Plan): PlanSaveInput['plan'] {
  return {
    id: plan.id,
    name: plan.name,
    plan_type: plan.plan_type,
    is_active: plan.is_active,
    folder_id: plan.folder_id,
    tag_ids: plan.tag_ids,
    mark_ids: plan.mark_ids,
    target_is_all: plan.target_is_all,
    target_send: plan.target_send,
    target_tag_ids: plan.target_tags.map((tag) => tag.id),
    target_mark_ids: plan.target_marks.map((mark) => mark.id),
    target_friend_ids: plan.target_friends.map((friend) => friend.id),
    target_has_tag: plan.target_has_tag,
    target_has_mark: plan.target_has_mark,
    target_is_specified_friend: plan.target_is_specified_friend,
    send_at: plan.send_at,
    scenario_trigger: plan.scenario_trigger,
    trigger_ref_id: plan.trigger_ref_id,
    reentry_policy: plan.reentry_policy,
    auto_keywords: plan.auto_keywords,
    auto_keyword_match: plan.auto_keyword_match,
    auto_weekdays: plan.auto_weekdays,
    auto_has_term: plan.auto_has_term,
    auto_term_start_at: plan.auto_term_start_at,
    auto_term_end_at: plan.auto_term_end_at,
    rich_menu_id: plan.rich_menu_id ?? null,
    start_plan_id: plan.start_plan_id ?? null,
  };
}
