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
