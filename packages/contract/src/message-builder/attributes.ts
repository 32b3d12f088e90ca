import { z } from 'zod';
import { idNumber } from '../common.ts';
import { actionType, itemId, messageType } from './model.ts';

/*
 * The save format (spec section 3): before saving, nested parts are renamed to their
 * `*_attributes` form and the originals set to null. These schemas are what the server accepts;
 * save-format.ts builds them from the model and reads them back. Every string is trimmed.
 */

const text = z.string().trim();
const nullableText = text.nullable();
/** The original of a renamed part: always null in the save format. */
const renamed = z.null().optional();

export const scoreAttributes = z.object({ id: itemId, value: z.number().int() });

const actionAttributeFields = {
  id: itemId,
  action_type: actionType,
  label: text,
  text: nullableText,
  display_text: nullableText,
  uri: nullableText,
  score: renamed,
  score_attributes: scoreAttributes.nullable(),
};

export const messageActionAttributes = z.object(actionAttributeFields);
export type MessageActionAttributes = z.infer<typeof messageActionAttributes>;

export const linkUrlAttributes = z.object({
  ...actionAttributeFields,
  axis_x: z.number().int(),
  axis_y: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
});
export type LinkUrlAttributes = z.infer<typeof linkUrlAttributes>;

export const messageColumnAttributes = z.object({
  id: itemId,
  image_url: nullableText,
  title: nullableText,
  text,
  message_actions: renamed,
  message_actions_attributes: z.array(messageActionAttributes),
});

export const messageImageCarouselAttributes = z.object({
  id: itemId,
  image_url: text,
  image_width: z.number().int().positive(),
  image_height: z.number().int().positive(),
  link_urls: renamed,
  link_urls_attributes: z.array(linkUrlAttributes),
});

export const messageConfirmAttributes = z.object({
  id: itemId,
  text,
  message_actions: renamed,
  message_actions_attributes: z.array(messageActionAttributes),
});

export const messageQuickReplyAttributes = z.object({
  id: itemId,
  message_actions: renamed,
  message_actions_attributes: z.array(messageActionAttributes),
});

export const messageAttributes = z.object({
  id: itemId,
  message_type: messageType,
  text: nullableText,
  alt_text: nullableText,
  image_url: nullableText,
  sticker_package_id: nullableText,
  sticker_id: nullableText,
  message_confirm: renamed,
  message_confirm_attributes: messageConfirmAttributes.nullable(),
  message_quick_reply: renamed,
  message_quick_reply_attributes: messageQuickReplyAttributes.nullable(),
  message_columns: renamed,
  message_columns_attributes: z.array(messageColumnAttributes).nullable(),
  message_image_carousels: renamed,
  message_image_carousels_attributes: z.array(messageImageCarouselAttributes).nullable(),
});
export type MessageAttributes = z.infer<typeof messageAttributes>;

export const templateAttributes = z.object({
  name: text,
  folder_id: idNumber.nullable(),
});

/** A template save: the message template with its message and template renamed to attributes. */
export const templateSavePayload = z.object({
  id: itemId,
  message: renamed,
  template: renamed,
  message_attributes: messageAttributes,
  template_attributes: templateAttributes,
});
export type TemplateSavePayload = z.infer<typeof templateSavePayload>;
