/*
 * Reading LINE message objects (as LINE's Messaging API describes them) for the phone panel and the
 * talk screen. Everything comes from outside and is checked field by field: unknown shapes become
 * placeholders, URLs are used only when they are http(s).
 */

export type Json = Record<string, unknown>;

export const obj = (value: unknown): Json | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null;
export const arr = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
export const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** An http(s) address for an <img> or a link; anything else (javascript:, data:, relative) is dropped. */
export function webUrl(value: unknown): string | null {
  const text = str(value);
  if (!text) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** An image a friend sent, inlined by the API as a data: URL of a raster image. */
export function inlineImageUrl(value: unknown): string | null {
  const text = str(value);
  return text && /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=]+$/.test(text) ? text : null;
}

export type PanelAction =
  | { kind: 'postback'; label: string; data: string; params?: Record<string, string> }
  | { kind: 'message'; label: string; text: string }
  | { kind: 'uri'; label: string; uri: string }
  | { kind: 'unsupported'; label: string; type: string };

const pad = (n: number) => String(n).padStart(2, '0');

/** What a date/time picker would answer if the friend confirmed its initial (or the current) value. */
export function pickerParams(mode: string, initial: string | null, now = new Date()): Record<string, string> {
  const date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  const time = `${pad(now.getHours())}:${pad(now.getMinutes())}`;
  switch (mode) {
    case 'date':
      return { date: initial ?? date };
    case 'time':
      return { time: initial ?? time };
    default:
      return { datetime: initial ?? `${date}T${time}` };
  }
}

/** A LINE action object as the panel can perform it: postback and message are sent, uri opens. */
export function readAction(value: unknown, now?: Date): PanelAction | null {
  const action = obj(value);
  if (!action) return null;
  const type = str(action.type) ?? 'unknown';
  const label = str(action.label) ?? str(action.displayText) ?? str(action.text) ?? type;
  switch (type) {
    case 'postback': {
      const data = str(action.data);
      return data === null ? { kind: 'unsupported', label, type } : { kind: 'postback', label, data };
    }
    case 'message': {
      const text = str(action.text);
      return text === null ? { kind: 'unsupported', label, type } : { kind: 'message', label, text };
    }
    case 'uri': {
      const uri = webUrl(action.uri) ?? webUrl(obj(action.altUri)?.desktop);
      return uri === null ? { kind: 'unsupported', label, type } : { kind: 'uri', label, uri };
    }
    case 'datetimepicker': {
      const data = str(action.data);
      if (data === null) return { kind: 'unsupported', label, type };
      const mode = str(action.mode) ?? 'datetime';
      return { kind: 'postback', label, data, params: pickerParams(mode, str(action.initial), now) };
    }
    default:
      return { kind: 'unsupported', label, type };
  }
}

/** A sticker as a placeholder text (a friend's sticker, or one whose picture LINE's CDN does not give). */
export function stickerLabel(packageId: unknown, stickerId: unknown): string {
  return `${str(packageId) ?? '?'} / ${str(stickerId) ?? '?'}`;
}

/** Quick reply buttons of a message, if any. */
export function quickReplyActions(message: Json): PanelAction[] {
  return arr(obj(message.quickReply)?.items)
    .map((item) => readAction(obj(item)?.action))
    .filter((action): action is PanelAction => action !== null);
}

export type TextSegment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** An http(s) address in running text: printable ASCII up to a space, quote or angle bracket. */
const LINK_PATTERN = /https?:\/\/[!#-&(-;=?-~]+/gi;
/** Punctuation that ends a sentence rather than the address. */
const TRAILING_PUNCTUATION = /[.,!?;:)\]}]+$/;

/**
 * Splits text into plain runs and http(s) links, for rendering as text nodes and anchors (never as
 * HTML). Anything that is not a well-formed http(s) URL, such as `javascript:`, stays plain text.
 */
