import { describe, expect, it } from 'vitest';
import { defaultTiming, type PlanTiming } from './model.ts';
import {
  applyNightWindow,
  computeDueTime,
  dueTime,
  isValidNightWindow,
  isValidTimeZone,
  wallTimeToInstant,
  zonedWallTime,
} from './schedule.ts';

const TOKYO = 'Asia/Tokyo';
const NEW_YORK = 'America/New_York';

const immediate = defaultTiming('box-0', 'box-1-0');
const after = (days: number, hours: number, time: string | null = null): PlanTiming => ({
  ...immediate,
  timing_type: 'send_after',
  after_days: days,
  after_hours: hours,
  next_action_at: time,
});
const repeat = (weekdays: number[], times: string[], count: number): PlanTiming => ({
  ...immediate,
  timing_type: 'send_repeat',
  is_repeat: true,
  repeat_weekdays: weekdays,
  repeat_date_times: times,
  repeat_times: count,
});

const at = (iso: string) => new Date(iso);
const iso = (date: Date | null) => date?.toISOString() ?? null;

describe('time zone arithmetic', () => {
  it('reads the wall clock of a time zone, weekday included', () => {
    expect(zonedWallTime(at('2024-02-29T15:00:00Z'), TOKYO)).toEqual({
      year: 2024,
      month: 3,
      day: 1,
      hour: 0,
      minute: 0,
      second: 0,
      millisecond: 0,
      weekday: 5,
    });
    expect(isValidTimeZone(TOKYO)).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });

  it('a wall time in the spring-forward gap moves forward by the gap; one in the fall-back overlap is the earlier instant', () => {
    const wall = { second: 0, millisecond: 0 };
    expect(iso(wallTimeToInstant({ ...wall, year: 2024, month: 3, day: 10, hour: 2, minute: 30 }, NEW_YORK))).toBe(
      '2024-03-10T07:30:00.000Z',
    );
    expect(iso(wallTimeToInstant({ ...wall, year: 2024, month: 11, day: 3, hour: 1, minute: 30 }, NEW_YORK))).toBe(
      '2024-11-03T05:30:00.000Z',
    );
    expect(iso(wallTimeToInstant({ ...wall, year: 2024, month: 7, day: 1, hour: 9, minute: 0 }, TOKYO))).toBe(
      '2024-07-01T00:00:00.000Z',
    );
  });
});

