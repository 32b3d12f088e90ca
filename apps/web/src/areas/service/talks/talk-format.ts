import dayjs from 'dayjs';

/** Message types the talk list names in its preview line (anything else is "a message"). */
const PREVIEW_TYPES = [
  'image',
  'sticker',
  'video',
  'audio',
  'location',
  'file',
  'postback',
  'template',
  'flex',
  'imagemap',
] as const;
export type PreviewType = (typeof PREVIEW_TYPES)[number] | 'other';

/**
 * The list's last-message line: the text of a text message, otherwise what kind of message it was
 * ("画像を送信しました"), as `talks.preview.<type>`. Null when the friend has no message yet.
 */
export function previewOf(type: string | null, text: string | null): { text: string } | { type: PreviewType } | null {
  if (type === null) return null;
  if (type === 'text') return { text: text ?? '' };
  return { type: PREVIEW_TYPES.find((known) => known === type) ?? 'other' };
}

/** The list's time: the time of day for today, the date otherwise (the year only when not this year). */
export function listTime(timestamp: string | null, now: Date = new Date()): string {
  if (!timestamp) return '';
  const at = dayjs(timestamp);
  const today = dayjs(now);
  if (at.isSame(today, 'day')) return at.format('HH:mm');
  return at.format(at.isSame(today, 'year') ? 'M/D' : 'YYYY/M/D');
}

/** A message's time in the chat. */
export function chatTime(timestamp: string, now: Date = new Date()): string {
  const at = dayjs(timestamp);
  return at.isSame(dayjs(now), 'day') ? at.format('HH:mm') : at.format('YYYY/MM/DD HH:mm');
}
