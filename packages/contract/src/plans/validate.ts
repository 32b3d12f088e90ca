import type { PlanTriggerInfo } from './api.ts';
import { attributesPath, validateMessage } from '../message-builder/validate.ts';
import type { PlanActionAttributes, PlanSavePayload, PlanTimingAttributes } from './attributes.ts';
import { PlanErrorList, errorBoxIndex, errorTimingIndex, type PlanErrors } from './errors.ts';
import { FIRST_BOX_ID, parseBoxId } from './layout.ts';
import {
  PLAN_AFTER_DAYS_MAX,
  PLAN_AFTER_HOURS_MAX,
  PLAN_BOXES_MAX,
  PLAN_KEYWORDS_MAX,
  PLAN_KEYWORD_LENGTH_MAX,
  PLAN_NAME_MAX,
  PLAN_REPEAT_DATE_TIMES_MAX,
  PLAN_REPEAT_TIMES_MAX,
  PLAN_TARGET_CONDITIONS_MAX,
  TIME_OF_DAY,
  type PlanMessage,
} from './model.ts';
import { normalizeKeywordText } from './auto-reply.ts';
import { actionFromAttributes } from './save-format.ts';
import { hasOptions, optionsOf, type OptionRef } from './tree.ts';

/*
 * A plan save's rules, shared by the server (which answers them as a 422) and the editor (which
 * checks before sending): keyed errors with Japanese descriptions (errors.ts), in the order the
 * user meets them: the plan's own fields, its targets, then the boxes in diagram order, then the
 * timings. Checked on the save payload, so keys and indexes are the ones the server names.
 *
 * Boxes: each live (not destroyed) box's message meets LINE's limits (the message builder's
 * rules), except an empty box at the end of a branch, which is where the plan ends (the editor
 * always offers one below the last message). The tree: box-0 is the root; every other live box
 * has a live parent one level up and exactly one timing from it; following parents never loops
 * (so every box is reachable from box-0); a text, image, sticker or image carousel box leads to at
 * most one box, and each child of a confirm, quick-reply or carousel box hangs from exactly one of
 * its options. Timings join live boxes only.
 */

export interface PlanValidationContext {
  /** The clock's now: a broadcast's time must be after it. */
  now: Date;
  /** The saved broadcast time of the plan being edited: kept unchanged, it is not checked again (it may have passed). */
  savedSendAt?: string | null;
  /**
   * The scenario triggers there are (`GET /service/plan_triggers`): a scenario's trigger must be one
   * of them, with the item it names when it names one. Unknown (the editor before they loaded): not checked.
   */
  triggers?: readonly PlanTriggerInfo[];
}

export const UNKNOWN_TRIGGER_MESSAGE = 'このきっかけは使えません';

const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** An ISO 8601 date-time with an offset (or Z) as epoch milliseconds, or null. */
export function parseOffsetDateTime(text: string | null): number | null {
  if (text === null || !ISO_WITH_OFFSET.test(text)) return null;
  const time = Date.parse(text);
  return Number.isNaN(time) ? null : time;
}

/** Whether a box's message has nothing entered yet for its type (a new box below the last one). */
export function isEmptyMessage(message: PlanMessage): boolean {
  const blank = (value: string | null | undefined) => (value ?? '').trim() === '';
  switch (message.message_type) {
    case 'text_message':
    case 'quick_reply':
      return blank(message.text);
    case 'image':
      return blank(message.image_url);
    case 'sticker':
      return blank(message.sticker_id);
    case 'confirm':
      return blank(message.message_confirm?.text);
    case 'carousel':
      return (message.message_columns ?? []).every(
        (column) => blank(column.text) && blank(column.title) && blank(column.image_url),
      );
    case 'image_carousel':
      return (message.message_image_carousels ?? []).length === 0;
  }
}

const WEEKDAY_MESSAGE = '曜日は日曜(0)から土曜(6)で選んでください';

