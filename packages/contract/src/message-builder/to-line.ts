import { LINE_LIMITS } from './limits.ts';
import type { BuilderMessage, MessageAction, MessageContext, MessageImageCarousel, MessageColumn } from './model.ts';
import { formIdOfAddress, renderText, type RenderedEmoji } from './variables.ts';

/*
 * The builder model as LINE Messaging API message objects
 * (https://developers.line.biz/en/reference/messaging-api/#message-objects). Message and postback
 * taps both become postback actions carrying the action's id, so every tap reaches the console
 * (a message action alone would only echo text) and can add its score. A uri action opens its
 * address, or the friend's tracked link to it (MessageContext.trackedUris), which adds the score.
 */

export interface LinePostbackAction {
  type: 'postback';
  label?: string;
  data: string;
  displayText?: string;
}

export interface LineUriAction {
  type: 'uri';
  label?: string;
  uri: string;
}

export type LineAction = LinePostbackAction | LineUriAction;

export interface LineQuickReplyItem {
  type: 'action';
  action: LineAction;
}

export interface LineTextMessage {
  type: 'text';
  text: string;
  emojis?: RenderedEmoji[];
  quickReply?: { items: LineQuickReplyItem[] };
}

export interface LineImageMessage {
  type: 'image';
  originalContentUrl: string;
  previewImageUrl: string;
}

export interface LineStickerMessage {
  type: 'sticker';
  packageId: string;
  stickerId: string;
}

export interface LineConfirmTemplate {
  type: 'confirm';
  text: string;
  actions: LineAction[];
}

export interface LineCarouselColumn {
  thumbnailImageUrl?: string;
  title?: string;
  text: string;
  actions: LineAction[];
}

export interface LineCarouselTemplate {
  type: 'carousel';
  columns: LineCarouselColumn[];
}

export interface LineTemplateMessage {
  type: 'template';
  altText: string;
  template: LineConfirmTemplate | LineCarouselTemplate;
}

export interface LineFlexImage {
  type: 'image';
  url: string;
  size: 'full';
  aspectMode: 'cover';
  aspectRatio: string;
}

/** A transparent, absolutely positioned box over the image: one tap area. */
export interface LineFlexAreaBox {
  type: 'box';
  layout: 'vertical';
  position: 'absolute';
  offsetTop: string;
  offsetStart: string;
  width: string;
  height: string;
  contents: [];
  action: LineAction;
}

export interface LineFlexBubble {
  type: 'bubble';
  body: {
    type: 'box';
    layout: 'vertical';
    paddingAll: '0px';
    contents: (LineFlexImage | LineFlexAreaBox)[];
  };
}

export interface LineFlexMessage {
  type: 'flex';
  altText: string;
  contents: { type: 'carousel'; contents: LineFlexBubble[] };
}

export type LineMessageObject =
  LineTextMessage | LineImageMessage | LineStickerMessage | LineTemplateMessage | LineFlexMessage;

const ACTION_POSTBACK_PREFIX = 'linq:a:';
/** The data of a tap on an action not saved yet (a test send from an unsaved builder). */
const UNSAVED_ACTION_DATA = `${ACTION_POSTBACK_PREFIX}new`;

/** The postback data that tells the console which action was tapped. */
export function actionPostbackData(id: number | null): string {
  return id === null ? UNSAVED_ACTION_DATA : `${ACTION_POSTBACK_PREFIX}${id}`;
}

/** The action id in a postback's data, or null when the data is not one of ours (or the action was unsaved). */
export function parseActionPostbackData(data: string): number | null {
  if (!data.startsWith(ACTION_POSTBACK_PREFIX)) return null;
  const digits = data.slice(ACTION_POSTBACK_PREFIX.length);
  if (!/^[1-9]\d*$/.test(digits)) return null;
  const id = Number(digits);
  return Number.isSafeInteger(id) ? id : null;
}

const NO_CONTEXT: MessageContext = { friendName: '', infoValues: {} };

/** Cuts to `max` UTF-16 units without leaving half of a surrogate pair. */
function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

const FALLBACK_ALT_TEXT = 'メッセージが届きました';

/**
 * The words a message shows: a text, a confirm's question, the first card's title or text; '' for a
 * message of pictures (an image, a sticker, an image carousel).
 */
export function messageWords(message: BuilderMessage): string {
  switch (message.message_type) {
    case 'text_message':
    case 'quick_reply':
      return message.text ?? '';
    case 'confirm':
      return message.message_confirm?.text ?? '';
    case 'carousel': {
      const first = message.message_columns?.[0];
      return first?.title || first?.text || '';
    }
    default:
      return '';
  }
}

function derivedAltText(message: BuilderMessage): string {
  switch (message.message_type) {
    case 'image_carousel':
    case 'image':
      return '画像が届きました';
    case 'sticker':
      return 'スタンプが届きました';
    default:
      return messageWords(message);
  }
}

/**
 * The notification / chat-list text (LINE's altText): the message's alt_text when set, otherwise
 * one derived from its content; variables filled in when a context is given; at most 400 characters.
 */
export function templateAltText(message: BuilderMessage, context: MessageContext = NO_CONTEXT): string {
  const chosen = message.alt_text?.trim() || derivedAltText(message).trim();
  const rendered = renderText(chosen, context).text.trim();
  return truncate(rendered || FALLBACK_ALT_TEXT, LINE_LIMITS.altTextMax);
}

