import { zonedWallTime } from '@linq/contract';
import dayjs from 'dayjs';

export function formatDateTime(timestamp: string | null): string {
  return timestamp ? dayjs(timestamp).format('YYYY/MM/DD HH:mm') : '';
}

export function formatDate(timestamp: string | null): string {
  return timestamp ? dayjs(timestamp).format('YYYY/MM/DD') : '';
}

/** The instant as the wall clock of `timeZone` shows it (an account's times, whatever zone the browser is in). */
export function formatDateTimeIn(timestamp: string | null, timeZone: string): string {
  if (!timestamp) return '';
  const wall = zonedWallTime(new Date(timestamp), timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${wall.year}/${pad(wall.month)}/${pad(wall.day)} ${pad(wall.hour)}:${pad(wall.minute)}`;
}

/** A time zone by its name in the UI language (「日本標準時」), never its IANA id; the id if the browser has no name. */
export function timeZoneName(timeZone: string, language: string): string {
  try {
    const parts = new Intl.DateTimeFormat(language, { timeZone, timeZoneName: 'longGeneric' }).formatToParts();
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}

/** One choice of time zone: its id is the value, the screen shows its name and offset (「日本標準時（GMT+9）」). */
export interface TimeZoneOption {
  value: string;
  label: string;
}

function timeZoneOffsetName(timeZone: string, language: string): string {
  const parts = new Intl.DateTimeFormat(language, { timeZone, timeZoneName: 'shortOffset' }).formatToParts();
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
}

function offsetMinutes(offsetName: string): number {
  const match = /([+-])(\d{1,2})(?::(\d{2}))?/.exec(offsetName);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

/**
 * Every zone the browser knows, one per name as people see it (zones that read the same, such as
 * New York and Detroit, are one choice), ordered by offset; `current` is always among them so an
 * account's saved zone stays shown.
 */
export function timeZoneOptions(language: string, current?: string): TimeZoneOption[] {
  const ids = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['Asia/Tokyo'];
  const seen = new Set<string>();
  const options: (TimeZoneOption & { offset: number })[] = [];
  for (const id of current && !ids.includes(current) ? [current, ...ids] : ids) {
    let offsetName: string;
    try {
      offsetName = timeZoneOffsetName(id, language);
    } catch {
      continue;
    }
    const label = `${timeZoneName(id, language)}（${offsetName}）`;
    if (seen.has(label) && id !== current) continue;
    seen.add(label);
    options.push({ value: id, label, offset: offsetMinutes(offsetName) });
  }
  return options
    .sort((a, b) => a.offset - b.offset || a.label.localeCompare(b.label, language))
    .map(({ value, label }) => ({ value, label }));
}

/** A language (a BCP 47 code such as LINE gives: `ja`, `zh-TW`) by its name in the UI language (「日本語」). */
export function languageName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}
