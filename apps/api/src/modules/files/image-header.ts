/*
 * Reading what an uploaded image is from its first bytes, without decoding it: the type from the
 * magic bytes and the pixel size from the header (PNG's IHDR, JPEG's start-of-frame segment). The
 * declared content type and file name of an upload are never trusted.
 */

export type ImageType = 'png' | 'jpeg';

export interface ImageHeader {
  type: ImageType;
  width: number;
  height: number;
}

/** The largest side we accept: far above any photo LINE shows, small enough to refuse decompression bombs. */
export const MAX_IMAGE_SIDE = 10_000;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function readPng(bytes: Buffer): ImageHeader | null {
  // Signature (8), then the first chunk must be IHDR: length (4), "IHDR" (4), width (4), height (4).
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { type: 'png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Start-of-frame markers carry the size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not. */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
/** Markers without a length field: TEM and the restart markers. */
const isStandalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);
const START_OF_SCAN = 0xda;

function readJpeg(bytes: Buffer): ImageHeader | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff) return null;
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    // Fill bytes: any number of 0xFF may precede a marker.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (isStandalone(marker)) {
      offset += 2;
      continue;
    }
    // The image data starts before any frame header was seen: not a well-formed JPEG.
    if (marker === START_OF_SCAN) return null;
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      // Length (2), precision (1), height (2), width (2).
      if (offset + 9 > bytes.length) return null;
      return { type: 'jpeg', height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  return null;
}

/** The type by magic bytes alone: PNG's signature or JPEG's start-of-image marker. */
export function imageTypeOf(bytes: Buffer): ImageType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  return null;
}

/** The image's type and size, or null when the bytes are neither a PNG nor a JPEG with a readable header. */
export function readImageHeader(bytes: Buffer): ImageHeader | null {
  return readPng(bytes) ?? readJpeg(bytes);
}

export function hasSaneDimensions({ width, height }: ImageHeader): boolean {
  return width >= 1 && height >= 1 && width <= MAX_IMAGE_SIDE && height <= MAX_IMAGE_SIDE;
}

export const CONTENT_TYPES: Record<ImageType, string> = { png: 'image/png', jpeg: 'image/jpeg' };
export const EXTENSIONS: Record<ImageType, string> = { png: 'png', jpeg: 'jpg' };
