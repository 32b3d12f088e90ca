import { describe, expect, it } from 'vitest';
import { fitsCarouselThumbnail, fitsImageCarousel, imageFileProblem } from './image-file.ts';
import { insertToken } from './text-insert.ts';

describe('inserting a variable or emoji at the caret', () => {
  it('puts the token at the caret and moves the caret after it', () => {
    expect(insertToken('こんにちは様', 5, 5, '{{name}}')).toEqual({ text: 'こんにちは{{name}}様', caret: 13 });
  });

  it('replaces a selection', () => {
    expect(insertToken('Hello XXX!', 6, 9, '{{name}}')).toEqual({ text: 'Hello {{name}}!', caret: 14 });
  });

  it('appends when the caret is unknown or past the end', () => {
    expect(insertToken('abc', 10, 12, 'X')).toEqual({ text: 'abcX', caret: 4 });
    expect(insertToken('abc', 2, 1, 'X')).toEqual({ text: 'abXc', caret: 3 });
  });
});

describe('checking an image before upload', () => {
  it('accepts JPEG and PNG up to 10 MB only, with the reason', () => {
    expect(imageFileProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(imageFileProblem({ type: 'image/jpeg', size: 10 * 1024 * 1024 })).toBeNull();
    expect(imageFileProblem({ type: 'image/gif', size: 1000 })).toMatch(/JPEG|PNG/);
    expect(imageFileProblem({ type: 'image/png', size: 10 * 1024 * 1024 + 1 })).toMatch(/10MB/);
  });

  it('keeps image carousel images within 1024 px per edge', () => {
    expect(fitsImageCarousel({ width: 1024, height: 1024 })).toBe(true);
    expect(fitsImageCarousel({ width: 1025, height: 300 })).toBe(false);
  });

  it('takes carousel card images up to 1024 px wide, of any height', () => {
    expect(fitsCarouselThumbnail({ width: 1024, height: 2000 })).toBe(true);
    expect(fitsCarouselThumbnail({ width: 1025, height: 100 })).toBe(false);
  });
});
