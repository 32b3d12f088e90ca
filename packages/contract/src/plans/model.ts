import { z } from 'zod';
import { idNumber } from '../common.ts';
import {
  builderMessage,
  itemId,
  messageAction,
  messageColumn,
  messageConfirm,
  messageQuickReply,
  messageType,
  type BuilderMessage,
} from '../message-builder/model.ts';

/*
 * The plan model (spec section 3: Plan, Target condition, Plan action, Plan timing) as the editor
 * holds it and GET /service/plans/{id} answers it, plus what issues 14 and 15 add (name, broadcast
 * time, scenario trigger, re-entry policy, auto-reply keywords, match, weekdays and term).
 * Field names are the spec's, word for word. A plan is a tree of boxes (plan actions) joined by
 * timings: box-0 is where every enrolment starts; a text, image, sticker or image carousel box
 * has one child, a confirm, quick-reply or carousel box one child per option.
 */

/** A database id a plan refers to (tags, marks, friends, plans, rich menus, folders): a positive int4. */
export const planRefId = idNumber;

export const PLAN_TYPES = ['broadcast', 'scenario', 'auto_reply'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];
export const planType = z.enum(PLAN_TYPES);

export const TARGET_SENDS = ['all_target', 'advanced'] as const;
export type TargetSend = (typeof TARGET_SENDS)[number];
export const targetSend = z.enum(TARGET_SENDS);

/**
 * How a friend enters a scenario, by the name of its trigger kind: the plans' own `manual` (staff
 * start it, send_plan) and `start_plan` (another plan or box names it as its start_plan), and those
 * the modules register with the plan engine: friend_added (the channel setting names the scenario
 * started when a friend is added), tag_added (when the tag `trigger_ref_id` is put on the friend), and
 * later a form answered, an inflow route, a conversion. The server knows which exist
 * (`GET /service/plan_triggers`); this only checks the shape of a name.
 */
export const scenarioTrigger = z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, 'きっかけの種類が正しくありません');
export type ScenarioTrigger = string;
export const BUILT_IN_SCENARIO_TRIGGERS = ['manual', 'start_plan'] as const;

/** once: a friend goes through the scenario at most once; again_after_finish: again, once the last run has ended. */
export const REENTRY_POLICIES = ['once', 'again_after_finish'] as const;
export type ReentryPolicy = (typeof REENTRY_POLICIES)[number];
export const reentryPolicy = z.enum(REENTRY_POLICIES);

/** exact: the whole incoming text equals a keyword; partial: the text contains one (both after normalising, see auto-reply.ts). */
export const KEYWORD_MATCHES = ['exact', 'partial'] as const;
export type KeywordMatch = (typeof KEYWORD_MATCHES)[number];
export const keywordMatch = z.enum(KEYWORD_MATCHES);

/**
 * send_immediate (the default): as soon as the friend reaches the start box (or taps the option);
 * send_after: after_days calendar days and after_hours hours later, or after_days days later at
 * the time of day in next_action_at; send_repeat: on repeat_weekdays at each of
 * repeat_date_times, repeat_times times (schedule.ts computes each precisely).
 */
export const TIMING_TYPES = ['send_immediate', 'send_after', 'send_repeat'] as const;
export type TimingType = (typeof TIMING_TYPES)[number];
export const timingType = z.enum(TIMING_TYPES);

/** Weekdays as numbers, 0 = Sunday … 6 = Saturday (JavaScript's getDay). */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
/** A time of day on the wall clock of the account's time zone, "HH:MM" (00:00–23:59). */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

export const PLAN_NAME_MAX = 100;
export const PLAN_BOXES_MAX = 300;
export const PLAN_KEYWORDS_MAX = 50;
export const PLAN_KEYWORD_LENGTH_MAX = 100;
export const PLAN_AFTER_DAYS_MAX = 365;
/** after_hours is the part of a day after after_days: 0–23. */
export const PLAN_AFTER_HOURS_MAX = 23;
export const PLAN_REPEAT_TIMES_MAX = 100;
export const PLAN_REPEAT_DATE_TIMES_MAX = 24;
export const PLAN_TARGET_CONDITIONS_MAX = 20;
/** Ids in one list (tags, marks, specified friends, a condition's tags). */
export const PLAN_ID_LIST_MAX = 1000;

/** A tag or mark as the editor shows it (name beside the id). */
/** deleted: a label a saved target still names, deleted since (the target matches nobody through it). */
export const planLabelRef = z.object({ id: planRefId, name: z.string(), deleted: z.boolean().optional() });
export type PlanLabelRef = z.infer<typeof planLabelRef>;
/** A specified friend as the editor shows it. */
export const planFriendRef = z.object({ id: planRefId, display_name: z.string() });
export type PlanFriendRef = z.infer<typeof planFriendRef>;
/** Another plan (start_plan) or a rich menu, as the editor shows it. */
export const planNamedRef = z.object({ id: planRefId, name: z.string() });
export type PlanNamedRef = z.infer<typeof planNamedRef>;
/** A web link the plan's messages carry, listed by the server (read-only; never saved from the editor). */
export const planLinkUrl = z.object({ id: planRefId, uri: z.string() });
export type PlanLinkUrl = z.infer<typeof planLinkUrl>;