describe('timing computation (issue 15)', () => {
  it('send_immediate is due when the friend arrives', () => {
    const from = at('2024-05-01T03:04:05.678Z');
    expect(iso(computeDueTime(immediate, from, TOKYO))).toBe('2024-05-01T03:04:05.678Z');
  });

  it('after N days keeps the wall-clock time N calendar days later, then adds H hours', () => {
    // 2024-01-10 20:00 JST + 2 days 5 hours → 2024-01-13 01:00 JST
    expect(iso(computeDueTime(after(2, 5), at('2024-01-10T11:00:00Z'), TOKYO))).toBe('2024-01-12T16:00:00.000Z');
  });

  it('after hours crosses midnight', () => {
    // 23:30 JST + 2 hours → 01:30 JST the next day
    expect(iso(computeDueTime(after(0, 2), at('2024-01-10T14:30:00Z'), TOKYO))).toBe('2024-01-10T16:30:00.000Z');
  });

  it('after days crosses month ends and the leap day', () => {
    // 2024-01-31 10:00 JST + 1 day → 2024-02-01 10:00
    expect(iso(computeDueTime(after(1, 0), at('2024-01-31T01:00:00Z'), TOKYO))).toBe('2024-02-01T01:00:00.000Z');
    // 2024-02-28 10:00 JST + 1 day → 2024-02-29 (leap year); 2023-02-28 + 1 day → 2023-03-01
    expect(iso(computeDueTime(after(1, 0), at('2024-02-28T01:00:00Z'), TOKYO))).toBe('2024-02-29T01:00:00.000Z');
    expect(iso(computeDueTime(after(1, 0), at('2023-02-28T01:00:00Z'), TOKYO))).toBe('2023-03-01T01:00:00.000Z');
    // 2024-12-31 23:00 JST + 1 day 2 hours → 2025-01-02 01:00
    expect(iso(computeDueTime(after(1, 2), at('2024-12-31T14:00:00Z'), TOKYO))).toBe('2025-01-01T16:00:00.000Z');
  });

  it('after N days at a time of day ("1日後 10:00") is that time on the N-th next calendar day', () => {
    // arrives 2024-02-28 15:00 JST → 2024-02-29 10:00 JST
    expect(iso(computeDueTime(after(1, 0, '10:00'), at('2024-02-28T06:00:00Z'), TOKYO))).toBe(
      '2024-02-29T01:00:00.000Z',
    );
    // arrives 23:59 JST on Jan 31 → 3 days later: Feb 3 at 10:00
    expect(iso(computeDueTime(after(3, 0, '10:00'), at('2024-01-31T14:59:00Z'), TOKYO))).toBe(
      '2024-02-03T01:00:00.000Z',
    );
  });

  it('0 days at a time of day already passed that day is the next day at that time', () => {
    expect(iso(computeDueTime(after(0, 0, '10:00'), at('2024-03-01T00:00:00Z'), TOKYO))).toBe(
      '2024-03-01T01:00:00.000Z',
    );
    expect(iso(computeDueTime(after(0, 0, '10:00'), at('2024-03-01T06:00:00Z'), TOKYO))).toBe(
      '2024-03-02T01:00:00.000Z',
    );
  });

  it('daylight saving (New York spring forward): 1 day is the same wall time, a missing wall time moves past the gap', () => {
    // 2024-03-09 12:00 EST + 1 day → 2024-03-10 12:00 EDT (23 hours later)
    expect(iso(computeDueTime(after(1, 0), at('2024-03-09T17:00:00Z'), NEW_YORK))).toBe('2024-03-10T16:00:00.000Z');
    // 2024-03-09 02:30 EST + 1 day → 02:30 does not exist on 2024-03-10 → 03:30 EDT
    expect(iso(computeDueTime(after(1, 0), at('2024-03-09T07:30:00Z'), NEW_YORK))).toBe('2024-03-10T07:30:00.000Z');
    // 01:30 EST + 1 hour elapsed → 03:30 EDT
    expect(iso(computeDueTime(after(0, 1), at('2024-03-10T06:30:00Z'), NEW_YORK))).toBe('2024-03-10T07:30:00.000Z');
    // "1日後 02:30" into the gap → 03:30 EDT
    expect(iso(computeDueTime(after(1, 0, '02:30'), at('2024-03-09T15:00:00Z'), NEW_YORK))).toBe(
      '2024-03-10T07:30:00.000Z',
    );
  });

  it('daylight saving (New York fall back): a repeated wall time is the earlier instant; hours are elapsed hours', () => {
    // 2024-11-02 01:30 EDT + 1 day → 2024-11-03 01:30 EDT (the first of the two)
    expect(iso(computeDueTime(after(1, 0), at('2024-11-02T05:30:00Z'), NEW_YORK))).toBe('2024-11-03T05:30:00.000Z');
    // arriving at the second 01:30 (EST) + 0 days 1 hour → 02:30 EST, never the earlier 01:30 EDT
    expect(iso(computeDueTime(after(0, 1), at('2024-11-03T06:30:00Z'), NEW_YORK))).toBe('2024-11-03T07:30:00.000Z');
    // 2024-11-02 12:00 EDT + 1 day → 2024-11-03 12:00 EST (25 hours later)
    expect(iso(computeDueTime(after(1, 0), at('2024-11-02T16:00:00Z'), NEW_YORK))).toBe('2024-11-03T17:00:00.000Z');
  });

  it('repeat on the given weekdays at the given times, repeat_times times (the k-th occurrence)', () => {
    // from Tuesday 2024-01-30 12:00 JST; Mondays and Wednesdays at 18:00 and 10:00; 3 times
    const timing = repeat([1, 3], ['18:00', '10:00'], 3);
    const from = at('2024-01-30T03:00:00Z');
    const occurrences = [1, 2, 3, 4].map((k) => iso(computeDueTime(timing, from, TOKYO, k)));
    expect(occurrences).toEqual([
      '2024-01-31T01:00:00.000Z', // Wed 10:00
      '2024-01-31T09:00:00.000Z', // Wed 18:00
      '2024-02-05T01:00:00.000Z', // Mon 10:00
      null, // only 3 times
    ]);
  });

  it('repeat counts a moment equal to the arrival, and crosses the leap day', () => {
    // Thursday 2024-02-29 10:00 JST exactly; Thursdays at 10:00
    const from = at('2024-02-29T01:00:00Z');
    const timing = repeat([4], ['10:00'], 2);
    expect(iso(computeDueTime(timing, from, TOKYO, 1))).toBe('2024-02-29T01:00:00.000Z');
    expect(iso(computeDueTime(timing, from, TOKYO, 2))).toBe('2024-03-07T01:00:00.000Z');
  });

  it('repeat across a daylight-saving change keeps the wall-clock time', () => {
    // Sundays at 09:00 New York from Saturday 2024-03-02: Mar 3 (EST) then Mar 10 (EDT)
    const timing = repeat([0], ['09:00'], 2);
    const from = at('2024-03-02T17:00:00Z');
    expect(iso(computeDueTime(timing, from, NEW_YORK, 1))).toBe('2024-03-03T14:00:00.000Z');
    expect(iso(computeDueTime(timing, from, NEW_YORK, 2))).toBe('2024-03-10T13:00:00.000Z');
  });

  it('a repeat timing without weekdays or times has no send', () => {
    expect(computeDueTime(repeat([], ['10:00'], 1), at('2024-01-01T00:00:00Z'), TOKYO)).toBeNull();
    expect(computeDueTime(repeat([1], [], 1), at('2024-01-01T00:00:00Z'), TOKYO)).toBeNull();
  });
});

