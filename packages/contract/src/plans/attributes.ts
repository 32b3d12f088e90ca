import { z } from 'zod';
import {
  messageActionAttributes,
  messageAttributes,
  messageColumnAttributes,
  messageConfirmAttributes,
  messageQuickReplyAttributes,
} from '../message-builder/attributes.ts';
import { itemId, messageType } from '../message-builder/model.ts';
import { keywordMatch, planRefId, planType, reentryPolicy, scenarioTrigger, targetSend, timingType } from './model.ts';

/*
 * What POST /service/plans and PUT /service/plans/{id} carry (spec sections 5 and 7), as an object:
 * save-format.ts builds it from the editor's model, writes it as multipart form data and reads it
 * back. Each box's message is in the message builder's save format (message_attributes …), its
 * options with their box_id. These schemas check shapes and types only; the plan's rules, with
 * Japanese reasons keyed by field, are validate.ts. Every string is trimmed.
 */

const text = z.string().trim();
/** The original of a renamed part: always null (and so absent from the form data). */
const renamed = z.null().optional();
/** No list in a plan save may be longer; anything longer is not a console's save. */
export const PLAN_FORM_ITEMS_MAX = 1000;
const list = <T extends z.ZodType>(item: T) => z.array(item).max(PLAN_FORM_ITEMS_MAX);
const idList = list(planRefId);

export const planMessageActionAttributes = messageActionAttributes.extend({
  box_id: text.nullable(),
  diagram_hide_children: z.boolean(),
});
export type PlanMessageActionAttributes = z.infer<typeof planMessageActionAttributes>;

const optionsAttributes = { message_actions_attributes: list(planMessageActionAttributes) };

export const planMessageAttributes = messageAttributes.extend({
  message_confirm_attributes: messageConfirmAttributes.extend(optionsAttributes).nullable(),
  message_quick_reply_attributes: messageQuickReplyAttributes.extend(optionsAttributes).nullable(),
  message_columns_attributes: list(messageColumnAttributes.extend(optionsAttributes)).nullable(),
});
export type PlanMessageAttributes = z.infer<typeof planMessageAttributes>;

export const planActionAttributes = z.object({
  id: itemId,
  box_id: text,
  box_level: z.number().int().min(0),
  box_index: z.number().int().min(0),
  parent_box_id: text.nullable(),
  parent_box_ids: list(text),
  x: z.number(),
  y: z.number(),
  box_width: z.number(),
  box_height: z.number(),
  diagram_hide: z.boolean(),
  diagram_hide_children: z.boolean(),
  message_type: messageType,
  message: renamed,
  message_attributes: planMessageAttributes,
  _destroy: z.boolean(),
  should_empty: z.boolean(),
  use_template: z.boolean(),
  tag_ids: idList,
  mark_ids: idList,
  rich_menu_id: planRefId.nullable(),
  start_plan_id: planRefId.nullable(),
});
export type PlanActionAttributes = z.infer<typeof planActionAttributes>;

/** A timing as sent: timings marked destroyed are not sent at all, so there is no destroy flag. */
export const planTimingAttributes = z.object({
  id: itemId,
  timing_type: timingType,
  start: text,
  end: text,
  diagram_hide: z.boolean(),
  after_days: z.number().int(),
  after_hours: z.number().int(),
  is_repeat: z.boolean(),
  next_action_at: text.nullable(),
  repeat_date_times: list(text),
  repeat_times: z.number().int(),
  repeat_weekdays: list(z.number().int()),
  plan_action_id: itemId,
  next_plan_action_id: itemId,
  touched: z.boolean(),
});
export type PlanTimingAttributes = z.infer<typeof planTimingAttributes>;

/** A target condition as sent: its tags as tag_ids_accepted / tag_ids_excepted, or (deleted) its id plus the destroy flag. */
export const targetConditionAttributes = z.object({
  id: itemId,
  tag_ids_accepted: idList.default([]),
  tag_ids_excepted: idList.default([]),
  _destroy: z.boolean().default(false),
});
export type TargetConditionAttributes = z.infer<typeof targetConditionAttributes>;

/** The plan fields as sent, tags, marks and targets as id lists. */
export const planSaveFields = {
  id: itemId,
  name: text,
  plan_type: planType,
  is_active: z.boolean(),
  folder_id: planRefId.nullable(),
  tag_ids: idList,
  mark_ids: idList,
  target_is_all: z.boolean(),
  target_send: targetSend,
  target_tag_ids: idList,
  target_mark_ids: idList,
  target_friend_ids: idList,
  target_has_tag: z.boolean(),
  target_has_mark: z.boolean(),
  target_is_specified_friend: z.boolean(),
  send_at: text.nullable(),
  scenario_trigger: scenarioTrigger,
  trigger_ref_id: planRefId.nullable(),
  reentry_policy: reentryPolicy,
  auto_keywords: list(text),
  auto_keyword_match: keywordMatch,
  auto_weekdays: list(z.number().int()),
  auto_has_term: z.boolean(),
  auto_term_start_at: text.nullable(),
  auto_term_end_at: text.nullable(),
  rich_menu_id: planRefId.nullable(),
  start_plan_id: planRefId.nullable(),
};
export type PlanSaveFieldName = keyof typeof planSaveFields;
export const PLAN_SAVE_FIELD_NAMES = Object.keys(planSaveFields) as PlanSaveFieldName[];

/** The whole save: plan fields, folder_id, plan_actions_attributes, plan_timings_attributes, target_conditions_attributes. */
export const planSavePayload = z.object({
  ...planSaveFields,
  plan_actions_attributes: list(planActionAttributes),
  plan_timings_attributes: list(planTimingAttributes),
  target_conditions_attributes: list(targetConditionAttributes),
});
export type PlanSavePayload = z.infer<typeof planSavePayload>;
export type PlanSavePayloadInput = z.input<typeof planSavePayload>;
