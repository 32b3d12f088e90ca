import { tagsApi } from '@linq/contract';
import { planEffect, planTrigger } from '../plan-engine/registries.ts';
import { MARK_TABLES, ownLabelIds, TAG_TABLES } from './repository.ts';
import { linkLabel, unlinkLabel } from './service.ts';

/*
 * What tags and marks bring to the plan engine (plan-engine/registries.ts): the trigger "a tag is put
 * on the friend" and the effects "put tags" and "put marks" of boxes and plans, and "take tags off"
 * and "take marks off" (a form's answer, for one).
 */

/** Scenarios started when their tag is newly put on friends (by staff, a plan or a bulk action). */
export const tagAddedTrigger = planTrigger({
  kind: 'tag_added',
  event: 'tag.added',
  ref: {
    listPath: tagsApi.list.path,
    requiredMessage: '開始のきっかけにするタグを選んでください',
    foreignMessage: 'このチャネルのタグではありません',
    ownIds: (db, scope, ids) => ownLabelIds(db, TAG_TABLES, scope, ids),
  },
  fired: (event) => ({ lineAccountId: event.lineAccountId, friendIds: event.friendIds, refId: event.tagId }),
});

export const tagsEffect = planEffect({
  kind: 'tags',
  async apply(_ctx, on, scope, friendIds, tagIds) {
    for (const tagId of tagIds)
      await linkLabel(on, { tables: TAG_TABLES, folderType: 'tags' }, scope, tagId, friendIds);
  },
});

export const marksEffect = planEffect({
  kind: 'marks',
  async apply(_ctx, on, scope, friendIds, markIds) {
    for (const markId of markIds) {
      await linkLabel(on, { tables: MARK_TABLES, folderType: 'marks' }, scope, markId, friendIds);
    }
  },
});

export const removeTagsEffect = planEffect({
  kind: 'remove_tags',
  async apply(_ctx, on, scope, friendIds, tagIds) {
    for (const tagId of tagIds)
      await unlinkLabel(on, { tables: TAG_TABLES, folderType: 'tags' }, scope, tagId, friendIds);
  },
});

export const removeMarksEffect = planEffect({
  kind: 'remove_marks',
  async apply(_ctx, on, scope, friendIds, markIds) {
    for (const markId of markIds)
      await unlinkLabel(on, { tables: MARK_TABLES, folderType: 'marks' }, scope, markId, friendIds);
  },
});
