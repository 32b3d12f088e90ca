/*
 * Every kind of message the console's builder makes, at LINE's limits, converted with the
 * contract's toLineMessage and pushed through the simulator: LINE's OpenAPI description and its
 * documented limits must accept each one. What goes over a limit is caught earlier, by
 * validateMessage, so the console never sends it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  LINE_EMOJI,
  LINE_LIMITS,
  NAME_VARIABLE,
  SENDABLE_STICKERS,
  countedLength,
  emojiToken,
  emptyMessage,
  infoVariable,
  newAction,
  newColumn,
  newImageCarouselColumn,
  newLinkUrl,
  toLineMessage,
  validateMessage,
  type ActionType,
  type BuilderMessage,
  type MessageAction,
  type MessageColumn,
  type MessageImageCarousel,
} from '@linq/contract';
import { lineError, setup, type Env } from './test-support.ts';

let env: Env;
beforeEach(async () => {
  env = await setup();
});
afterEach(async () => {
  await env.stop();
});

const context = { friendName: '山田 花子', infoValues: { 1: 'ゴールド会員' } };
const emoji = LINE_EMOJI[0]!;
let nextId = 1;

/** A saved action of the type with every field at its longest. */
function fullAction(type: ActionType, labelMax = true): MessageAction {
  const action = { ...newAction(type), id: nextId++, label: labelMax ? 'ラ'.repeat(LINE_LIMITS.actionLabelMax) : '' };
  switch (type) {
    case 'message':
      return {
        ...action,
        text: 'あ'.repeat(LINE_LIMITS.actionTextMax),
        score: { id: null, value: LINE_LIMITS.scoreMax },
      };
    case 'postback':
      return {
        ...action,
        display_text: 'い'.repeat(LINE_LIMITS.displayTextMax),
        score: { id: null, value: LINE_LIMITS.scoreMin },
      };
    case 'uri':
      return { ...action, uri: `https://example.com/?q=${'a'.repeat(LINE_LIMITS.uriMax - 23)}` };
  }
}

const ACTION_KINDS: ActionType[] = ['message', 'postback', 'uri'];
const kindAt = (index: number): ActionType => ACTION_KINDS[index % ACTION_KINDS.length]!;

function message(type: BuilderMessage['message_type'], fields: Partial<BuilderMessage>): BuilderMessage {
  return { ...emptyMessage(type), ...fields };
}

function maxColumn(index: number, withImageAndTitle: boolean): MessageColumn {
  const actions = Array.from({ length: LINE_LIMITS.columnActionsMax }, (_, i) => fullAction(kindAt(index + i)));
  if (!withImageAndTitle)
    return { ...newColumn(0), text: '本'.repeat(LINE_LIMITS.columnTextMax), message_actions: actions };
  return {
    ...newColumn(0),
    image_url: `https://example.com/cards/${index}.jpg`,
    title: `${NAME_VARIABLE}${'題'.repeat(LINE_LIMITS.columnTitleMax - NAME_VARIABLE.length)}`,
    text: '本'.repeat(LINE_LIMITS.columnTextWithImageOrTitleMax),
    message_actions: actions,
  };
}

/** An image of the size with LINE's most tap areas: a grid of strips, a third without labels. */
function maxImageColumn(index: number, width: number, height: number): MessageImageCarousel {
  const column = newImageCarouselColumn({ url: `https://example.com/images/${index}.png`, width, height });
  const stripHeight = height / LINE_LIMITS.linkUrlsMax;
  const areas = Array.from({ length: LINE_LIMITS.linkUrlsMax }, (_, i) => ({
    ...newLinkUrl({ axis_x: 0, axis_y: Math.floor(i * stripHeight), width, height: Math.floor(stripHeight) }),
    ...fullAction(kindAt(i), i % 3 !== 0),
  }));
  return { ...column, link_urls: areas };
}

const emojiText =
  emoji.emojiIds
    .slice(0, LINE_LIMITS.emojiMax)
    .map((id) => emojiToken(emoji.productId, id))
    .join('') + `${NAME_VARIABLE}様 ${infoVariable(1)}`;