function checkWeekdays(list: PlanErrorList, path: (string | number)[], weekdays: number[], required: boolean): void {
  if (required && weekdays.length === 0) list.add(path, '曜日を1つ以上選んでください');
  weekdays.forEach((day, index) => {
    if (!Number.isInteger(day) || day < 0 || day > 6) list.add([...path, index], WEEKDAY_MESSAGE);
    else if (weekdays.indexOf(day) !== index) list.add([...path, index], '同じ曜日が重複しています');
  });
}

function checkPlanFields(list: PlanErrorList, payload: PlanSavePayload, context: PlanValidationContext): void {
  const name = payload.name.trim();
  if (name === '') list.add(['name'], 'プラン名を入力してください');
  else if (name.length > PLAN_NAME_MAX) list.add(['name'], `プラン名は${PLAN_NAME_MAX}文字以内にしてください`);

  switch (payload.plan_type) {
    case 'broadcast': {
      if (payload.send_at === null) break;
      const sendAt = parseOffsetDateTime(payload.send_at);
      if (sendAt === null) list.add(['send_at'], '配信日時の形式が正しくありません');
      else if (payload.send_at !== context.savedSendAt && sendAt <= context.now.getTime()) {
        list.add(['send_at'], '配信日時は現在より後にしてください');
      }
      break;
    }
    case 'scenario': {
      if (!context.triggers) break;
      const trigger = context.triggers.find((candidate) => candidate.kind === payload.scenario_trigger);
      if (!trigger) list.add(['scenario_trigger'], UNKNOWN_TRIGGER_MESSAGE);
      else if (trigger.ref && payload.trigger_ref_id === null)
        list.add(['trigger_ref_id'], trigger.ref.required_message);
      break;
    }
    case 'auto_reply':
      checkAutoReply(list, payload);
      break;
  }
}

function checkAutoReply(list: PlanErrorList, payload: PlanSavePayload): void {
  const keywords = payload.auto_keywords;
  if (keywords.every((keyword) => keyword.trim() === '')) {
    list.add(['auto_keywords'], 'キーワードを1つ以上入力してください');
  } else if (keywords.length > PLAN_KEYWORDS_MAX) {
    list.add(['auto_keywords'], `キーワードは${PLAN_KEYWORDS_MAX}個までです`);
  }
  const seen = new Set<string>();
  keywords.forEach((keyword, index) => {
    const normalized = normalizeKeywordText(keyword);
    if (normalized === '') list.add(['auto_keywords', index], 'キーワードが空です');
    else if (keyword.trim().length > PLAN_KEYWORD_LENGTH_MAX) {
      list.add(['auto_keywords', index], `キーワードは${PLAN_KEYWORD_LENGTH_MAX}文字以内にしてください`);
    } else if (seen.has(normalized)) list.add(['auto_keywords', index], '同じキーワードが重複しています');
    seen.add(normalized);
  });
  checkWeekdays(list, ['auto_weekdays'], payload.auto_weekdays, false);
  if (!payload.auto_has_term) return;
  const start = parseOffsetDateTime(payload.auto_term_start_at);
  const end = parseOffsetDateTime(payload.auto_term_end_at);
  if (start === null) list.add(['auto_term_start_at'], '期間の開始日時を入力してください');
  if (end === null) list.add(['auto_term_end_at'], '期間の終了日時を入力してください');
  if (start !== null && end !== null && end <= start) {
    list.add(['auto_term_end_at'], '期間の終了日時は開始日時より後にしてください');
  }
}

