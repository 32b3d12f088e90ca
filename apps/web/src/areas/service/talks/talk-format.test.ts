import { describe, expect, it } from 'vitest';
import { listTime, previewOf } from './talk-format.ts';

describe('previewOf', () => {
  it('shows the text of a text message and names every other kind', () => {
    expect(previewOf('text', 'こんにちは')).toEqual({ text: 'こんにちは' });
    expect(previewOf('image', null)).toEqual({ type: 'image' });
    expect(previewOf('sticker', null)).toEqual({ type: 'sticker' });
    expect(previewOf('something-new', null)).toEqual({ type: 'other' });
    expect(previewOf(null, null)).toBeNull();
  });
});

describe('listTime', () => {
  it('shows the time today, the date this year, and the year otherwise', () => {
    const now = new Date(2026, 4, 10, 15, 0);
    expect(listTime(new Date(2026, 4, 10, 9, 5).toISOString(), now)).toBe('09:05');
    expect(listTime(new Date(2026, 0, 2, 9, 5).toISOString(), now)).toBe('1/2');
    expect(listTime(new Date(2025, 11, 31, 9, 5).toISOString(), now)).toBe('2025/12/31');
    expect(listTime(null, now)).toBe('');
  });
});
