/*
 * LINE Messaging API limits the builder enforces before anything is sent (LINE documents them per
 * message object; altTextMax is our own, lower than LINE's 1500, so notifications stay readable).
 */
export const LINE_LIMITS = {
  textMax: 5000,
  emojiMax: 20,
  altTextMax: 400,
  confirmTextMax: 240,
  carouselColumnsMax: 10,
  columnActionsMax: 3,
  columnTitleMax: 40,
  columnTextMax: 120,
  /** A column with an image or a title leaves less room for the text. */
  columnTextWithImageOrTitleMax: 60,
  imageCarouselColumnsMax: 10,
  linkUrlsMax: 20,
  quickReplyItemsMax: 13,
  actionLabelMax: 20,
  actionTextMax: 300,
  displayTextMax: 300,
  uriMax: 1000,
  /** Each edge of an image carousel image, in pixels. */
  imageMaxEdge: 1024,
  scoreMin: -10000,
  scoreMax: 10000,
} as const;

/** Image addresses (original and preview) LINE accepts. */
export const IMAGE_URL_MAX = 2000;
/** The confirm template has exactly this many answers. */
export const CONFIRM_ACTIONS_COUNT = 2;
/** Flex images: LINE refuses an aspect ratio taller than 3 times the width. */
export const FLEX_IMAGE_MAX_HEIGHT_RATIO = 3;
/** Schemes LINE opens from a uri action. */
export const URI_SCHEMES = ['http:', 'https:', 'tel:', 'line:'] as const;

export interface StickerPackage {
  packageId: string;
  stickerIds: string[];
}

export interface EmojiProduct {
  productId: string;
  emojiIds: string[];
}

function idRange(first: number, last: number): string[] {
  return Array.from({ length: last - first + 1 }, (_, offset) => String(first + offset));
}

/** The stickers LINE lets bots send ("List of available stickers"), by package. */
export const SENDABLE_STICKERS: StickerPackage[] = [
  { packageId: '446', stickerIds: idRange(1988, 2027) },
  { packageId: '789', stickerIds: idRange(10855, 10894) },
  { packageId: '1070', stickerIds: idRange(17839, 17878) },
  { packageId: '6136', stickerIds: idRange(10551376, 10551399) },
  { packageId: '6325', stickerIds: idRange(10979904, 10979927) },
  { packageId: '6359', stickerIds: idRange(11069848, 11069871) },
  { packageId: '6362', stickerIds: idRange(11087920, 11087943) },
  { packageId: '6370', stickerIds: idRange(11088016, 11088039) },
  { packageId: '6632', stickerIds: idRange(11825374, 11825397) },
  { packageId: '8515', stickerIds: idRange(16581242, 16581265) },
  { packageId: '8522', stickerIds: idRange(16581266, 16581289) },
  { packageId: '8525', stickerIds: idRange(16581290, 16581313) },
  { packageId: '11537', stickerIds: idRange(52002734, 52002773) },
  { packageId: '11538', stickerIds: idRange(51626494, 51626533) },
  { packageId: '11539', stickerIds: idRange(52114110, 52114149) },
];

/** LINE emoji the builder offers (one product; ids are zero-padded to three digits). */
export const LINE_EMOJI: EmojiProduct[] = [
  {
    productId: '5ac1bfd5040ab15980c9b435',
    emojiIds: Array.from({ length: 40 }, (_, offset) => String(offset + 1).padStart(3, '0')),
  },
];

/** Whether LINE lets a bot send this sticker. */
export function isSendableSticker(packageId: string, stickerId: string): boolean {
  return SENDABLE_STICKERS.some((pack) => pack.packageId === packageId && pack.stickerIds.includes(stickerId));
}

/** The sticker's picture on LINE's CDN (unreachable offline: show a text fallback too). */
export function stickerImageUrl(stickerId: string): string {
  return `https://stickershop.line-scdn.net/stickershop/v1/sticker/${stickerId}/android/sticker.png`;
}

/** The LINE emoji's picture on LINE's CDN (unreachable offline: show a text fallback too). */
export function emojiImageUrl(productId: string, emojiId: string): string {
  return `https://stickershop.line-scdn.net/sticonshop/v1/sticon/${productId}/iPhone/${emojiId}.png`;
}
