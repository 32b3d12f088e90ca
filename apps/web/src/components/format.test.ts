import { describe, expect, it } from 'vitest';
import { formatDateTimeIn, languageName, timeZoneName, timeZoneOptions } from './format.ts';

describe('formatDateTimeIn', () => {
  it("shows the instant on the zone's wall clock, across the date line and daylight saving", () => {
    expect(formatDateTimeIn('2026-03-01T15:30:00Z', 'Asia/Tokyo')).toBe('2026/03/02 00:30');
    expect(formatDateTimeIn('2026-03-01T15:30:00Z', 'UTC')).toBe('2026/03/01 15:30');
    // New York: EST (−5) before 8 March 2026, EDT (−4) after.
    expect(formatDateTimeIn('2026-03-07T15:00:00Z', 'America/New_York')).toBe('2026/03/07 10:00');
    expect(formatDateTimeIn('2026-03-09T15:00:00Z', 'America/New_York')).toBe('2026/03/09 11:00');
  });

  it('is empty without a time', () => {
    expect(formatDateTimeIn(null, 'Asia/Tokyo')).toBe('');
  });
});

describe('timeZoneName and languageName', () => {
  it('name a zone and a language in the UI language, not by their codes', () => {
    expect(timeZoneName('Asia/Tokyo', 'ja')).toBe('日本標準時');
    expect(timeZoneName('America/New_York', 'ja')).toBe('米国東部時間');
    expect(languageName('ja', 'ja')).toBe('日本語');
    expect(languageName('en', 'ja')).toBe('英語');
    expect(languageName('ja', 'en')).toBe('Japanese');
  });
});

describe('timeZoneOptions', () => {
  it('names each zone with its offset, never by its id, ordered by offset', () => {
    const options = timeZoneOptions('ja');
    const tokyo = options.find((option) => option.value === 'Asia/Tokyo');
    expect(tokyo?.label).toBe('日本標準時（GMT+9）');
    expect(options.some((option) => /\w+\/\w+/.test(option.label))).toBe(false);
    const utc = options.findIndex((option) => option.label.includes('GMT）'));
    expect(options.indexOf(tokyo!)).toBeGreaterThan(utc);
  });

  it('offers zones that read the same once, but always the saved one', () => {
    const labels = timeZoneOptions('ja').map((option) => option.label);
    expect(new Set(labels).size).toBe(labels.length);
    const detroit = timeZoneOptions('ja', 'America/Detroit');
    expect(detroit.some((option) => option.value === 'America/Detroit')).toBe(true);
  });
});
