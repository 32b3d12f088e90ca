import type { MessageContext } from './model.ts';

/*
 * Tokens in builder text, filled in per friend when a message is sent (or previewed):
 * `{{name}}` the friend's name, `{{info:<fieldId>}}` a friend info value and
 * `{{emoji:<productId>/<emojiId>}}` a LINE emoji (sent as `$` plus an emojis entry).
 */

export const NAME_VARIABLE = '{{name}}';

export function infoVariable(fieldId: number): string {
  return `{{info:${fieldId}}}`;
}

export function emojiToken(productId: string, emojiId: string): string {
  return `{{emoji:${productId}/${emojiId}}}`;
}

/** A LINE emoji in rendered text: `index` is the UTF-16 index of its `$`. */
export interface RenderedEmoji {
  index: number;
  productId: string;
  emojiId: string;
}

export interface RenderedText {
  text: string;
  emojis: RenderedEmoji[];
}

const TOKEN_PATTERN = /\{\{(name|info:(\d+)|emoji:([0-9A-Za-z]+)\/([0-9A-Za-z]+))\}\}/g;
const EMOJI_TOKEN_PATTERN = /\{\{emoji:[0-9A-Za-z]+\/[0-9A-Za-z]+\}\}/g;

/** Fills in the variables and turns emoji tokens into `$` with their positions; unknown `{{…}}` stay as typed. */
export function renderText(text: string, context: MessageContext): RenderedText {
  const emojis: RenderedEmoji[] = [];
  let rendered = '';
  let consumed = 0;
  for (const match of text.matchAll(TOKEN_PATTERN)) {
    rendered += text.slice(consumed, match.index);
    consumed = match.index + match[0].length;
    const [, token, infoFieldId, productId, emojiId] = match;
    if (token === 'name') {
      rendered += context.friendName;
    } else if (infoFieldId !== undefined) {
      rendered += context.infoValues[Number(infoFieldId)] ?? '';
    } else if (productId !== undefined && emojiId !== undefined) {
      emojis.push({ index: rendered.length, productId, emojiId });
      rendered += '$';
    }
  }
  return { text: rendered + text.slice(consumed), emojis };
}

/** The number of LINE emoji tokens in the text. */
export function countEmoji(text: string): number {
  return text.match(EMOJI_TOKEN_PATTERN)?.length ?? 0;
}

/** The text with every emoji token counted as one character (variables keep their token length). */
export function countedLength(text: string): number {
  return text.replace(EMOJI_TOKEN_PATTERN, '$').length;
}
