/*
 * The area editor's geometry, pure: tap areas are kept in the image's pixels (whole numbers, inside
 * the image, as LINE takes them); the editor draws the image smaller, so pointer moves are turned
 * into image pixels here, snapped to the layout grid, rounded and clamped.
 */

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Size {
  width: number;
  height: number;
}

/** The corners and sides a resize handle may hold. */
export const HANDLES = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'] as const;
export type Handle = (typeof HANDLES)[number];

/** An area smaller than this (image pixels) could not be tapped on a phone. */
export const MIN_AREA_SIZE = 40;
/** Within this share of the image's width an edge jumps onto a grid line. */
const SNAP_SHARE = 0.015;

/** LINE's standard sizes: large and compact. */
export const STANDARD_SIZES = {
  large: { width: 2500, height: 1686 },
  compact: { width: 2500, height: 843 },
} as const;
export type StandardSize = keyof typeof STANDARD_SIZES;

/** A standard layout: a grid and its cells (column, row, column span, row span). */
export interface Layout {
  key: string;
  size: StandardSize;
  columns: number;
  rows: number;
  cells: readonly (readonly [number, number, number, number])[];
}

/** LINE's standard layouts (1 to 6 areas) of both sizes. */
export const LAYOUTS: readonly Layout[] = [
  {
    key: 'large6',
    size: 'large',
    columns: 3,
    rows: 2,
    cells: [
      [0, 0, 1, 1],
      [1, 0, 1, 1],
      [2, 0, 1, 1],
      [0, 1, 1, 1],
      [1, 1, 1, 1],
      [2, 1, 1, 1],
    ],
  },
  {
    key: 'large4',
    size: 'large',
    columns: 2,
    rows: 2,
    cells: [
      [0, 0, 1, 1],
      [1, 0, 1, 1],
      [0, 1, 1, 1],
      [1, 1, 1, 1],
    ],
  },
  {
    key: 'large3',
    size: 'large',
    columns: 2,
    rows: 2,
    cells: [
      [0, 0, 2, 1],
      [0, 1, 1, 1],
      [1, 1, 1, 1],
    ],
  },
  {
    key: 'large2',
    size: 'large',
    columns: 2,
    rows: 1,
    cells: [
      [0, 0, 1, 1],
      [1, 0, 1, 1],
    ],
  },
  { key: 'large1', size: 'large', columns: 1, rows: 1, cells: [[0, 0, 1, 1]] },
  {
    key: 'compact3',
    size: 'compact',
    columns: 3,
    rows: 1,
    cells: [
      [0, 0, 1, 1],
      [1, 0, 1, 1],
      [2, 0, 1, 1],
    ],
  },
  {
    key: 'compact2',
    size: 'compact',
    columns: 2,
    rows: 1,
    cells: [
      [0, 0, 1, 1],
      [1, 0, 1, 1],
    ],
  },
  { key: 'compact1', size: 'compact', columns: 1, rows: 1, cells: [[0, 0, 1, 1]] },
];

/** Where the grid's line number `index` of `count` cells falls on a side of `length` pixels (whole pixels). */
const line = (length: number, count: number, index: number) => Math.round((length * index) / count);

/** The layout's areas in image pixels; neighbouring cells share their edge exactly. */
export function layoutRects(layout: Layout, image: Size): Rect[] {
  return layout.cells.map(([column, row, columnSpan, rowSpan]) => {
    const x = line(image.width, layout.columns, column);
    const y = line(image.height, layout.rows, row);
    return {
      x,
      y,
      width: line(image.width, layout.columns, column + columnSpan) - x,
      height: line(image.height, layout.rows, row + rowSpan) - y,
    };
  });
}

/** The grid lines edges snap to: the layout's, else halves and thirds of the image. */
export interface Grid {
  xs: number[];
  ys: number[];
}

export function gridOf(image: Size, layout?: Layout): Grid {
  const lines = (length: number, counts: number[]) =>
    [...new Set(counts.flatMap((count) => Array.from({ length: count + 1 }, (_, i) => line(length, count, i))))].sort(
      (a, b) => a - b,
    );
  return layout
    ? { xs: lines(image.width, [layout.columns]), ys: lines(image.height, [layout.rows]) }
    : { xs: lines(image.width, [2, 3]), ys: lines(image.height, [2, 3]) };
}

/** `value` moved onto the nearest grid line when one is within `tolerance`. */
export function snap(value: number, lines: readonly number[], tolerance: number): number {
  let best = value;
  let distance = tolerance;
  for (const candidate of lines) {
    const d = Math.abs(candidate - value);
    if (d <= distance) {
      best = candidate;
      distance = d;
    }
  }
  return best;
}

