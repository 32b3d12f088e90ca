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

/** A language (a BCP 47 code such as LINE gives: `ja`, `zh-TW`) by its name in the UI language (「日本語」). */
export function languageName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}
