import { describe, expect, it } from 'vitest';
import { RICH_MENU_IMAGE_MAX_BYTES, richMenuImageProblem } from './rich-menu-image.ts';

const png = (width: number, height: number, bytes = 1000) => ({ type: 'image/png' as const, width, height, bytes });

describe('LINE’s rich-menu image rules', () => {
  it('accepts LINE’s standard sizes and the edges of each rule', () => {
    expect(richMenuImageProblem(png(2500, 1686))).toBeNull();
    expect(richMenuImageProblem(png(2500, 843))).toBeNull();
    expect(richMenuImageProblem(png(800, 250))).toBeNull();
    expect(richMenuImageProblem(png(1450, 1000))).toBeNull();
    expect(richMenuImageProblem(png(1200, 405, RICH_MENU_IMAGE_MAX_BYTES))).toBeNull();
  });

  it('names the first rule broken', () => {
    expect(richMenuImageProblem({ type: null, width: 2500, height: 1686, bytes: 10 })).toBe('type');
    expect(richMenuImageProblem(png(2500, 1686, RICH_MENU_IMAGE_MAX_BYTES + 1))).toBe('too_large');
    expect(richMenuImageProblem(png(799, 300))).toBe('width');
    expect(richMenuImageProblem(png(2501, 843))).toBe('width');
    expect(richMenuImageProblem(png(1000, 249))).toBe('height');
    expect(richMenuImageProblem(png(1449, 1000))).toBe('ratio');
  });
});