export function linkSegments(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let plain = '';
  let last = 0;
  for (const match of text.matchAll(LINK_PATTERN)) {
    const raw = match[0].replace(TRAILING_PUNCTUATION, '');
    const href = webUrl(raw);
    if (!href) continue;
    plain += text.slice(last, match.index);
    if (plain) segments.push({ kind: 'text', text: plain });
    plain = '';
    segments.push({ kind: 'link', text: raw, href });
    last = match.index + raw.length;
  }
  plain += text.slice(last);
  if (plain) segments.push({ kind: 'text', text: plain });
  return segments;
}

export type EmojiSegment = { kind: 'text'; text: string } | { kind: 'emoji'; productId: string; emojiId: string };

/** LINE product and emoji ids are alphanumeric; nothing else goes into an image address. */
const EMOJI_ID_PATTERN = /^[0-9A-Za-z]+$/;

/**
 * A text message split at its LINE emoji (`emojis`: LINE's list of { index, productId, emojiId },
 * each standing for the `$` at `index`, a UTF-16 position). Entries that do not point at a `$`, or
 * repeat a position, are ignored and their `$` stays text.
 */
export function emojiSegments(text: string, emojis: unknown): EmojiSegment[] {
  const positions = new Map<number, { productId: string; emojiId: string }>();
  for (const value of arr(emojis)) {
    const emoji = obj(value);
    const index = emoji?.index;
    const productId = str(emoji?.productId);
    const emojiId = str(emoji?.emojiId);
    if (typeof index !== 'number' || !Number.isInteger(index) || text[index] !== '$') continue;
    if (!productId || !emojiId || !EMOJI_ID_PATTERN.test(productId) || !EMOJI_ID_PATTERN.test(emojiId)) continue;
    if (!positions.has(index)) positions.set(index, { productId, emojiId });
  }
  const segments: EmojiSegment[] = [];
  let last = 0;
  for (const [index, emoji] of [...positions].sort(([a], [b]) => a - b)) {
    if (index > last) segments.push({ kind: 'text', text: text.slice(last, index) });
    segments.push({ kind: 'emoji', ...emoji });
    last = index + 1;
  }
  if (last < text.length) segments.push({ kind: 'text', text: text.slice(last) });
  return segments;
}

/** LINE's named spacings (offsets, paddings) in pixels. */
const FLEX_SPACING: Record<string, number> = { none: 0, xs: 2, sm: 4, md: 8, lg: 12, xl: 16, xxl: 20 };

/** A Flex length as CSS: a percentage, pixels or a named spacing; anything else is dropped. */
export function flexLength(value: unknown): string | undefined {
  const text = str(value);
  if (text === null) return undefined;
  if (/^\d+(\.\d+)?(%|px)$/.test(text)) return text;
  const named = FLEX_SPACING[text];
  return named === undefined ? undefined : `${named}px`;
}

export interface FlexPlacement {
  position: 'absolute' | 'relative';
  top?: string;
  bottom?: string;
  left?: string;
  right?: string;
  width?: string;
  height?: string;
}

/**
 * Where a Flex component sits: `position: absolute` places it against its box (which is therefore
 * always `relative`), with offsets and size in pixels or percentages of the box, as LINE draws it.
 */
export function flexPlacement(node: Json): FlexPlacement {
  const placement: FlexPlacement = { position: str(node.position) === 'absolute' ? 'absolute' : 'relative' };
  const edges = {
    top: flexLength(node.offsetTop),
    bottom: flexLength(node.offsetBottom),
    left: flexLength(node.offsetStart),
    right: flexLength(node.offsetEnd),
    width: flexLength(node.width),
    height: flexLength(node.height),
  };
  for (const [edge, length] of Object.entries(edges) as [keyof typeof edges, string | undefined][]) {
    if (length !== undefined) placement[edge] = length;
  }
  return placement;
}

/** A Flex image's aspectRatio ('20:13') as a CSS aspect-ratio, when it is a valid one. */
export function flexAspectRatio(value: unknown): string | undefined {
  const match = /^(\d+(?:\.\d+)?):(\d+(?:\.\d+)?)$/.exec(str(value) ?? '');
  if (!match) return undefined;
  const [width, height] = [Number(match[1]), Number(match[2])];
  return width > 0 && height > 0 ? `${width} / ${height}` : undefined;
}
