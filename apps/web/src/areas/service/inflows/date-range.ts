import { addCalendarDays, isCalendarDate, zonedWallTime } from '@linq/contract';

/*
 * The date range the inflow screens count over, kept in the address (`from`, `to`: YYYY-MM-DD, both
 * inclusive, days of the account's time zone). Without one (or with one the API would refuse) it is
 * the last 30 days up to today.
 */

export const DEFAULT_RANGE_DAYS = 30;
const MAX_RANGE_DAYS = 3660;

export interface DateRange {
  from: string;
  to: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const dateText = (date: { year: number; month: number; day: number }) =>
  `${date.year}-${pad(date.month)}-${pad(date.day)}`;

/** Today in the time zone, as YYYY-MM-DD. */
export function todayIn(now: Date, timeZone: string): string {
  return dateText(zonedWallTime(now, timeZone));
}

/** The last `days` days up to today in the time zone. */
export function lastDays(now: Date, timeZone: string, days = DEFAULT_RANGE_DAYS): DateRange {
  const today = zonedWallTime(now, timeZone);
  return { from: dateText(addCalendarDays(today, 1 - days)), to: dateText(today) };
}

/** The range the address names: both ends real dates, in order; otherwise none. */
export function chosenRange(params: URLSearchParams): DateRange | null {
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return isCalendarDate(from) && isCalendarDate(to) && from <= to ? { from, to } : null;
}

/** Every day of the range, in order (the chart's axis: days without figures still show). */
export function daysOf(range: DateRange): string[] {
  const [year = 0, month = 1, day = 1] = range.from.split('-').map(Number);
  const days: string[] = [];
  for (let date = { year, month, day }; dateText(date) <= range.to; date = addCalendarDays(date, 1)) {
    days.push(dateText(date));
    // An address naming centuries would draw an unreadable chart: ten years at most.
    if (days.length >= MAX_RANGE_DAYS) break;
  }
  return days;
}
