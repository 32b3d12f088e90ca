import { describe, expect, it } from 'vitest';
import { emptyMessage, newAction, newColumn, newImageCarouselColumn } from './defaults.ts';
import type { BuilderMessage, MessageAction, MessageType } from './model.ts';
import { actionPostbackData, parseActionPostbackData, templateAltText, toLineMessage } from './to-line.ts';
import { NAME_VARIABLE, emojiToken, infoVariable } from './variables.ts';

const context = { friendName: '花子', infoValues: { 3: 'ゴールド' } };

function action(fields: Partial<MessageAction>): MessageAction {
  return { ...newAction(fields.action_type), ...fields };
}

function message(type: MessageType, fields: Partial<BuilderMessage> = {}): BuilderMessage {
  return { ...emptyMessage(type), ...fields };
}

describe('actionPostbackData', () => {
  it('carries the action id and reads it back', () => {
    expect(actionPostbackData(42)).toBe('linq:a:42');
    expect(parseActionPostbackData(actionPostbackData(42))).toBe(42);
  });

  it('reads nothing from foreign data or an unsaved action', () => {
    expect(parseActionPostbackData('action=buy&item=1')).toBeNull();
    expect(parseActionPostbackData('linq:a:0')).toBeNull();
    expect(parseActionPostbackData('linq:a:12x')).toBeNull();
    expect(parseActionPostbackData(actionPostbackData(null))).toBeNull();
  });
});

