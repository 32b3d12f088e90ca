import type { BuilderMessage, MessageAction, MessageContext, MessageType } from './model.ts';
import { renderText } from './variables.ts';

/** How many characters of a message name it (a plan box in the talk, the message a tap came from). */
export const OPENING_LENGTH = 40;

/** The first words of a text, its spaces collapsed, cut at `max` characters with an ellipsis; null when empty. */
export function openingWords(text: string | null | undefined, max: number = OPENING_LENGTH): string | null {
  const chars = [...(text ?? '').replace(/\s+/g, ' ').trim()];
  if (chars.length === 0) return null;
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : chars.join('');
}

/** A saved text as the friend read it: variables filled in, LINE emoji left out. */
function readable(text: string | null | undefined, context: MessageContext): string {
  if (!text) return '';
  const { text: rendered, emojis } = renderText(text, context);
  const at = new Set(emojis.map((emoji) => emoji.index));
  return [...rendered].filter((_, index) => !at.has(index)).join('');
}

/** What a friend tapped, as they saw it: the button's label and the message it was under. */
export interface TappedItem {
  label: string;
  /** The postback's displayText (LINE shows it as the friend's message), when the action has one. */
  display_text: string | null;
  /**
   * The message type the option belongs to (confirm, quick_reply, carousel, image_carousel …) and its
   * first words; or a rich menu's area, with the menu's name.
   */
  origin: { kind: MessageType | 'rich_menu'; text: string | null };
}

/**
 * The action of a saved message (a template's or a plan box's) whose item id a postback names, with
 * the words it was shown under: the confirm's question, the quick reply's text, the card's title or
 * text. Null when the message has no such action.
 */
export function tappedItemOf(message: BuilderMessage, itemId: number, context: MessageContext): TappedItem | null {
  const found = (action: MessageAction | undefined, text: string | null | undefined): TappedItem | null =>
    action
      ? {
          label: action.label,
          display_text: action.display_text,
          origin: { kind: message.message_type, text: openingWords(readable(text, context)) },
        }
      : null;
  const byId = (actions: readonly MessageAction[]) => actions.find((action) => action.id === itemId);
  const confirm = message.message_confirm;
  if (confirm) {
    const hit = found(byId(confirm.message_actions), confirm.text);
    if (hit) return hit;
  }
  const quickReply = message.message_quick_reply;
  if (quickReply) {
    const hit = found(byId(quickReply.message_actions), message.text);
    if (hit) return hit;
  }
  for (const column of message.message_columns ?? []) {
    const hit = found(byId(column.message_actions), column.title || column.text);
    if (hit) return hit;
  }
  for (const image of message.message_image_carousels ?? []) {
    const hit = found(byId(image.link_urls), message.alt_text);
    if (hit) return hit;
  }
  return null;
}