/**
 * Target condition: friends carrying at least one accepted tag (any, when none is accepted) and
 * none of the excepted ones. On submit the lists become tag_ids_accepted / tag_ids_excepted; a
 * deleted condition is sent as its id plus the destroy flag (the plan keeps deletedConditionIds).
 */
export const targetCondition = z.object({
  id: itemId,
  tags_accepted: z.array(planLabelRef),
  tags_excepted: z.array(planLabelRef),
});
export type TargetCondition = z.infer<typeof targetCondition>;

/** The plan's own fields (spec section 3 "Plan" plus the issues' additions). */
export const plan = z.object({
  id: itemId,
  name: z.string(),
  plan_type: planType,
  is_active: z.boolean(),
  folder_id: planRefId.nullable(),
  /** Tags and marks the plan puts on a friend when it enrols them (tags/marks for display, the ids saved). */
  tags: z.array(planLabelRef),
  marks: z.array(planLabelRef),
  tag_ids: z.array(planRefId),
  mark_ids: z.array(planRefId),
  /**
   * Targeting (broadcasts, and who may enter a scenario or get an auto-reply). all_target: every
   * friend. advanced: friends matching every part that is set: target_tags (carrying one of them
   * when target_has_tag, none of them otherwise), target_marks likewise with target_has_mark,
   * one of target_conditions, and, when target_is_specified_friend, one of target_friends.
   * target_is_all mirrors target_send === 'all_target'.
   */
  target_is_all: z.boolean(),
  target_send: targetSend,
  target_friends: z.array(planFriendRef),
  target_tags: z.array(planLabelRef),
  target_marks: z.array(planLabelRef),
  target_has_tag: z.boolean(),
  target_has_mark: z.boolean(),
  target_is_specified_friend: z.boolean(),
  target_conditions: z.array(targetCondition),
  /** Saved conditions the user removed: sent as id plus destroy flag. */
  deletedConditionIds: z.array(planRefId),
  /** broadcast: when it goes out (ISO 8601 with offset, chosen in the account's time zone); null: when activated. */
  send_at: z.string().nullable(),
  /** scenario: how friends enter it, what its trigger names (the tag of tag_added), and whether a friend may enter again. */
  scenario_trigger: scenarioTrigger,
  trigger_ref_id: planRefId.nullable(),
  reentry_policy: reentryPolicy,
  /** auto_reply: the keywords, how they match, the weekdays (empty: every day) and the optional term. */
  auto_keywords: z.array(z.string()),
  auto_keyword_match: keywordMatch,
  auto_weekdays: z.array(z.number().int()),
  auto_has_term: z.boolean(),
  /** The term, ISO 8601 with offset: from auto_term_start_at (included) until auto_term_end_at (excluded). */
  auto_term_start_at: z.string().nullable(),
  auto_term_end_at: z.string().nullable(),
  /** The scenario the plan starts for the friend on enrolment, and the rich menu it gives them. */
  start_plan: planNamedRef.nullable(),
  start_plan_id: planRefId.nullish(),
  rich_menu: planNamedRef.nullable(),
  rich_menu_id: planRefId.nullish(),
  link_urls: z.array(planLinkUrl),
});
export type Plan = z.infer<typeof plan>;

/** The option fields a message action has inside a plan: the child box hanging from it and its collapse state. */
export const planOptionFields = {
  /** The box the friend is taken to after tapping this option; null until one is added. */
  box_id: z.string().nullable(),
  diagram_hide_children: z.boolean(),
};

export const planMessageAction = messageAction.extend(planOptionFields);
export type PlanMessageAction = z.infer<typeof planMessageAction>;

/** The builder's message with every option (confirm, quick-reply and carousel actions) carrying its child box. */
export const planMessage = builderMessage.extend({
  message_confirm: messageConfirm.extend({ message_actions: z.array(planMessageAction) }).nullable(),
  message_quick_reply: messageQuickReply.extend({ message_actions: z.array(planMessageAction) }).nullable(),
  message_columns: z.array(messageColumn.extend({ message_actions: z.array(planMessageAction) })).nullable(),
});
export type PlanMessage = z.infer<typeof planMessage>;