describe('toLineMessage', () => {
  it('sends a text with its variables filled in and LINE emoji as $', () => {
    const text = `${NAME_VARIABLE}様 ${emojiToken('5ac1bfd5040ab15980c9b435', '002')} ${infoVariable(3)}会員`;
    expect(toLineMessage(message('text_message', { text }), context)).toEqual({
      type: 'text',
      text: '花子様 $ ゴールド会員',
      emojis: [{ index: 4, productId: '5ac1bfd5040ab15980c9b435', emojiId: '002' }],
    });
  });

  it('leaves emojis out when there are none', () => {
    expect(toLineMessage(message('text_message', { text: 'こんにちは' }), context)).toEqual({
      type: 'text',
      text: 'こんにちは',
    });
  });

  it('sends an image as both original and preview', () => {
    expect(toLineMessage(message('image', { image_url: 'https://example.com/a.png' }), context)).toEqual({
      type: 'image',
      originalContentUrl: 'https://example.com/a.png',
      previewImageUrl: 'https://example.com/a.png',
    });
  });

  it('sends a sticker by its ids', () => {
    const sticker = message('sticker', { sticker_package_id: '446', sticker_id: '1988' });
    expect(toLineMessage(sticker, context)).toEqual({ type: 'sticker', packageId: '446', stickerId: '1988' });
  });

  it('turns message and postback actions into postbacks with the action id; uri stays uri', () => {
    const actions = [
      action({ id: 1, action_type: 'message', label: 'はい', text: `${NAME_VARIABLE}です` }),
      action({ id: 2, action_type: 'postback', label: '記録', display_text: null }),
      action({ id: 3, action_type: 'postback', label: '表示', display_text: '押しました' }),
      action({ id: 4, action_type: 'uri', label: '開く', uri: 'https://example.com' }),
    ];
    const quickReply = message('quick_reply', {
      text: '選んで',
      message_quick_reply: { id: null, message_actions: actions },
    });
    expect(toLineMessage(quickReply, context)).toEqual({
      type: 'text',
      text: '選んで',
      quickReply: {
        items: [
          { type: 'action', action: { type: 'postback', label: 'はい', data: 'linq:a:1', displayText: '花子です' } },
          { type: 'action', action: { type: 'postback', label: '記録', data: 'linq:a:2' } },
          { type: 'action', action: { type: 'postback', label: '表示', data: 'linq:a:3', displayText: '押しました' } },
          { type: 'action', action: { type: 'uri', label: '開く', uri: 'https://example.com' } },
        ],
      },
    });
  });

  it('sends a confirm as a confirm template whose alt text is its question', () => {
    const confirm = emptyMessage('confirm');
    const target = {
      ...confirm,
      message_confirm: {
        id: null,
        text: `${NAME_VARIABLE}さん、来店しますか`,
        message_actions: confirm.message_confirm?.message_actions ?? [],
      },
    };
    const line = toLineMessage(target, context);
    expect(line).toMatchObject({
      type: 'template',
      altText: '花子さん、来店しますか',
      template: {
        type: 'confirm',
        text: '花子さん、来店しますか',
        actions: [
          { type: 'postback', label: 'はい', data: 'linq:a:new', displayText: 'はい' },
          { type: 'postback', label: 'いいえ', data: 'linq:a:new', displayText: 'いいえ' },
        ],
      },
    });
  });

  it('sends a carousel with images and titles only where set', () => {
    const columns = [
      {
        ...newColumn(0),
        title: 'A',
        image_url: 'https://example.com/a.png',
        text: 'a',
        message_actions: [action({ id: 5, label: 'x', text: 'x' })],
      },
      {
        ...newColumn(0),
        text: 'b',
        message_actions: [action({ action_type: 'uri', label: 'y', uri: 'https://example.com' })],
      },
    ];
    expect(toLineMessage(message('carousel', { message_columns: columns }), context)).toEqual({
      type: 'template',
      altText: 'A',
      template: {
        type: 'carousel',
        columns: [
          {
            thumbnailImageUrl: 'https://example.com/a.png',
            title: 'A',
            text: 'a',
            actions: [{ type: 'postback', label: 'x', data: 'linq:a:5', displayText: 'x' }],
          },
          { text: 'b', actions: [{ type: 'uri', label: 'y', uri: 'https://example.com' }] },
        ],
      },
    });
  });

  it('sends an image carousel as a Flex carousel with one transparent box per tap area, in percent', () => {
    const column = newImageCarouselColumn({ url: 'https://example.com/a.png', width: 1024, height: 768 });
    const areas = [
      { ...column.link_urls[0]!, id: 9, axis_x: 0, axis_y: 0, width: 512, height: 768, uri: 'https://example.com' },
      {
        ...column.link_urls[0]!,
        id: 10,
        action_type: 'postback' as const,
        label: '',
        uri: null,
        axis_x: 512,
        axis_y: 100,
        width: 341,
        height: 200,
      },
    ];
    const line = toLineMessage(
      message('image_carousel', { message_image_carousels: [{ ...column, link_urls: areas }] }),
      context,
    );
    expect(line).toEqual({
      type: 'flex',
      altText: '画像が届きました',
      contents: {
        type: 'carousel',
        contents: [
          {
            type: 'bubble',
            body: {
              type: 'box',
              layout: 'vertical',
              paddingAll: '0px',
              contents: [
                {
                  type: 'image',
                  url: 'https://example.com/a.png',
                  size: 'full',
                  aspectMode: 'cover',
                  aspectRatio: '1024:768',
                },
                {
                  type: 'box',
                  layout: 'vertical',
                  position: 'absolute',
                  offsetTop: '0%',
                  offsetStart: '0%',
                  width: '50%',
                  height: '100%',
                  contents: [],
                  action: { type: 'uri', uri: 'https://example.com' },
                },
                {
                  type: 'box',
                  layout: 'vertical',
                  position: 'absolute',
                  offsetTop: '13.02%',
                  offsetStart: '50%',
                  width: '33.3%',
                  height: '26.04%',
                  contents: [],
                  action: { type: 'postback', data: 'linq:a:10' },
                },
              ],
            },
          },
        ],
      },
    });
  });

  it('cuts a text a long variable value pushes over the LINE limit, with the emoji past the cut', () => {
    const long = { friendName: 'な'.repeat(20), infoValues: {} };
    const text = 'あ'.repeat(4980) + NAME_VARIABLE + emojiToken('5ac1bfd5040ab15980c9b435', '001');
    const line = toLineMessage(message('text_message', { text }), long);
    expect(line).toEqual({ type: 'text', text: 'あ'.repeat(4980) + 'な'.repeat(20) });
  });

  it('cuts a carousel title and text filled with a long name to the column limits', () => {
    const columns = [{ ...newColumn(), title: `${NAME_VARIABLE}様`, text: `${NAME_VARIABLE}${'あ'.repeat(52)}` }];
    const line = toLineMessage(message('carousel', { message_columns: columns }), {
      friendName: 'な'.repeat(40),
      infoValues: {},
    });
    expect(line.type === 'template' && line.template.type === 'carousel' && line.template.columns[0]).toMatchObject({
      title: 'な'.repeat(40),
      text: 'な'.repeat(40) + 'あ'.repeat(20),
    });
  });

  it('sends the tracked link instead of the address of each uri action and tap area in trackedUris', () => {
    const tracked = {
      ...context,
      trackedUris: { 4: 'https://console.example/redirects/a', 9: 'https://console.example/redirects/b' },
    };
    const buttons = [
      action({ id: 4, action_type: 'uri', label: '開く', uri: 'https://example.com/a' }),
      action({ id: 5, action_type: 'uri', label: '電話', uri: 'tel:0312345678' }),
      action({ id: 6, action_type: 'postback', label: '記録' }),
    ];
    const line = toLineMessage(
      message('quick_reply', { text: '選んで', message_quick_reply: { id: null, message_actions: buttons } }),
      tracked,
    );
    expect(line.type === 'text' && line.quickReply?.items.map((item) => item.action)).toEqual([
      { type: 'uri', label: '開く', uri: 'https://console.example/redirects/a' },
      { type: 'uri', label: '電話', uri: 'tel:0312345678' },
      { type: 'postback', label: '記録', data: 'linq:a:6' },
    ]);

    const column = newImageCarouselColumn({ url: 'https://example.com/a.png', width: 100, height: 100 });
    const area = { ...column.link_urls[0]!, label: '', uri: 'https://example.com/b' };
    const carousel = message('image_carousel', {
      message_image_carousels: [
        {
          ...column,
          link_urls: [
            { ...area, id: 9 },
            { ...area, id: 10 },
          ],
        },
      ],
    });
    const flex = toLineMessage(carousel, tracked);
    expect(flex.type === 'flex' && flex.contents.contents[0]?.body.contents.slice(1)).toMatchObject([
      { action: { type: 'uri', uri: 'https://console.example/redirects/b' } },
      { action: { type: 'uri', uri: 'https://example.com/b' } },
    ]);
  });

  it('keeps the address of an unsaved uri action, which has no id to track it by', () => {
    const unsaved = action({ id: null, action_type: 'uri', label: '開く', uri: 'https://example.com/a' });
    const line = toLineMessage(
      message('confirm', { message_confirm: { id: null, text: '?', message_actions: [unsaved, unsaved] } }),
      { ...context, trackedUris: { 0: 'https://console.example/redirects/a' } },
    );
    expect(line.type === 'template' && line.template.type === 'confirm' && line.template.actions[0]).toEqual({
      type: 'uri',
      label: '開く',
      uri: 'https://example.com/a',
    });
  });

  it('keeps an image area label when one is given', () => {
    const column = newImageCarouselColumn({ url: 'https://example.com/a.png', width: 100, height: 100 });
    const labelled = {
      ...column,
      link_urls: column.link_urls.map((area) => ({ ...area, label: 'サイトへ', uri: 'https://example.com' })),
    };
    const line = toLineMessage(message('image_carousel', { message_image_carousels: [labelled] }), context);
    expect(line.type === 'flex' && line.contents.contents[0]?.body.contents[1]).toMatchObject({
      action: { type: 'uri', label: 'サイトへ' },
    });
  });
});

describe('templateAltText', () => {
  it('prefers the alt text, with variables filled in', () => {
    expect(templateAltText(message('carousel', { alt_text: `${NAME_VARIABLE}さんへ新商品` }), context)).toBe(
      '花子さんへ新商品',
    );
  });

  it('falls back to the first column title, then its text', () => {
    const untitled = [{ ...newColumn(), text: '本文です' }];
    expect(templateAltText(message('carousel', { message_columns: untitled }))).toBe('本文です');
  });

  it('cuts to 400 characters without splitting a surrogate pair', () => {
    expect(templateAltText(message('carousel', { alt_text: 'あ'.repeat(500) }))).toHaveLength(400);
    expect(templateAltText(message('carousel', { alt_text: 'あ'.repeat(399) + '😀' }))).toBe('あ'.repeat(399));
  });

  it('never answers an empty text', () => {
    expect(templateAltText(message('confirm'))).toBe('メッセージが届きました');
  });
});