function checkTargets(list: PlanErrorList, payload: PlanSavePayload): void {
  const conditions = payload.target_conditions_attributes.filter((condition) => !condition._destroy);
  if (payload.target_send !== 'advanced') return;
  const specified = payload.target_is_specified_friend && payload.target_friend_ids.length > 0;
  if (
    payload.target_tag_ids.length === 0 &&
    payload.target_mark_ids.length === 0 &&
    conditions.length === 0 &&
    !specified
  ) {
    // The editor turns this into all_target on submit; sent as is, it would target nobody knowingly.
    list.add(['target_send'], '配信対象の条件（タグ・マーク・友だち）を1つ以上設定してください');
  }
  if (payload.target_is_specified_friend && payload.target_friend_ids.length === 0) {
    list.add(['target_friend_ids'], '友だちを1人以上選んでください');
  }
  if (conditions.length > PLAN_TARGET_CONDITIONS_MAX) {
    list.add(['target_conditions_attributes'], `条件は${PLAN_TARGET_CONDITIONS_MAX}個までです`);
  }
  payload.target_conditions_attributes.forEach((condition, index) => {
    if (condition._destroy) {
      if (condition.id === null) list.add(['target_conditions_attributes', index, 'id'], '削除する条件がありません');
      return;
    }
    const path = ['target_conditions_attributes', index];
    if (condition.tag_ids_accepted.length === 0 && condition.tag_ids_excepted.length === 0) {
      list.add([...path, 'tag_ids_accepted'], '条件にタグを1つ以上選んでください');
    }
    if (condition.tag_ids_excepted.some((id) => condition.tag_ids_accepted.includes(id))) {
      list.add([...path, 'tag_ids_excepted'], '同じタグを「含む」と「除く」の両方には指定できません');
    }
  });
}

function optionPath(message: PlanMessage, ref: OptionRef): (string | number)[] {
  switch (message.message_type) {
    case 'confirm':
      return ['message_confirm', 'message_actions', ref.action, 'box_id'];
    case 'quick_reply':
      return ['message_quick_reply', 'message_actions', ref.action, 'box_id'];
    default:
      return ['message_columns', ref.column ?? 0, 'message_actions', ref.action, 'box_id'];
  }
}

interface Box {
  index: number;
  action: PlanActionAttributes;
  message: PlanMessage;
}

function boxPath(box: Box, ...rest: (string | number)[]): (string | number)[] {
  return ['plan_actions_attributes', box.index, ...rest];
}

/** Each box on its own: its id, type and message. Answers the live boxes by box id (first of duplicates). */
function checkBoxes(list: PlanErrorList, actions: PlanActionAttributes[]): Map<string, Box> {
  const live = new Map<string, Box>();
  const seen = new Set<string>();
  actions.forEach((action, index) => {
    const box: Box = { index, action, message: actionFromAttributes(action).message };
    const parsed = parseBoxId(action.box_id);
    if (parsed === null) list.add(boxPath(box, 'box_id'), 'ボックスIDの形式が正しくありません（box-{階層}-{番号}）');
    else if (parsed.level !== action.box_level || parsed.index !== action.box_index) {
      list.add(boxPath(box, 'box_level'), 'ボックスIDと階層・番号が一致しません');
    }
    if (seen.has(action.box_id)) list.add(boxPath(box, 'box_id'), 'ボックスIDが重複しています');
    seen.add(action.box_id);
    if (action._destroy) return;
    if (action.message_type !== action.message_attributes.message_type) {
      list.add(boxPath(box, 'message_type'), 'ボックスとメッセージの種類が一致しません');
    }
    if (!live.has(action.box_id)) live.set(action.box_id, box);
  });
  return live;
}

/** Every live box's place in the tree and its message, in diagram order. */
function checkTree(list: PlanErrorList, live: Map<string, Box>, actions: PlanActionAttributes[]): void {
  if (live.size === 0) {
    list.add(['plan_actions_attributes'], 'ボックスを1つ以上作成してください');
    return;
  }
  if (live.size > PLAN_BOXES_MAX) list.add(['plan_actions_attributes'], `ボックスは${PLAN_BOXES_MAX}個までです`);
  if (!live.has(FIRST_BOX_ID)) list.add(['plan_actions_attributes'], '最初のボックス（box-0）がありません');
  const liveChildren = (id: string) => [...live.values()].filter((box) => box.action.parent_box_id === id);

  for (const box of live.values()) {
    const { action } = box;
    if (action.box_id === FIRST_BOX_ID) {
      if (action.parent_box_id !== null)
        list.add(boxPath(box, 'parent_box_id'), '最初のボックスには親のボックスはありません');
    } else {
      checkParent(list, box, live);
    }
    const children = liveChildren(action.box_id);
    if (hasOptions(action.message_type)) checkOptionChildren(list, box, children, actions);
    else
      children
        .slice(1)
        .forEach((extra) =>
          list.add(boxPath(extra, 'parent_box_id'), 'このボックスから続けられるボックスは1つだけです'),
        );
    const isEmptyEnd = action.box_id !== FIRST_BOX_ID && children.length === 0 && isEmptyMessage(box.message);
    if (!isEmptyEnd) {
      for (const issue of validateMessage(box.message))
        list.add(boxPath(box, ...attributesPath(issue.path).split('.')), issue.message);
    }
  }
}

