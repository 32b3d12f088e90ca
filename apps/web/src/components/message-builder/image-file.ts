import {
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  IMAGE_UPLOAD_MAX_BYTES,
  IMAGE_UPLOAD_TYPES,
  LINE_LIMITS,
} from '@linq/contract';

/** What the browser can tell about a chosen file before uploading it (the server checks the bytes again). */
export function imageFileProblem(file: { type: string; size: number }): string | null {
  if (!(IMAGE_UPLOAD_TYPES as readonly string[]).includes(file.type)) return IMAGE_TYPE_MESSAGE;
  if (file.size > IMAGE_UPLOAD_MAX_BYTES) return IMAGE_TOO_LARGE_MESSAGE;
  return null;
}

/** Whether an image carousel image is within LINE's edge limit (its tap areas are computed on it). */
export function fitsImageCarousel(size: { width: number; height: number }): boolean {
  return size.width <= LINE_LIMITS.imageMaxEdge && size.height <= LINE_LIMITS.imageMaxEdge;
}

/** Whether a carousel card's image is within LINE's width limit for template thumbnails. */
export function fitsCarouselThumbnail(size: { width: number; height: number }): boolean {
  return size.width <= LINE_LIMITS.imageMaxEdge;
}
