import { describe, expect, it } from 'vitest';
import { defaultTiming, type PlanTiming } from './model.ts';
import { timingLabel } from './timing-label.ts';

const base = defaultTiming('box-0', 'box-1-0');
const after = (days: number, hours: number, time: string | null = null): PlanTiming => ({
  ...base,
  timing_type: 'send_after',
  after_days: days,
  after_hours: hours,
  next_action_at: time,
});
const repeat = (weekdays: number[], times: string[], count: number): PlanTiming => ({
  ...base,
  timing_type: 'send_repeat',
  is_repeat: true,
  repeat_weekdays: weekdays,
  repeat_date_times: times,
  repeat_times: count,
});

describe('timing words on the diagram arrows', () => {
  it('send_immediate reads "すぐに送信"', () => {
    expect(timingLabel(base)).toBe('すぐに送信');
    expect(timingLabel(base, 'en')).toBe('Send immediately');
  });

  it('after N days at a time reads "1日後 10:00"', () => {
    expect(timingLabel(after(1, 0, '10:00'))).toBe('1日後 10:00');
    expect(timingLabel(after(0, 0, '09:30'))).toBe('当日 09:30');
    expect(timingLabel(after(3, 0, '10:00'), 'en')).toBe('3 days later at 10:00');
    expect(timingLabel(after(1, 0, '10:00'), 'en')).toBe('1 day later at 10:00');
    expect(timingLabel(after(0, 0, '09:30'), 'en')).toBe('Same day at 09:30');
  });

  it('after days and hours reads "1日3時間後", "2日後", "5時間後"', () => {
    expect(timingLabel(after(1, 3))).toBe('1日3時間後');
    expect(timingLabel(after(2, 0))).toBe('2日後');
    expect(timingLabel(after(0, 5))).toBe('5時間後');
    expect(timingLabel(after(0, 0))).toBe('すぐに送信');
    expect(timingLabel(after(1, 3), 'en')).toBe('1 day 3 hours later');
    expect(timingLabel(after(0, 1), 'en')).toBe('1 hour later');
  });

  it('repeat reads the weekdays, times and count', () => {
    expect(timingLabel(repeat([3, 1], ['18:00', '10:00'], 3))).toBe('毎週 月・水 10:00, 18:00（3回）');
    expect(timingLabel(repeat([0, 1, 2, 3, 4, 5, 6], ['08:00'], 1))).toBe('毎日 08:00（1回）');
    expect(timingLabel(repeat([1, 3], ['10:00'], 2), 'en')).toBe('Every Mon, Wed at 10:00 (2 times)');
    expect(timingLabel(repeat([0, 1, 2, 3, 4, 5, 6], ['08:00'], 1), 'en')).toBe('Every day at 08:00 (1 time)');
  });
});