/**
 * A text field that cannot hold LINE emoji, with its variables filled in. validateMessage counts a
 * variable by its token, so a long name or info value could overflow LINE's limit: the rendered
 * text is cut to it rather than have LINE refuse the message for that one friend.
 */
function plainText(text: string, context: MessageContext, max: number): string {
  return truncate(renderText(text, context).text, max);
}

/** `withLabel`: template and quick-reply actions need a label; Flex actions may leave it out. */
function toLineAction(action: MessageAction, context: MessageContext, withLabel: boolean): LineAction {
  const label = withLabel || action.label !== '' ? { label: action.label } : {};
  switch (action.action_type) {
    case 'uri': {
      const tracked = action.id === null ? undefined : context.trackedUris?.[action.id];
      const formId = formIdOfAddress(action.uri ?? '');
      const formLink = formId === null ? undefined : context.formLinks?.[formId];
      return { type: 'uri', ...label, uri: formLink ?? tracked ?? action.uri ?? '' };
    }
    case 'message':
      return {
        type: 'postback',
        ...label,
        data: actionPostbackData(action.id),
        displayText: plainText(action.text ?? '', context, LINE_LIMITS.actionTextMax),
      };
    case 'postback': {
      const displayText = action.display_text
        ? plainText(action.display_text, context, LINE_LIMITS.displayTextMax)
        : '';
      return {
        type: 'postback',
        ...label,
        data: actionPostbackData(action.id),
        ...(displayText ? { displayText } : {}),
      };
    }
  }
}

function textMessage(message: BuilderMessage, context: MessageContext): LineTextMessage {
  const rendered = renderText(message.text ?? '', context);
  // Cut like plainText; an emoji whose `$` falls beyond the cut goes with it.
  const text = truncate(rendered.text, LINE_LIMITS.textMax);
  const emojis = rendered.emojis.filter((emoji) => emoji.index < text.length);
  return { type: 'text', text, ...(emojis.length > 0 ? { emojis } : {}) };
}

/** `textMax`: the columns' text limit, lower when they have images or titles. */
function carouselColumn(column: MessageColumn, context: MessageContext, textMax: number): LineCarouselColumn {
  return {
    ...(column.image_url ? { thumbnailImageUrl: column.image_url } : {}),
    ...(column.title ? { title: plainText(column.title, context, LINE_LIMITS.columnTitleMax) } : {}),
    text: plainText(column.text, context, textMax),
    actions: column.message_actions.map((action) => toLineAction(action, context, true)),
  };
}

/** A share of the image edge as a Flex percentage, rounded to 2 decimals. */
function percent(part: number, whole: number): string {
  return `${Math.round((part / whole) * 10000) / 100}%`;
}

function imageCarouselBubble(column: MessageImageCarousel, context: MessageContext): LineFlexBubble {
  const { image_width: width, image_height: height } = column;
  const areas = column.link_urls.map((area): LineFlexAreaBox => ({
    type: 'box',
    layout: 'vertical',
    position: 'absolute',
    offsetTop: percent(area.axis_y, height),
    offsetStart: percent(area.axis_x, width),
    width: percent(area.width, width),
    height: percent(area.height, height),
    contents: [],
    action: toLineAction(area, context, false),
  }));
  return {
    type: 'bubble',
    body: {
      type: 'box',
      layout: 'vertical',
      paddingAll: '0px',
      contents: [
        { type: 'image', url: column.image_url, size: 'full', aspectMode: 'cover', aspectRatio: `${width}:${height}` },
        ...areas,
      ],
    },
  };
}

/** The LINE message object for one friend (or a preview): variables filled in from `context`. */
export function toLineMessage(message: BuilderMessage, context: MessageContext): LineMessageObject {
  switch (message.message_type) {
    case 'text_message':
      return textMessage(message, context);
    case 'quick_reply':
      return {
        ...textMessage(message, context),
        quickReply: {
          items: (message.message_quick_reply?.message_actions ?? []).map((action) => ({
            type: 'action',
            action: toLineAction(action, context, true),
          })),
        },
      };
    case 'image': {
      const url = message.image_url ?? '';
      return { type: 'image', originalContentUrl: url, previewImageUrl: url };
    }
    case 'sticker':
      return { type: 'sticker', packageId: message.sticker_package_id ?? '', stickerId: message.sticker_id ?? '' };
    case 'confirm':
      return {
        type: 'template',
        altText: templateAltText(message, context),
        template: {
          type: 'confirm',
          text: plainText(message.message_confirm?.text ?? '', context, LINE_LIMITS.confirmTextMax),
          actions: (message.message_confirm?.message_actions ?? []).map((action) =>
            toLineAction(action, context, true),
          ),
        },
      };
    case 'carousel': {
      const columns = message.message_columns ?? [];
      const textMax = columns.some((column) => column.image_url || column.title)
        ? LINE_LIMITS.columnTextWithImageOrTitleMax
        : LINE_LIMITS.columnTextMax;
      return {
        type: 'template',
        altText: templateAltText(message, context),
        template: { type: 'carousel', columns: columns.map((column) => carouselColumn(column, context, textMax)) },
      };
    }
    case 'image_carousel':
      return {
        type: 'flex',
        altText: templateAltText(message, context),
        contents: {
          type: 'carousel',
          contents: (message.message_image_carousels ?? []).map((column) => imageCarouselBubble(column, context)),
        },
      };
  }
}