const builderMessages: [string, BuilderMessage][] = [
  [
    'text of 5000 characters with 20 LINE emoji and variables',
    message('text_message', { text: emojiText + 'あ'.repeat(LINE_LIMITS.textMax - countedLength(emojiText)) }),
  ],
  [
    'quick reply with 13 items of every action kind',
    message('quick_reply', {
      text: `${NAME_VARIABLE}さん、どれにしますか ${emojiToken(emoji.productId, '001')}`,
      message_quick_reply: {
        id: null,
        message_actions: Array.from({ length: LINE_LIMITS.quickReplyItemsMax }, (_, i) => fullAction(kindAt(i))),
      },
    }),
  ],
  ['image', message('image', { image_url: 'https://example.com/files/photo.jpg' })],
  ...SENDABLE_STICKERS.map(({ packageId, stickerIds }): [string, BuilderMessage] => [
    `sticker ${packageId}/${stickerIds.at(-1)}`,
    message('sticker', { sticker_package_id: packageId, sticker_id: stickerIds.at(-1)! }),
  ]),
  [
    'confirm with a 240-character question and the 400-character alt text',
    message('confirm', {
      alt_text: '通'.repeat(LINE_LIMITS.altTextMax),
      message_confirm: {
        id: null,
        text: `${NAME_VARIABLE}${'問'.repeat(LINE_LIMITS.confirmTextMax - NAME_VARIABLE.length)}`,
        message_actions: [fullAction('message'), fullAction('uri')],
      },
    }),
  ],
  [
    'confirm with postback answers',
    message('confirm', {
      message_confirm: {
        id: null,
        text: '来店しますか',
        message_actions: [fullAction('postback'), fullAction('postback')],
      },
    }),
  ],
  [
    'carousel of 10 columns with images, titles and 3 buttons each',
    message('carousel', {
      message_columns: Array.from({ length: LINE_LIMITS.carouselColumnsMax }, (_, i) => maxColumn(i, true)),
    }),
  ],
  [
    'carousel of 10 text-only columns of 120 characters',
    message('carousel', {
      message_columns: Array.from({ length: LINE_LIMITS.carouselColumnsMax }, (_, i) => maxColumn(i, false)),
    }),
  ],
  [
    'image carousel of 10 images with 20 tap areas each',
    message('image_carousel', {
      message_image_carousels: Array.from({ length: LINE_LIMITS.imageCarouselColumnsMax }, (_, i) =>
        i % 2 === 0
          ? maxImageColumn(i, LINE_LIMITS.imageMaxEdge, LINE_LIMITS.imageMaxEdge)
          : maxImageColumn(i, 341, 1023),
      ),
    }),
  ],
  [
    'image carousel tap areas opening tel: and line: addresses',
    message('image_carousel', {
      message_image_carousels: [
        {
          ...newImageCarouselColumn({ url: 'https://example.com/images/shop.png', width: 1000, height: 333 }),
          link_urls: [
            { ...newLinkUrl({ axis_x: 0, axis_y: 0, width: 500, height: 333 }), uri: 'tel:0312345678' },
            { ...newLinkUrl({ axis_x: 500, axis_y: 0, width: 500, height: 333 }), uri: 'line://ti/p/@demo-honten' },
          ],
        },
      ],
    }),
  ],
];

describe('builder messages on the LINE simulator', () => {
  it.each(builderMessages)('%s: valid for the builder and accepted by LINE', async (_name, builderMessage) => {
    expect(validateMessage(builderMessage)).toEqual([]);
    const friend = env.channel.createFriend();
    await friend.follow();
    const lineMessage = toLineMessage(builderMessage, context);
    const response = await env.client.pushMessage({ to: friend.userId, messages: [lineMessage] });
    expect(response.sentMessages).toHaveLength(1);
    expect(friend.inbox().map((sent) => sent.message)).toEqual([lineMessage]);
  });

  it('an 11th carousel column is refused by validateMessage, as LINE would refuse it', async () => {
    const tooMany = message('carousel', {
      message_columns: Array.from({ length: LINE_LIMITS.carouselColumnsMax + 1 }, (_, i) => maxColumn(i, false)),
    });
    expect(validateMessage(tooMany)).toEqual([
      { path: ['message_columns'], message: 'カードは10枚までです（LINEの上限）' },
    ]);
    const refused = await lineError(
      env.client.pushMessage({ to: env.channel.createFriend().userId, messages: [toLineMessage(tooMany, context)] }),
    );
    expect(refused.status).toBe(400);
  });
});
