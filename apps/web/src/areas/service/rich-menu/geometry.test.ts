import { describe, expect, it } from 'vitest';
import {
  gridOf,
  inside,
  LAYOUTS,
  layoutRects,
  MIN_AREA_SIZE,
  moveRect,
  newRect,
  normalise,
  resizeRect,
  scaleOf,
  snap,
  STANDARD_SIZES,
  toImagePixels,
  toScreen,
} from './geometry.ts';

const large = STANDARD_SIZES.large;
const layout = (key: string) => LAYOUTS.find((l) => l.key === key)!;

describe('rich-menu area geometry', () => {
  it('turns image pixels into screen pixels and back as whole image pixels', () => {
    const scale = scaleOf(large, 500);
    expect(scale).toBe(0.2);
    expect(toScreen({ x: 100, y: 50, width: 1000, height: 500 }, scale)).toEqual({
      x: 20,
      y: 10,
      width: 200,
      height: 100,
    });
    expect(toImagePixels(33.4, scale)).toBe(167);
    expect(Number.isInteger(toImagePixels(0.07, 0.3))).toBe(true);
  });

  it('splits the standard layouts into whole cells that tile the image exactly', () => {
    for (const l of LAYOUTS) {
      const size = STANDARD_SIZES[l.size];
      const rects = layoutRects(l, size);
      expect(rects).toHaveLength(l.cells.length);
      const area = rects.reduce((sum, r) => sum + r.width * r.height, 0);
      expect(area).toBe(size.width * size.height);
      for (const r of rects) {
        expect(Object.values(r).every(Number.isInteger)).toBe(true);
        expect(inside(r, size)).toBe(true);
      }
    }
    expect(layoutRects(layout('large6'), large)[1]).toEqual({ x: 833, y: 0, width: 834, height: 843 });
  });

  it('rounds and clamps a rectangle inside the image with a tappable size', () => {
    expect(normalise({ x: -10.4, y: 1700, width: 300.6, height: 10 }, large)).toEqual({
      x: 0,
      y: large.height - MIN_AREA_SIZE,
      width: 301,
      height: MIN_AREA_SIZE,
    });
    expect(normalise({ x: 2400, y: 0, width: 5000, height: 100 }, large)).toEqual({
      x: 0,
      y: 0,
      width: 2500,
      height: 100,
    });
  });

  it('moves by a screen drag, snapping the nearer edge to the grid and staying inside', () => {
    const grid = gridOf(large, layout('large6'));
    const rect = { x: 0, y: 0, width: 833, height: 843 };
    // 0.2 scale: 20 screen px = 100 image px, no grid line near.
    expect(moveRect(rect, 20, 0, 0.2, large)).toEqual({ ...rect, x: 100 });
    // A drag to x = 830 snaps the left edge onto the line at 833.
    expect(moveRect(rect, 166, 0, 0.2, large, grid)).toEqual({ ...rect, x: 833 });
    // Far past the right edge: clamped.
    expect(moveRect(rect, 10_000, 10_000, 0.2, large, grid)).toEqual({ ...rect, x: 1667, y: 843 });
  });

  it('resizes by a handle, snapping moved edges and keeping a minimum size', () => {
    const grid = gridOf(large, layout('large4'));
    const rect = { x: 100, y: 100, width: 1000, height: 600 };
    expect(resizeRect(rect, 'e', 20, 0, 0.2, large)).toEqual({ ...rect, width: 1100 });
    // The right edge lands near 1250 (the 2×2 grid's middle line) and snaps there.
    expect(resizeRect(rect, 'se', 28, 28, 0.2, large, grid)).toEqual({ x: 100, y: 100, width: 1150, height: 743 });
    expect(resizeRect(rect, 'w', 10_000, 0, 0.2, large)).toEqual({
      ...rect,
      x: 1100 - MIN_AREA_SIZE,
      width: MIN_AREA_SIZE,
    });
    expect(resizeRect(rect, 'nw', -10_000, -10_000, 0.2, large)).toEqual({ x: 0, y: 0, width: 1100, height: 700 });
  });

  it('snaps only within the tolerance', () => {
    expect(snap(830, [0, 833], 5)).toBe(833);
    expect(snap(820, [0, 833], 5)).toBe(820);
  });

  it('places a new area in the first free cell', () => {
    const first = newRect(large, []);
    expect(first).toEqual({ x: 0, y: 0, width: 833, height: 843 });
    expect(newRect(large, [first]).x).toBe(833);
  });
});