/** How many screen pixels one image pixel is when the image is drawn `displayWidth` wide. */
export const scaleOf = (image: Size, displayWidth: number) => displayWidth / image.width;

/** An image-pixel rectangle as drawn on screen. */
export function toScreen(rect: Rect, scale: number): Rect {
  return { x: rect.x * scale, y: rect.y * scale, width: rect.width * scale, height: rect.height * scale };
}

/** A screen distance in whole image pixels. */
export const toImagePixels = (screen: number, scale: number) => Math.round(screen / scale);

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/** A rectangle made whole and kept inside the image, at least MIN_AREA_SIZE (or the image) on each side. */
export function normalise(rect: Rect, image: Size): Rect {
  const width = clamp(Math.round(rect.width), Math.min(MIN_AREA_SIZE, image.width), image.width);
  const height = clamp(Math.round(rect.height), Math.min(MIN_AREA_SIZE, image.height), image.height);
  return {
    x: clamp(Math.round(rect.x), 0, image.width - width),
    y: clamp(Math.round(rect.y), 0, image.height - height),
    width,
    height,
  };
}

/** `rect` moved by a screen drag of (dx, dy): its nearer edges snap, and it stays inside the image. */
export function moveRect(rect: Rect, dx: number, dy: number, scale: number, image: Size, grid?: Grid): Rect {
  const tolerance = image.width * SNAP_SHARE;
  // The edge nearer a grid line snaps; the other follows (the size does not change).
  const snapAxis = (start: number, length: number, lines: readonly number[]) => {
    const deltas = [start, start + length]
      .map((edge) => lines.map((candidate) => candidate - edge).filter((d) => Math.abs(d) <= tolerance))
      .flat();
    if (deltas.length === 0) return start;
    return start + deltas.reduce((best, d) => (Math.abs(d) < Math.abs(best) ? d : best));
  };
  const x = rect.x + dx / scale;
  const y = rect.y + dy / scale;
  if (!grid) return normalise({ ...rect, x, y }, image);
  return normalise({ ...rect, x: snapAxis(x, rect.width, grid.xs), y: snapAxis(y, rect.height, grid.ys) }, image);
}

/** `rect` resized by dragging `handle` by a screen (dx, dy): the moved edges snap and stay inside the image. */
export function resizeRect(
  rect: Rect,
  handle: Handle,
  dx: number,
  dy: number,
  scale: number,
  image: Size,
  grid?: Grid,
): Rect {
  const tolerance = image.width * SNAP_SHARE;
  const edge = (value: number, lines: number[] | undefined, max: number) =>
    clamp(lines ? snap(value, lines, tolerance) : value, 0, max);
  let left = rect.x;
  let top = rect.y;
  let right = rect.x + rect.width;
  let bottom = rect.y + rect.height;
  const min = Math.min(MIN_AREA_SIZE, image.width, image.height);
  if (handle.includes('w')) left = Math.min(edge(left + dx / scale, grid?.xs, image.width), right - min);
  if (handle.includes('e')) right = Math.max(edge(right + dx / scale, grid?.xs, image.width), left + min);
  if (handle.includes('n')) top = Math.min(edge(top + dy / scale, grid?.ys, image.height), bottom - min);
  if (handle.includes('s')) bottom = Math.max(edge(bottom + dy / scale, grid?.ys, image.height), top + min);
  return normalise({ x: left, y: top, width: right - left, height: bottom - top }, image);
}

/** A new area for the image: the first free grid cell's size, else a centred quarter. */
export function newRect(image: Size, taken: readonly Rect[]): Rect {
  const width = Math.round(image.width / 3);
  const height = Math.round(image.height / 2);
  for (let row = 0; row < 2; row++)
    for (let column = 0; column < 3; column++) {
      const candidate = { x: line(image.width, 3, column), y: line(image.height, 2, row), width, height };
      if (!taken.some((rect) => overlaps(rect, candidate))) return normalise(candidate, image);
    }
  return normalise(
    { x: image.width / 4, y: image.height / 4, width: image.width / 2, height: image.height / 2 },
    image,
  );
}

export function overlaps(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Whether the rectangle lies wholly inside the image (the server refuses areas that stick out). */
export const inside = (rect: Rect, image: Size) =>
  rect.x >= 0 && rect.y >= 0 && rect.x + rect.width <= image.width && rect.y + rect.height <= image.height;
