import { describe, expect, it } from 'vitest';
import {
  LINE_EMOJI,
  LINE_LIMITS,
  SENDABLE_STICKERS,
  emojiImageUrl,
  isSendableSticker,
  stickerImageUrl,
} from './limits.ts';

describe('LINE limits', () => {
  it('states the documented limits', () => {
    expect(LINE_LIMITS).toMatchObject({ textMax: 5000, emojiMax: 20, carouselColumnsMax: 10, quickReplyItemsMax: 13 });
  });

  it('lists the sendable stickers from their id ranges, ends included', () => {
    const basic = SENDABLE_STICKERS.find((pack) => pack.packageId === '446');
    expect(basic?.stickerIds).toHaveLength(40);
    expect(basic?.stickerIds[0]).toBe('1988');
    expect(basic?.stickerIds.at(-1)).toBe('2027');
    expect(SENDABLE_STICKERS.find((pack) => pack.packageId === '6136')?.stickerIds).toHaveLength(24);
    expect(SENDABLE_STICKERS).toHaveLength(15);
  });

  it('knows which stickers a bot may send', () => {
    expect(isSendableSticker('11539', '52114149')).toBe(true);
    expect(isSendableSticker('446', '2028')).toBe(false);
    expect(isSendableSticker('789', '1988')).toBe(false);
  });

  it('offers LINE emoji 001 to 040', () => {
    expect(LINE_EMOJI[0]?.emojiIds.slice(0, 2)).toEqual(['001', '002']);
    expect(LINE_EMOJI[0]?.emojiIds).toHaveLength(40);
    expect(LINE_EMOJI[0]?.emojiIds.at(-1)).toBe('040');
  });

  it('addresses sticker and emoji pictures on the LINE CDN', () => {
    expect(stickerImageUrl('1988')).toBe(
      'https://stickershop.line-scdn.net/stickershop/v1/sticker/1988/android/sticker.png',
    );
    expect(emojiImageUrl('5ac1bfd5040ab15980c9b435', '001')).toBe(
      'https://stickershop.line-scdn.net/sticonshop/v1/sticon/5ac1bfd5040ab15980c9b435/iPhone/001.png',
    );
  });
});
