import type { MessageContext } from './model.ts';

/*
 * Tokens in builder text, filled in per friend when a message is sent (or previewed):
 * `{{name}}` the friend's name, `{{info:<fieldId>}}` a friend info value,
 * `{{form:<formId>}}` the friend's own signed link to an answer form (also a uri action's whole
 * address) and `{{emoji:<productId>/<emojiId>}}` a LINE emoji (sent as `$` plus an emojis entry).
 */

export const NAME_VARIABLE = '{{name}}';

export function infoVariable(fieldId: number): string {
  return `{{info:${fieldId}}}`;
}

export function formVariable(formId: number): string {
  return `{{form:${formId}}}`;
}

const FORM_ADDRESS_PATTERN = /^\{\{form:(\d+)\}\}$/;
/** The form a uri action's address links to, when the address is a form variable; null otherwise. */
export function formIdOfAddress(address: string): number | null {
  const match = FORM_ADDRESS_PATTERN.exec(address.trim());
  return match ? Number(match[1]) : null;
}

const FORM_VARIABLE_PATTERN = /\{\{form:(\d+)\}\}/g;
/** Every form a text (or a whole message as JSON) links to through form variables. */
export function formIdsIn(text: string): number[] {
  return [...new Set([...text.matchAll(FORM_VARIABLE_PATTERN)].map((match) => Number(match[1])))];
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

const TOKEN_PATTERN = /\{\{(name|info:(\d+)|form:(\d+)|emoji:([0-9A-Za-z]+)\/([0-9A-Za-z]+))\}\}/g;
const EMOJI_TOKEN_PATTERN = /\{\{emoji:[0-9A-Za-z]+\/[0-9A-Za-z]+\}\}/g;

/** A piece of builder text: plain text, or one whole token. */
export type TextToken =
  | { kind: 'text'; text: string }
  | { kind: 'name'; token: string }
  | { kind: 'info'; token: string; fieldId: number }
  | { kind: 'form'; token: string; formId: number }
  | { kind: 'emoji'; token: string; productId: string; emojiId: string };

/** The text split at its tokens, in order; unknown `{{…}}` stay text. Joining the pieces gives the text back. */
export function textTokens(text: string): TextToken[] {
  const pieces: TextToken[] = [];
  let consumed = 0;
  for (const match of text.matchAll(TOKEN_PATTERN)) {
    if (match.index > consumed) pieces.push({ kind: 'text', text: text.slice(consumed, match.index) });
    consumed = match.index + match[0].length;
    const [token, name, infoFieldId, formId, productId, emojiId] = match;
    if (name === 'name') pieces.push({ kind: 'name', token });
    else if (infoFieldId !== undefined) pieces.push({ kind: 'info', token, fieldId: Number(infoFieldId) });
    else if (formId !== undefined) pieces.push({ kind: 'form', token, formId: Number(formId) });
    else if (productId !== undefined && emojiId !== undefined)
      pieces.push({ kind: 'emoji', token, productId, emojiId });
  }
  if (consumed < text.length) pieces.push({ kind: 'text', text: text.slice(consumed) });
  return pieces;
}

/** Fills in the variables and turns emoji tokens into `$` with their positions; unknown `{{…}}` stay as typed. */
export function renderText(text: string, context: MessageContext): RenderedText {
  const emojis: RenderedEmoji[] = [];
  let rendered = '';
  for (const piece of textTokens(text)) {
    if (piece.kind === 'text') rendered += piece.text;
    else if (piece.kind === 'name') rendered += context.friendName;
    else if (piece.kind === 'info') rendered += context.infoValues[piece.fieldId] ?? '';
    else if (piece.kind === 'form') rendered += context.formLinks?.[piece.formId] ?? '';
    else {
      emojis.push({ index: rendered.length, productId: piece.productId, emojiId: piece.emojiId });
      rendered += '$';
    }
  }
  return { text: rendered, emojis };
}

/**
 * The beginning of the text, at most `max` characters with each token counted as one and never cut
 * (a cut token would show as raw text), with … when something was left off.
 */
export function textBeginning(text: string, max: number): string {
  const units = textTokens(text).flatMap((piece) => (piece.kind === 'text' ? [...piece.text] : [piece.token]));
  return units.length > max ? `${units.slice(0, max).join('')}…` : units.join('');
}

/** The number of LINE emoji tokens in the text. */
export function countEmoji(text: string): number {
  return text.match(EMOJI_TOKEN_PATTERN)?.length ?? 0;
}

/** The text with every emoji token counted as one character (variables keep their token length). */
export function countedLength(text: string): number {
  return text.replace(EMOJI_TOKEN_PATTERN, '$').length;
}