/** Plan action: a box of the diagram (spec section 3), with what entering it applies to the friend. */
export const planAction = z.object({
  id: itemId,
  /** box-{level}-{index}; the first box is box-0 (layout.ts). */
  box_id: z.string(),
  box_level: z.number().int().min(0),
  box_index: z.number().int().min(0),
  parent_box_id: z.string().nullable(),
  /** The ancestors from box-0 down to the parent (empty for box-0). */
  parent_box_ids: z.array(z.string()),
  x: z.number(),
  y: z.number(),
  box_width: z.number(),
  box_height: z.number(),
  /** Hidden because an ancestor's children are collapsed. */
  diagram_hide: z.boolean(),
  /** This box's children are collapsed. */
  diagram_hide_children: z.boolean(),
  message_type: messageType,
  message: planMessage,
  /** Removed in the editor: the save deletes it; a revert brings it back empty. */
  _destroy: z.boolean(),
  /** The saved message is discarded and replaced by the one sent (set by a revert, which empties the box). */
  should_empty: z.boolean(),
  /**
   * The box's message is not the one saved with this action (a new box, or one filled from a
   * template): the server creates a fresh message instead of updating one by its ids.
   */
  use_template: z.boolean(),
  /** Applied to the friend when this box is sent. */
  tag_ids: z.array(planRefId),
  mark_ids: z.array(planRefId),
  rich_menu_id: planRefId.nullish(),
  start_plan_id: planRefId.nullish(),
});
export type PlanAction = z.infer<typeof planAction>;

/** Plan timing: the arrow from box `start` to box `end` and when the end box is sent (spec section 3). */
export const planTiming = z.object({
  id: itemId,
  timing_type: timingType,
  start: z.string(),
  end: z.string(),
  diagram_hide: z.boolean(),
  after_days: z.number().int(),
  after_hours: z.number().int(),
  /** Mirrors timing_type === 'send_repeat'. */
  is_repeat: z.boolean(),
  /** send_after: the time of day ("HH:MM", account time zone) the send goes at after_days days later; null: after_days days and after_hours hours after arrival. */
  next_action_at: z.string().nullable(),
  /** send_repeat: times of day "HH:MM". */
  repeat_date_times: z.array(z.string()),
  repeat_times: z.number().int(),
  /** send_repeat: weekdays 0 (Sunday) … 6. */
  repeat_weekdays: z.array(z.number().int()),
  /** The saved ids of the start and end boxes (null until saved). */
  plan_action_id: itemId,
  next_plan_action_id: itemId,
  /** Changed in this editing session: the server reschedules the friends waiting on it. */
  touched: z.boolean(),
  _destroy: z.boolean(),
});
export type PlanTiming = z.infer<typeof planTiming>;

/** A plan with its boxes and timings: GET /service/plans/{id}, and one editor snapshot. */
export const planDetail = z.object({
  plan,
  plan_actions: z.array(planAction),
  plan_timings: z.array(planTiming),
});
export type PlanDetail = z.infer<typeof planDetail>;

/** A new plan: the spec's defaults (target_is_all true, is_active false, target_send all_target) and ours. */
export function defaultPlan(type: PlanType = 'scenario'): Plan {
  return {
    id: null,
    name: '',
    plan_type: type,
    is_active: false,
    folder_id: null,
    tags: [],
    marks: [],
    tag_ids: [],
    mark_ids: [],
    target_is_all: true,
    target_send: 'all_target',
    target_friends: [],
    target_tags: [],
    target_marks: [],
    target_has_tag: true,
    target_has_mark: true,
    target_is_specified_friend: false,
    target_conditions: [],
    deletedConditionIds: [],
    send_at: null,
    // manual: a scenario never starts on its own until the user picks a trigger.
    scenario_trigger: 'manual',
    trigger_ref_id: null,
    reentry_policy: 'once',
    auto_keywords: [],
    auto_keyword_match: 'exact',
    auto_weekdays: [],
    auto_has_term: false,
    auto_term_start_at: null,
    auto_term_end_at: null,
    start_plan: null,
    start_plan_id: null,
    rich_menu: null,
    rich_menu_id: null,
    link_urls: [],
  };
}

/** The default timing (spec section 9): send_immediate, 0 days, 0 hours. */
export function defaultTiming(start: string, end: string): PlanTiming {
  return {
    id: null,
    timing_type: 'send_immediate',
    start,
    end,
    diagram_hide: false,
    after_days: 0,
    after_hours: 0,
    is_repeat: false,
    next_action_at: null,
    repeat_date_times: [],
    repeat_times: 1,
    repeat_weekdays: [],
    plan_action_id: null,
    next_plan_action_id: null,
    touched: false,
    _destroy: false,
  };
}

function withOptionFields<T extends object>(action: T): T & PlanMessageAction {
  const option = action as T & Partial<PlanMessageAction>;
  return {
    ...option,
    box_id: option.box_id ?? null,
    diagram_hide_children: option.diagram_hide_children ?? false,
  } as T & PlanMessageAction;
}

/**
 * A builder message as a plan box's message: every option keeps the child box it already names
 * (the builder passes unknown fields through) and a new option starts without one.
 */
export function toPlanMessage(message: BuilderMessage): PlanMessage {
  return {
    ...message,
    message_confirm: message.message_confirm && {
      ...message.message_confirm,
      message_actions: message.message_confirm.message_actions.map(withOptionFields),
    },
    message_quick_reply: message.message_quick_reply && {
      ...message.message_quick_reply,
      message_actions: message.message_quick_reply.message_actions.map(withOptionFields),
    },
    message_columns:
      message.message_columns?.map((column) => ({
        ...column,
        message_actions: column.message_actions.map(withOptionFields),
      })) ?? null,
  };
}
