/*
 * Geometry of image carousel tap areas. Areas are stored in the image's own pixels (what LINE's
 * percentages are computed from), while the editor shows the image scaled to the screen: these
 * functions convert between the two and keep every area a whole-pixel rectangle inside the image.
 */

export interface Point {
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

/** A rectangle in image pixels. */
export interface Rect extends Point, Size {}

/** Where the image is drawn on screen (a DOMRect's left/top/width/height). */
export interface DisplayBox extends Size {
  left: number;
  top: number;
}

/** The smallest area a drag draws, in image pixels, so a careless drag still gives a tappable area. */
export const MIN_AREA_SIZE = 10;
/** A pointer that moved less than this (screen pixels) clicked rather than dragged. */
export const DRAG_THRESHOLD = 4;

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/** A point on screen (clientX/Y) as a point of the image, clamped to its edges. */
export function toImagePoint(client: Point, display: DisplayBox, image: Size): Point {
  const scaleX = display.width > 0 ? image.width / display.width : 0;
  const scaleY = display.height > 0 ? image.height / display.height : 0;
  return {
    x: clamp((client.x - display.left) * scaleX, 0, image.width),
    y: clamp((client.y - display.top) * scaleY, 0, image.height),
  };
}

/** A distance on screen as a distance in image pixels (for moving an area by a drag). */
export function toImageDelta(delta: Point, display: DisplayBox, image: Size): Point {
  return {
    x: display.width > 0 ? (delta.x * image.width) / display.width : 0,
    y: display.height > 0 ? (delta.y * image.height) / display.height : 0,
  };
}

/** Whether the pointer moved far enough (screen pixels) to count as a drag. */
export function isDrag(start: Point, end: Point): boolean {
  return Math.hypot(end.x - start.x, end.y - start.y) >= DRAG_THRESHOLD;
}

/** One edge of a drawn rectangle: from `start` towards `end`, at least `min` long, inside 0..`limit`. */
function span(start: number, end: number, min: number, limit: number): { from: number; length: number } {
  const size = Math.min(Math.max(Math.abs(end - start), min), limit);
  // Grow in the direction of the drag; at the image's edge, grow the other way instead.
  const from = end >= start ? clamp(start, 0, limit - size) : clamp(start - size, 0, limit - size);
  return { from, length: size };
}

/**
 * The rectangle a drag from `start` to `end` (image points, any direction) draws: normalised to a
 * positive width and height, at least `minSize` on each side (when the image allows), inside the
 * image and rounded to whole pixels.
 */
export function rectFromDrag(start: Point, end: Point, image: Size, minSize = MIN_AREA_SIZE): Rect {
  const horizontal = span(Math.round(start.x), Math.round(end.x), minSize, image.width);
  const vertical = span(Math.round(start.y), Math.round(end.y), minSize, image.height);
  return { x: horizontal.from, y: vertical.from, width: horizontal.length, height: vertical.length };
}

/** The rectangle moved by `delta` image pixels, stopped at the image's edges, on whole pixels. */
export function moveRect(rect: Rect, delta: Point, image: Size): Rect {
  return {
    ...rect,
    x: clamp(Math.round(rect.x + delta.x), 0, Math.max(image.width - rect.width, 0)),
    y: clamp(Math.round(rect.y + delta.y), 0, Math.max(image.height - rect.height, 0)),
  };
}

/**
 * The rectangle on another image size (when the image is replaced), scaled proportionally, kept
 * inside the new image and on whole pixels of at least one pixel.
 */
export function scaleRect(rect: Rect, from: Size, to: Size): Rect {
  const scaleX = from.width > 0 ? to.width / from.width : 1;
  const scaleY = from.height > 0 ? to.height / from.height : 1;
  const width = clamp(Math.round(rect.width * scaleX), 1, to.width);
  const height = clamp(Math.round(rect.height * scaleY), 1, to.height);
  return {
    x: clamp(Math.round(rect.x * scaleX), 0, to.width - width),
    y: clamp(Math.round(rect.y * scaleY), 0, to.height - height),
    width,
    height,
  };
}

const percent = (part: number, whole: number) => `${whole > 0 ? (part / whole) * 100 : 0}%`;

/** CSS placing the rectangle over the image however large it is drawn (percentages of the image). */
export function percentBox(rect: Rect, image: Size): { left: string; top: string; width: string; height: string } {
  return {
    left: percent(rect.x, image.width),
    top: percent(rect.y, image.height),
    width: percent(rect.width, image.width),
    height: percent(rect.height, image.height),
  };
}
