/*
 * LINE's rules for a rich-menu image (DESIGN.md section 7), as one pure check the browser runs
 * before uploading and the server runs again on the bytes it received. The reasons are codes; each
 * has its Japanese message here so that both sides word a refusal the same way.
 */

export const RICH_MENU_IMAGE_MAX_BYTES = 1024 * 1024;
export const RICH_MENU_IMAGE_MIN_WIDTH = 800;
export const RICH_MENU_IMAGE_MAX_WIDTH = 2500;
export const RICH_MENU_IMAGE_MIN_HEIGHT = 250;
export const RICH_MENU_IMAGE_MIN_RATIO = 1.45;
export const RICH_MENU_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
export type RichMenuImageType = (typeof RICH_MENU_IMAGE_TYPES)[number];

export const RICH_MENU_IMAGE_REASONS = ['type', 'too_large', 'width', 'height', 'ratio'] as const;
export type RichMenuImageReason = (typeof RICH_MENU_IMAGE_REASONS)[number];

export const RICH_MENU_IMAGE_MESSAGES: Record<RichMenuImageReason, string> = {
  type: 'リッチメニューの画像はJPEGまたはPNGにしてください。',
  too_large: 'リッチメニューの画像は1MB以下にしてください。',
  width: `リッチメニューの画像の幅は${RICH_MENU_IMAGE_MIN_WIDTH}〜${RICH_MENU_IMAGE_MAX_WIDTH}ピクセルにしてください。`,
  height: `リッチメニューの画像の高さは${RICH_MENU_IMAGE_MIN_HEIGHT}ピクセル以上にしてください。`,
  ratio: `リッチメニューの画像は幅÷高さが${RICH_MENU_IMAGE_MIN_RATIO}以上になるようにしてください。`,
};

export interface RichMenuImageFacts {
  /** The type the bytes are (null: neither JPEG nor PNG). */
  type: RichMenuImageType | null;
  bytes: number;
  width: number;
  height: number;
}

/** The first rule the image breaks, or null when LINE accepts it. */
export function richMenuImageProblem(image: RichMenuImageFacts): RichMenuImageReason | null {
  if (image.type === null) return 'type';
  if (image.bytes > RICH_MENU_IMAGE_MAX_BYTES) return 'too_large';
  if (image.width < RICH_MENU_IMAGE_MIN_WIDTH || image.width > RICH_MENU_IMAGE_MAX_WIDTH) return 'width';
  if (image.height < RICH_MENU_IMAGE_MIN_HEIGHT) return 'height';
  if (image.width / image.height < RICH_MENU_IMAGE_MIN_RATIO) return 'ratio';
  return null;
}

/** The reason of a server's 422 on an upload (its `errors.file.description`), for the web to word its own way. */
export function richMenuImageReasonOf(description: string): RichMenuImageReason | null {
  return RICH_MENU_IMAGE_REASONS.find((reason) => RICH_MENU_IMAGE_MESSAGES[reason] === description) ?? null;
}
