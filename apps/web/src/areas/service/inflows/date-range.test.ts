import { describe, expect, it } from 'vitest';
import { chosenRange, daysOf, lastDays, todayIn } from './date-range.ts';

// 2026-03-31 23:30 in UTC is already April 1st in Tokyo.
const NOW = new Date('2026-03-31T23:30:00Z');
const TOKYO = 'Asia/Tokyo';

describe('the inflow date range', () => {
  it('counts today in the account’s time zone', () => {
    expect(todayIn(NOW, TOKYO)).toBe('2026-04-01');
    expect(todayIn(NOW, 'UTC')).toBe('2026-03-31');
  });

  it('defaults to the last 30 days, today included', () => {
    expect(lastDays(NOW, TOKYO)).toEqual({ from: '2026-03-03', to: '2026-04-01' });
  });

  it('reads a range from the address, and refuses reversed or unreal dates', () => {
    const read = (query: string) => chosenRange(new URLSearchParams(query));
    expect(read('from=2026-01-01&to=2026-01-31')).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    expect(read('')).toBeNull();
    expect(read('from=2026-02-01&to=2026-01-31')).toBeNull();
    expect(read('from=2026-02-30&to=2026-03-01')).toBeNull();
    expect(read('from=2026-01-01')).toBeNull();
  });

  it('lists every day of a range across a month end', () => {
    expect(daysOf({ from: '2024-02-27', to: '2024-03-02' })).toEqual([
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
      '2024-03-02',
    ]);
    expect(daysOf({ from: '2026-01-01', to: '2026-01-01' })).toEqual(['2026-01-01']);
  });
});
