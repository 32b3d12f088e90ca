import { wallTimeToInstant, zonedWallTime, type WallTime } from '@linq/contract';
import dayjs, { type Dayjs } from 'dayjs';

/*
 * A plan's times are the account's wall-clock times (DESIGN: each account has a time zone that all
 * scheduling uses), whatever zone the browser is in. The date pickers work in the browser's zone,
 * so they are given and give back the account's wall-clock components.
 */

/** What the picker shows for a stored time: its wall-clock time in the account's zone. */
export function pickerValueOf(iso: string | null, timeZone: string): Dayjs | null {
  if (!iso) return null;
  const wall = zonedWallTime(new Date(iso), timeZone);
  return dayjs(new Date(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute));
}

/** The picked wall-clock time read in the account's zone, as ISO 8601 with that zone's offset. */
export function isoOfPicked(value: Dayjs | null, timeZone: string): string | null {
  if (!value) return null;
  const wall: WallTime = {
    year: value.year(),
    month: value.month() + 1,
    day: value.date(),
    hour: value.hour(),
    minute: value.minute(),
    second: 0,
    millisecond: 0,
  };
  return isoWithOffset(wallTimeToInstant(wall, timeZone), timeZone);
}

/** The next full hour after `now` in the account's zone: the first proposal for a broadcast time. */
export function nextFullHourIso(now: Date, timeZone: string): string {
  const wall = zonedWallTime(new Date(now.getTime() + 3_600_000), timeZone);
  const instant = wallTimeToInstant({ ...wall, minute: 0, second: 0, millisecond: 0 }, timeZone);
  return isoWithOffset(instant, timeZone);
}

function isoWithOffset(instant: Date, timeZone: string): string {
  const wall = zonedWallTime(instant, timeZone);
  const offsetMinutes = Math.round(
    (Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) -
      Math.floor(instant.getTime() / 1000) * 1000) /
      60_000,
  );
  const sign = offsetMinutes < 0 ? '-' : '+';
  const pad = (n: number) => String(Math.abs(n)).padStart(2, '0');
  const date = `${wall.year}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}`;
  return `${date}${sign}${pad(Math.trunc(offsetMinutes / 60))}:${pad(offsetMinutes % 60)}`;
}