function checkParent(list: PlanErrorList, box: Box, live: Map<string, Box>): void {
  const { action } = box;
  const parent = action.parent_box_id === null ? undefined : live.get(action.parent_box_id);
  if (!parent) {
    list.add(boxPath(box, 'parent_box_id'), 'つながる親のボックスがありません');
    return;
  }
  if (parent.action.box_level + 1 !== action.box_level)
    list.add(boxPath(box, 'box_level'), '階層が親のボックスの次になっていません');
  const ancestors = [...parent.action.parent_box_ids, parent.action.box_id];
  if (ancestors.join() !== action.parent_box_ids.join())
    list.add(boxPath(box, 'parent_box_ids'), '親のボックスの並びが正しくありません');
  // Following parents from here must reach box-0 without coming back.
  const visited = new Set<string>([action.box_id]);
  for (let current: Box | undefined = parent; current; current = live.get(current.action.parent_box_id ?? '')) {
    if (visited.has(current.action.box_id)) {
      list.add(boxPath(box, 'parent_box_id'), 'ボックスのつながりが循環しています');
      return;
    }
    visited.add(current.action.box_id);
  }
}

function checkOptionChildren(list: PlanErrorList, box: Box, children: Box[], actions: PlanActionAttributes[]): void {
  const options = optionsOf(box.message);
  const claimed = new Map<string, OptionRef>();
  for (const option of options) {
    const target = option.action.box_id;
    if (target === null || target === '') continue;
    const path = boxPath(box, ...attributesPath(optionPath(box.message, option.ref)).split('.'));
    const named = actions.find((action) => action.box_id === target);
    if (!named) list.add(path, 'この選択肢につながるボックスがありません');
    else if (named.parent_box_id !== box.action.box_id) list.add(path, 'この選択肢のボックスではありません');
    else if (claimed.has(target)) list.add(path, '2つの選択肢が同じボックスにつながっています');
    claimed.set(target, option.ref);
  }
  for (const child of children) {
    if (!claimed.has(child.action.box_id))
      list.add(boxPath(child, 'parent_box_id'), 'どの選択肢にもつながっていません');
  }
}

function timingPath(index: number, ...rest: (string | number)[]): (string | number)[] {
  return ['plan_timings_attributes', index, ...rest];
}

/** The timings as arrows: live ends, parent to child, one into each live box but box-0. */
function checkArrows(list: PlanErrorList, live: Map<string, Box>, timings: PlanTimingAttributes[]): void {
  const into = new Map<string, number>();
  timings.forEach((timing, index) => {
    const start = live.get(timing.start);
    const end = live.get(timing.end);
    if (!start) list.add(timingPath(index, 'start'), 'タイミングの始点のボックスがありません');
    if (!end) list.add(timingPath(index, 'end'), 'タイミングの終点のボックスがありません');
    if (!start || !end) return;
    if (end.action.parent_box_id !== timing.start) {
      list.add(timingPath(index, 'end'), 'タイミングは親のボックスから子のボックスへつないでください');
    } else if (into.has(timing.end)) list.add(timingPath(index, 'end'), 'このボックスへのタイミングが重複しています');
    else into.set(timing.end, index);
  });
  for (const box of live.values()) {
    if (box.action.box_id !== FIRST_BOX_ID && box.action.parent_box_id !== null && !into.has(box.action.box_id)) {
      list.add(boxPath(box, 'box_id'), 'このボックスへのタイミングがありません');
    }
  }
}

