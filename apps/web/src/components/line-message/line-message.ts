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

/** A sticker as a placeholder text (the panel has no sticker images). */
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
