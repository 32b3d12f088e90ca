import { z } from 'zod';
import { idNumber } from '../common.ts';

/*
 * The message builder's model (spec section 3, "Message template (message builder)"): what the
 * console edits, stores and reads back. One model serves templates, talks, plans and rich menus.
 * Nested items carry `id` (a number once saved, null before) and, in the browser only,
 * `form_random_id` (a stable key for new items); both are stripped or renamed by save-format.ts.
 */

/** The message types the builder makes; the values are the route segment of /service/templates/{message_type}. */
export const MESSAGE_TYPES = [
  'text_message',
  'image',
  'confirm',
  'quick_reply',
  'carousel',
  'image_carousel',
  'sticker',
] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
export const messageType = z.enum(MESSAGE_TYPES);

/**
 * What a tap does: `message` shows the text as the friend's message, `postback` only records the
 * tap (with an optional display text), `uri` opens the address. Message and postback taps reach the
 * console as postback events, so every such tap can add its score (and later move a plan on); a web
 * address is sent as the friend's tracked link, whose first opening adds the score.
 */
export const ACTION_TYPES = ['message', 'postback', 'uri'] as const;
export type ActionType = (typeof ACTION_TYPES)[number];
export const actionType = z.enum(ACTION_TYPES);

/** An item id: a number once saved; anything else (a client key, undefined) means a new item. */
export const itemId = idNumber.nullable();

/** The points a tap adds to the friend's score (negative subtracts). */
export const score = z.object({
  id: itemId,
  value: z.number().int(),
});
export type Score = z.infer<typeof score>;

/** The fields of one tappable action (a button, a quick-reply item, an image area). */
export const actionFields = {
  id: itemId,
  action_type: actionType,
  /** The button text (an image area's label is read aloud / shown as alt text). */
  label: z.string(),
  /** message: the text the friend appears to send. */
  text: z.string().nullable(),
  /** postback: an optional text shown as the friend's message. */
  display_text: z.string().nullable(),
  /** uri: the address opened (https, http, tel: or line:). */
  uri: z.string().nullable(),
  score: score.nullable(),
  form_random_id: z.string().optional(),
};

export const messageAction = z.object(actionFields);
export type MessageAction = z.infer<typeof messageAction>;

/** A tap area on an image carousel image, in the image's pixels (rounded to whole numbers on save). */
export const linkUrl = z.object({
  ...actionFields,
  axis_x: z.number(),
  axis_y: z.number(),
  width: z.number(),
  height: z.number(),
});
export type LinkUrl = z.infer<typeof linkUrl>;

/** One carousel column (card): an optional image and title, a text and 1–3 buttons. */
export const messageColumn = z.object({
  id: itemId,
  image_url: z.string().nullable(),
  title: z.string().nullable(),
  text: z.string(),
  message_actions: z.array(messageAction),
  form_random_id: z.string().optional(),
});
export type MessageColumn = z.infer<typeof messageColumn>;

/** One image carousel column: an image with tap areas (link_urls). */
export const messageImageCarousel = z.object({
  id: itemId,
  image_url: z.string(),
  /** The image's size in pixels, which the areas' bounds refer to. */
  image_width: z.number().int().positive(),
  image_height: z.number().int().positive(),
  link_urls: z.array(linkUrl),
  form_random_id: z.string().optional(),
});
export type MessageImageCarousel = z.infer<typeof messageImageCarousel>;

/** A confirm message: a question and exactly two answers. */
export const messageConfirm = z.object({
  id: itemId,
  text: z.string(),
  message_actions: z.array(messageAction),
});
export type MessageConfirm = z.infer<typeof messageConfirm>;

/** Quick-reply buttons under a text message (the text is the message's `text`). */
export const messageQuickReply = z.object({
  id: itemId,
  message_actions: z.array(messageAction),
});
export type MessageQuickReply = z.infer<typeof messageQuickReply>;

export const builderMessage = z.object({
  id: itemId,
  message_type: messageType,
  /**
   * text_message and quick_reply: the text, with variables ({{name}}, {{info:<field id>}}) and LINE
   * emoji ({{emoji:<productId>/<emojiId>}}) as tokens that are filled in per friend when sent.
   */
  text: z.string().nullable(),
  /** confirm, carousel, image_carousel: the notification / chat-list text (LINE's altText). */
  alt_text: z.string().nullable(),
  /** image: the uploaded image's public address. */
  image_url: z.string().nullable(),
  /** sticker: LINE's package and sticker ids. */
  sticker_package_id: z.string().nullable(),
  sticker_id: z.string().nullable(),
  message_confirm: messageConfirm.nullable(),
  message_quick_reply: messageQuickReply.nullable(),
  message_columns: z.array(messageColumn).nullable(),
  message_image_carousels: z.array(messageImageCarousel).nullable(),
});
export type BuilderMessage = z.infer<typeof builderMessage>;

/** The template around a message: its name and folder. */
export const templateFields = z.object({
  name: z.string(),
  folder_id: idNumber.nullable(),
});
export type TemplateFields = z.infer<typeof templateFields>;

/** The message template entity (spec section 3): id (null when not a number), a message, a template. */
export const messageTemplateState = z.object({
  id: itemId,
  message: builderMessage,
  template: templateFields,
});
export type MessageTemplateState = z.infer<typeof messageTemplateState>;

/** What a message's variables are filled with when it is sent to one friend (or previewed). */
export interface MessageContext {
  friendName: string;
  /** Friend info values by info field id, as displayed text. */
  infoValues: Record<number, string>;
  /**
   * The address sent instead of a uri action's (or tap area's) own, by its item id: the friend's
   * tracked link, whose first opening adds the action's score. Actions not in it keep their address.
   */
  trackedUris?: Record<number, string>;
  /**
   * The friend's own signed link to each form a `{{form:<id>}}` variable names, by form id; a form
   * not in it renders as nothing (text) or keeps the variable (a uri action, which validation refuses).
   */
  formLinks?: Record<number, string>;
}