function checkTimingValues(list: PlanErrorList, timing: PlanTimingAttributes, index: number): void {
  if (timing.is_repeat !== (timing.timing_type === 'send_repeat')) {
    list.add(timingPath(index, 'is_repeat'), '繰り返しの指定がタイミングの種類と合いません');
  }
  if (timing.timing_type === 'send_after') {
    if (timing.after_days < 0 || timing.after_days > PLAN_AFTER_DAYS_MAX) {
      list.add(timingPath(index, 'after_days'), `日数は0から${PLAN_AFTER_DAYS_MAX}までにしてください`);
    }
    if (timing.after_hours < 0 || timing.after_hours > PLAN_AFTER_HOURS_MAX) {
      list.add(timingPath(index, 'after_hours'), `時間は0から${PLAN_AFTER_HOURS_MAX}までにしてください`);
    }
    if (timing.next_action_at !== null) {
      if (!TIME_OF_DAY.test(timing.next_action_at))
        list.add(timingPath(index, 'next_action_at'), '時刻はHH:MMの形式で入力してください');
      if (timing.after_hours !== 0)
        list.add(timingPath(index, 'after_hours'), '時刻を指定するときは時間を0にしてください');
    }
  }
  if (timing.timing_type === 'send_repeat') {
    checkWeekdays(list, timingPath(index, 'repeat_weekdays'), timing.repeat_weekdays, true);
    const times = timing.repeat_date_times;
    if (times.length === 0) list.add(timingPath(index, 'repeat_date_times'), '送信する時刻を1つ以上入力してください');
    if (times.length > PLAN_REPEAT_DATE_TIMES_MAX) {
      list.add(timingPath(index, 'repeat_date_times'), `時刻は${PLAN_REPEAT_DATE_TIMES_MAX}個までです`);
    }
    times.forEach((time, timeIndex) => {
      const path = timingPath(index, 'repeat_date_times', timeIndex);
      if (!TIME_OF_DAY.test(time)) list.add(path, '時刻はHH:MMの形式で入力してください');
      else if (times.indexOf(time) !== timeIndex) list.add(path, '同じ時刻が重複しています');
    });
    if (timing.repeat_times < 1 || timing.repeat_times > PLAN_REPEAT_TIMES_MAX) {
      list.add(timingPath(index, 'repeat_times'), `繰り返し回数は1から${PLAN_REPEAT_TIMES_MAX}までにしてください`);
    }
  }
}

/** Every rule the save breaks, keyed (empty when it may be saved). */
export function validatePlan(payload: PlanSavePayload, context: PlanValidationContext): PlanErrors {
  const list = new PlanErrorList();
  checkPlanFields(list, payload, context);
  checkTargets(list, payload);
  const live = checkBoxes(list, payload.plan_actions_attributes);
  checkTree(list, live, payload.plan_actions_attributes);
  checkArrows(list, live, payload.plan_timings_attributes);
  payload.plan_timings_attributes.forEach((timing, index) => checkTimingValues(list, timing, index));
  return inReadingOrder(list.errors);
}

/** Plan fields and targets first (as found), then each box's errors in box order, then each timing's. */
function inReadingOrder(errors: PlanErrors): PlanErrors {
  const rank = (key: string): [number, number] => {
    const box = errorBoxIndex(key);
    if (box !== null) return [1, box];
    const timing = errorTimingIndex(key);
    if (timing !== null) return [2, timing];
    return key.startsWith('plan_actions_attributes') ? [1, -1] : [0, 0];
  };
  // Array sort is stable: errors of one box or timing keep the order they were found in.
  return Object.fromEntries(
    Object.entries(errors).sort(([a], [b]) => {
      const [groupA, indexA] = rank(a);
      const [groupB, indexB] = rank(b);
      return groupA - groupB || indexA - indexB;
    }),
  );
}
