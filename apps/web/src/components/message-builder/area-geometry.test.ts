import { describe, expect, it } from 'vitest';
import {
  isDrag,
  moveRect,
  percentBox,
  rectFromDrag,
  scaleRect,
  toImageDelta,
  toImagePoint,
  type DisplayBox,
} from './area-geometry.ts';

// A 1000 × 500 image drawn at 250 × 125 screen pixels, 20 px from the left and 100 px from the top.
const image = { width: 1000, height: 500 };
const display: DisplayBox = { left: 20, top: 100, width: 250, height: 125 };

describe('screen ↔ image conversion', () => {
  it('turns a screen point into image pixels by the drawn scale', () => {
    expect(toImagePoint({ x: 20, y: 100 }, display, image)).toEqual({ x: 0, y: 0 });
    expect(toImagePoint({ x: 145, y: 162.5 }, display, image)).toEqual({ x: 500, y: 250 });
    expect(toImagePoint({ x: 270, y: 225 }, display, image)).toEqual({ x: 1000, y: 500 });
  });

  it('clamps points outside the drawn image to its edges', () => {
    expect(toImagePoint({ x: 0, y: 0 }, display, image)).toEqual({ x: 0, y: 0 });
    expect(toImagePoint({ x: 900, y: 900 }, display, image)).toEqual({ x: 1000, y: 500 });
  });

  it('scales a pointer movement, and survives an image not laid out yet', () => {
    expect(toImageDelta({ x: 10, y: -5 }, display, image)).toEqual({ x: 40, y: -20 });
    const hidden = { left: 0, top: 0, width: 0, height: 0 };
    expect(toImagePoint({ x: 50, y: 50 }, hidden, image)).toEqual({ x: 0, y: 0 });
    expect(toImageDelta({ x: 10, y: 10 }, hidden, image)).toEqual({ x: 0, y: 0 });
  });

  it('places an area with percentages of the image', () => {
    expect(percentBox({ x: 250, y: 100, width: 500, height: 250 }, image)).toEqual({
      left: '25%',
      top: '20%',
      width: '50%',
      height: '50%',
    });
  });
});

describe('drawing an area by dragging', () => {
  it('tells a click from a drag', () => {
    expect(isDrag({ x: 10, y: 10 }, { x: 12, y: 12 })).toBe(false);
    expect(isDrag({ x: 10, y: 10 }, { x: 14, y: 10 })).toBe(true);
  });

  it('normalises a drag in any direction into a positive rectangle on whole pixels', () => {
    const expected = { x: 100, y: 50, width: 300, height: 150 };
    expect(rectFromDrag({ x: 100, y: 50 }, { x: 400, y: 200 }, image)).toEqual(expected);
    expect(rectFromDrag({ x: 400, y: 200 }, { x: 100, y: 50 }, image)).toEqual(expected);
    expect(rectFromDrag({ x: 400, y: 50 }, { x: 100, y: 200 }, image)).toEqual(expected);
    expect(rectFromDrag({ x: 100.4, y: 49.6 }, { x: 399.6, y: 200.2 }, image)).toEqual(expected);
  });

  it('gives a short drag the minimum size, growing back from the image edge', () => {
    expect(rectFromDrag({ x: 100, y: 100 }, { x: 103, y: 101 }, image, 10)).toEqual({
      x: 100,
      y: 100,
      width: 10,
      height: 10,
    });
    expect(rectFromDrag({ x: 998, y: 499 }, { x: 1000, y: 500 }, image, 10)).toEqual({
      x: 990,
      y: 490,
      width: 10,
      height: 10,
    });
    expect(rectFromDrag({ x: 5, y: 5 }, { x: 2, y: 2 }, image, 10)).toEqual({ x: 0, y: 0, width: 10, height: 10 });
  });

  it('stays inside an image smaller than the minimum size', () => {
    expect(rectFromDrag({ x: 1, y: 1 }, { x: 3, y: 3 }, { width: 6, height: 4 }, 10)).toEqual({
      x: 0,
      y: 0,
      width: 6,
      height: 4,
    });
  });
});

describe('moving and rescaling an area', () => {
  const rect = { x: 100, y: 100, width: 200, height: 100 };

  it('moves by whole pixels and stops at the image edges', () => {
    expect(moveRect(rect, { x: 10.4, y: -20.6 }, image)).toEqual({ ...rect, x: 110, y: 79 });
    expect(moveRect(rect, { x: 5000, y: 5000 }, image)).toEqual({ ...rect, x: 800, y: 400 });
    expect(moveRect(rect, { x: -5000, y: -5000 }, image)).toEqual({ ...rect, x: 0, y: 0 });
  });

  it('scales with a replaced image and keeps the result inside it', () => {
    expect(scaleRect(rect, image, { width: 500, height: 250 })).toEqual({ x: 50, y: 50, width: 100, height: 50 });
    expect(scaleRect({ x: 990, y: 0, width: 10, height: 500 }, image, { width: 99, height: 50 })).toEqual({
      x: 98,
      y: 0,
      width: 1,
      height: 50,
    });
  });
});
