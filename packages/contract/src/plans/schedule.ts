import { TIME_OF_DAY, type PlanTiming } from './model.ts';

/*
 * When a timing sends its end box (issue 15, DESIGN.md section 8), computed in the account's IANA
 * time zone with Intl only (no dependency; works in Node and the browser).
 *
 * Wall times that do not exist or exist twice (daylight saving) are resolved as Temporal's
 * "compatible" disambiguation does: a time in a spring-forward gap moves forward by the gap
 * (02:30 on the day New York skips 02:00–03:00 is 03:30), a time in a fall-back overlap is the
 * earlier of the two instants (01:30 on the day New York repeats 01:00–02:00 is 01:30 EDT).
 *
 * send_after, precisely:
 * - without a time of day (next_action_at null): the same wall-clock time after_days calendar
 *   days later in the account's time zone, then after_hours elapsed hours. So "1 day" is 23 or 25
 *   hours across a daylight-saving change (the friend gets it at the same time of day), while
 *   "3 hours" is always 3 hours. With after_days 0 the start is the arrival instant itself.
 * - with a time of day "HH:MM": that time on the calendar day after_days days after the arrival
 *   day ("1日後 10:00" is 10:00 the next day); after_hours must then be 0. When that is not after
 *   the arrival (only possible with 0 days: arriving at 15:00 for "当日 10:00"), it is the next day
 *   at that time: the user chose the time of day, so the message goes at that time of day.
 * send_repeat: the k-th moment, from the arrival on (arrival included), that falls on one of
 * repeat_weekdays at one of repeat_date_times; there are repeat_times of them.
 */

export interface WallTime {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

export interface ZonedWallTime extends WallTime {
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
}

/** A channel's "no sends at night" window, e.g. 22:00–09:00 (may wrap midnight): a send due inside waits for its end. */
export interface NightWindow {
  /** "HH:MM": the window opens (included). */
  start: string;
  /** "HH:MM": sends resume (excluded from the window). */
  end: string;
}

export type ScheduledTiming = Pick<
  PlanTiming,
  | 'timing_type'
  | 'after_days'
  | 'after_hours'
  | 'next_action_at'
  | 'repeat_weekdays'
  | 'repeat_date_times'
  | 'repeat_times'
>;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether Intl knows the IANA time zone name. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The day of the week of a calendar date (independent of any time zone). */
export function weekdayOf(date: Pick<WallTime, 'year' | 'month' | 'day'>): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
}

/** What the wall clock shows in `timeZone` at `instant`. */
export function zonedWallTime(instant: Date, timeZone: string): ZonedWallTime {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(instant)
      .filter((part) => part.type !== 'literal')
      .map((part) => [part.type, Number(part.value)]),
  );
  const wall = {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
    millisecond: ((instant.getTime() % 1000) + 1000) % 1000,
  };
  return { ...wall, weekday: weekdayOf(wall) };
}

/** The wall time read as if it were UTC, in milliseconds (the arithmetic base for offsets). */
function asUtc(wall: WallTime): number {
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second, wall.millisecond);
}

/** The zone's offset from UTC at `instant`, in milliseconds (Tokyo: +9 h). */
function offsetAt(epochMs: number, timeZone: string): number {
  return asUtc(zonedWallTime(new Date(epochMs), timeZone)) - epochMs;
}

/**
 * The instant the wall clock of `timeZone` shows `wall`, with "compatible" disambiguation: in a
 * gap the time moves forward by the gap's length; in an overlap it is the earlier instant.
 */
export function wallTimeToInstant(wall: WallTime, timeZone: string): Date {
  const local = asUtc(wall);
  // Offsets in force a day either side bracket any transition near this wall time.
  const before = offsetAt(local - DAY_MS, timeZone);
  const after = offsetAt(local + DAY_MS, timeZone);
  const matches = [...new Set([before, after])]
    .map((offset) => local - offset)
    .filter((epochMs) => asUtc(zonedWallTime(new Date(epochMs), timeZone)) === local)
    .sort((a, b) => a - b);
  const [earliest] = matches;
  if (earliest !== undefined) return new Date(earliest);
  // In a gap: read the wall time with the offset before the transition, which lands past the gap.
  return new Date(local - before);
}