describe('no sends at night (issue 15: a send due then waits until the window opens)', () => {
  const night = { start: '22:00', end: '09:00' };

  it('a send due inside a window that wraps midnight moves to the window end', () => {
    // 23:00 JST → 09:00 JST the next day
    expect(iso(applyNightWindow(at('2024-01-10T14:00:00Z'), night, TOKYO))).toBe('2024-01-11T00:00:00.000Z');
    // 03:00 JST → 09:00 JST the same day
    expect(iso(applyNightWindow(at('2024-01-10T18:00:00Z'), night, TOKYO))).toBe('2024-01-11T00:00:00.000Z');
    // 22:00 is inside, 09:00 and 21:59 are outside
    expect(iso(applyNightWindow(at('2024-01-10T13:00:00Z'), night, TOKYO))).toBe('2024-01-11T00:00:00.000Z');
    expect(iso(applyNightWindow(at('2024-01-11T00:00:00Z'), night, TOKYO))).toBe('2024-01-11T00:00:00.000Z');
    expect(iso(applyNightWindow(at('2024-01-10T12:59:00Z'), night, TOKYO))).toBe('2024-01-10T12:59:00.000Z');
  });

  it('the window end crosses the month end and the leap day', () => {
    expect(iso(applyNightWindow(at('2024-02-28T14:30:00Z'), night, TOKYO))).toBe('2024-02-29T00:00:00.000Z');
    expect(iso(applyNightWindow(at('2024-02-29T14:30:00Z'), night, TOKYO))).toBe('2024-03-01T00:00:00.000Z');
  });

  it('a window that does not wrap midnight, and the window across a daylight-saving change', () => {
    const lunch = { start: '12:00', end: '13:00' };
    expect(iso(applyNightWindow(at('2024-01-10T03:30:00Z'), lunch, TOKYO))).toBe('2024-01-10T04:00:00.000Z');
    // 2024-03-09 23:00 EST → 2024-03-10 09:00 EDT
    expect(iso(applyNightWindow(at('2024-03-10T04:00:00Z'), night, NEW_YORK))).toBe('2024-03-10T13:00:00.000Z');
  });

  it('a window is two different times of day', () => {
    expect(isValidNightWindow(night)).toBe(true);
    expect(isValidNightWindow({ start: '22:00', end: '22:00' })).toBe(false);
    expect(isValidNightWindow({ start: '25:00', end: '09:00' })).toBe(false);
  });

  it('no window (the default) changes nothing', () => {
    expect(iso(applyNightWindow(at('2024-01-10T14:00:00Z'), null, TOKYO))).toBe('2024-01-10T14:00:00.000Z');
  });
});

describe('due time (what the engine schedules)', () => {
  it('is never earlier than now, then kept out of the night window', () => {
    const from = at('2024-01-10T00:00:00Z'); // 09:00 JST
    const now = at('2024-01-12T13:30:00Z'); // 22:30 JST, two days later
    const timing = after(1, 0);
    expect(iso(dueTime(timing, { from, timeZone: TOKYO, now }))).toBe('2024-01-12T13:30:00.000Z');
    expect(iso(dueTime(timing, { from, timeZone: TOKYO, now, nightWindow: { start: '22:00', end: '09:00' } }))).toBe(
      '2024-01-13T00:00:00.000Z',
    );
    expect(iso(dueTime(timing, { from, timeZone: TOKYO, now: from }))).toBe('2024-01-11T00:00:00.000Z');
    expect(dueTime(repeat([1], ['10:00'], 1), { from, timeZone: TOKYO, now, occurrence: 2 })).toBeNull();
  });
});
