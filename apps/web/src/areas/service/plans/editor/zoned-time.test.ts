import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { isoOfPicked, nextFullHourIso, pickerValueOf } from './zoned-time.ts';

const wallOf = (value: ReturnType<typeof pickerValueOf>) => value?.format('YYYY-MM-DD HH:mm');

describe('plan times are the account’s wall-clock times, whatever the browser’s zone', () => {
  it('shows a stored time as the account’s wall clock shows it', () => {
    expect(wallOf(pickerValueOf('2026-12-01T01:00:00Z', 'Asia/Tokyo'))).toBe('2026-12-01 10:00');
    expect(wallOf(pickerValueOf('2026-12-01T01:00:00Z', 'America/New_York'))).toBe('2026-11-30 20:00');
    expect(pickerValueOf(null, 'Asia/Tokyo')).toBeNull();
  });

  it('reads a picked time in the account’s zone, with that zone’s offset', () => {
    const picked = dayjs(new Date(2026, 11, 1, 10, 0));
    expect(isoOfPicked(picked, 'Asia/Tokyo')).toBe('2026-12-01T10:00:00+09:00');
    expect(new Date(isoOfPicked(picked, 'Asia/Tokyo')!).toISOString()).toBe('2026-12-01T01:00:00.000Z');
    expect(isoOfPicked(null, 'Asia/Tokyo')).toBeNull();
  });

  it('follows daylight saving time (New York: −05:00 in winter, −04:00 in summer)', () => {
    expect(isoOfPicked(dayjs(new Date(2026, 0, 15, 9, 30)), 'America/New_York')).toBe('2026-01-15T09:30:00-05:00');
    expect(isoOfPicked(dayjs(new Date(2026, 6, 15, 9, 30)), 'America/New_York')).toBe('2026-07-15T09:30:00-04:00');
  });

  it('round-trips: what is picked is what is shown again', () => {
    for (const zone of ['Asia/Tokyo', 'America/New_York', 'Europe/London']) {
      const picked = dayjs(new Date(2026, 2, 29, 23, 45));
      expect(wallOf(pickerValueOf(isoOfPicked(picked, zone), zone))).toBe('2026-03-29 23:45');
    }
  });

  it('proposes the next full hour of the account’s clock', () => {
    expect(nextFullHourIso(new Date('2026-12-01T01:20:00Z'), 'Asia/Tokyo')).toBe('2026-12-01T11:00:00+09:00');
  });
});