/** The calendar date `days` days after `date`. */
export function addCalendarDays<T extends Pick<WallTime, 'year' | 'month' | 'day'>>(date: T, days: number): T {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { ...date, year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

/** "HH:MM" as hour and minute, or null when it is not a time of day. */
export function parseTimeOfDay(text: string): { hour: number; minute: number } | null {
  if (!TIME_OF_DAY.test(text)) return null;
  const [hour, minute] = text.split(':').map(Number);
  return { hour: hour ?? 0, minute: minute ?? 0 };
}

function atTimeOfDay(date: Pick<WallTime, 'year' | 'month' | 'day'>, time: { hour: number; minute: number }): WallTime {
  return { year: date.year, month: date.month, day: date.day, ...time, second: 0, millisecond: 0 };
}

function afterDue(timing: ScheduledTiming, from: Date, timeZone: string): Date | null {
  const days = timing.after_days;
  if (timing.next_action_at !== null) {
    const time = parseTimeOfDay(timing.next_action_at);
    if (time === null) return null;
    const arrival = zonedWallTime(from, timeZone);
    const due = wallTimeToInstant(atTimeOfDay(addCalendarDays(arrival, days), time), timeZone);
    if (due.getTime() > from.getTime()) return due;
    return wallTimeToInstant(atTimeOfDay(addCalendarDays(arrival, days + 1), time), timeZone);
  }
  // With 0 days the arrival instant itself is the start: re-reading its wall time could pick the
  // other instant of a fall-back overlap.
  const start = days === 0 ? from : wallTimeToInstant(addCalendarDays(zonedWallTime(from, timeZone), days), timeZone);
  return new Date(start.getTime() + timing.after_hours * HOUR_MS);
}

function repeatDue(timing: ScheduledTiming, from: Date, timeZone: string, occurrence: number): Date | null {
  if (occurrence > timing.repeat_times) return null;
  const weekdays = new Set(timing.repeat_weekdays);
  const times = timing.repeat_date_times
    .map(parseTimeOfDay)
    .filter((time) => time !== null)
    .sort((a, b) => a.hour * 60 + a.minute - (b.hour * 60 + b.minute));
  if (weekdays.size === 0 || times.length === 0) return null;
  const firstDay = zonedWallTime(from, timeZone);
  let counted = 0;
  let last = -Infinity;
  // Every week holds at least one moment, so the k-th lies within k weeks (plus the first partial one).
  for (let day = 0; day <= (occurrence + 1) * 7; day += 1) {
    const date = addCalendarDays(firstDay, day);
    if (!weekdays.has(weekdayOf(date))) continue;
    for (const time of times) {
      const moment = wallTimeToInstant(atTimeOfDay(date, time), timeZone).getTime();
      // Two wall times can resolve to one instant around a daylight-saving change: count it once.
      if (moment < from.getTime() || moment <= last) continue;
      last = moment;
      counted += 1;
      if (counted === occurrence) return new Date(moment);
    }
  }
  return null;
}

/**
 * When the timing sends its end box for a friend who reached its start box (or tapped the option)
 * at `from`, before the night window and "not before now" are applied. `occurrence` (1-based)
 * picks the k-th send of a repeat timing. Null when there is none (past repeat_times, or a
 * timing without valid times).
 */
export function computeDueTime(timing: ScheduledTiming, from: Date, timeZone: string, occurrence = 1): Date | null {
  switch (timing.timing_type) {
    case 'send_immediate':
      return new Date(from.getTime());
    case 'send_after':
      return afterDue(timing, from, timeZone);
    case 'send_repeat':
      return repeatDue(timing, from, timeZone, occurrence);
  }
}

function minutesOfDay(wall: Pick<WallTime, 'hour' | 'minute'>): number {
  return wall.hour * 60 + wall.minute;
}

/** Whether a night window can be saved as a channel setting: two times of day "HH:MM" that differ. */
export function isValidNightWindow(window: NightWindow): boolean {
  const start = parseTimeOfDay(window.start);
  const end = parseTimeOfDay(window.end);
  return start !== null && end !== null && minutesOfDay(start) !== minutesOfDay(end);
}

/** Whether the wall time of `instant` lies in the window (start included, end excluded; a window may wrap midnight). */
export function isInNightWindow(instant: Date, window: NightWindow, timeZone: string): boolean {
  const start = parseTimeOfDay(window.start);
  const end = parseTimeOfDay(window.end);
  if (start === null || end === null) return false;
  const wall = zonedWallTime(instant, timeZone);
  const now = minutesOfDay(wall) + (wall.second * 1000 + wall.millisecond) / 60_000;
  const [from, to] = [minutesOfDay(start), minutesOfDay(end)];
  if (from === to) return false;
  return from < to ? now >= from && now < to : now >= from || now < to;
}

/** A send due inside the night window moves to the window's end (the next time the wall clock shows it); others stay. */
export function applyNightWindow(instant: Date, window: NightWindow | null, timeZone: string): Date {
  if (window === null || !isInNightWindow(instant, window, timeZone)) return instant;
  const end = parseTimeOfDay(window.end);
  if (end === null) return instant;
  const wall = zonedWallTime(instant, timeZone);
  const today = wallTimeToInstant(atTimeOfDay(wall, end), timeZone);
  return today.getTime() > instant.getTime()
    ? today
    : wallTimeToInstant(atTimeOfDay(addCalendarDays(wall, 1), end), timeZone);
}

export interface DueTimeContext {
  /** When the friend reached the timing's start box (or tapped its option). */
  from: Date;
  /** The account's IANA time zone (default Asia/Tokyo). */
  timeZone: string;
  /** The engine's clock: a send is never due before now. */
  now: Date;
  /** The channel's "no sends at night" window; null (the default) when off. */
  nightWindow?: NightWindow | null;
  /** Which send of a repeat timing (1-based); 1 otherwise. */
  occurrence?: number;
}

/**
 * When the engine sends: computeDueTime, never earlier than now (a changed timing never sends in
 * the past), then moved out of the night window. Null when the timing has no such send.
 */
export function dueTime(timing: ScheduledTiming, context: DueTimeContext): Date | null {
  const due = computeDueTime(timing, context.from, context.timeZone, context.occurrence ?? 1);
  if (due === null) return null;
  const notBeforeNow = due.getTime() < context.now.getTime() ? new Date(context.now.getTime()) : due;
  return applyNightWindow(notBeforeNow, context.nightWindow ?? null, context.timeZone);
}
