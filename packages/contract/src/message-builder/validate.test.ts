import { describe, expect, it } from 'vitest';
import { emptyMessage, newAction, newColumn, newImageCarouselColumn, newLinkUrl } from './defaults.ts';
import { LINE_LIMITS } from './limits.ts';
import type { BuilderMessage, MessageAction, MessageType } from './model.ts';
import { attributesPath, modelPath, validateMessage } from './validate.ts';
import { NAME_VARIABLE, emojiToken } from './variables.ts';

const smile = emojiToken('5ac1bfd5040ab15980c9b435', '001');

/** A filled-in action of the type (message by default) that passes validation unless `fields` break it. */
function action(fields: Partial<MessageAction> = {}): MessageAction {
  const type = fields.action_type ?? 'message';
  return { ...newAction(type), label: 'ボタン', ...(type === 'message' ? { text: 'はい' } : {}), ...fields };
}

function message(type: MessageType, fields: Partial<BuilderMessage> = {}): BuilderMessage {
  return { ...emptyMessage(type), ...fields };
}

function textColumn(text = '本文', actions = [action()]) {
  return { ...newColumn(0), text, message_actions: actions };
}

function imageColumn(width = 1024, height = 1024) {
  const column = newImageCarouselColumn({ url: 'https://example.com/a.png', width, height });
  return { ...column, link_urls: column.link_urls.map((area) => ({ ...area, uri: 'https://example.com' })) };
}

/** The paths of the issues, joined for readable expectations. */
function issuePaths(target: BuilderMessage): string[] {
  return validateMessage(target).map((issue) => issue.path.join('.'));
}

describe('validateMessage', () => {
  it('accepts a text at the limits: 5000 characters with 20 emoji counted as one each', () => {
    const emoji = smile.repeat(LINE_LIMITS.emojiMax);
    expect(validateMessage(message('text_message', { text: emoji + 'あ'.repeat(5000 - 20) }))).toEqual([]);
  });

  it('rejects an empty text, a longer one and a 21st emoji', () => {
    expect(validateMessage(message('text_message', { text: '  ' }))).toEqual([
      { path: ['text'], message: 'テキストを入力してください' },
    ]);
    expect(validateMessage(message('text_message', { text: 'あ'.repeat(5001) }))[0]?.message).toBe(
      'テキストは5000文字以内にしてください（LINEの上限）',
    );
    expect(validateMessage(message('text_message', { text: smile.repeat(21) }))[0]?.message).toBe(
      'LINE絵文字は20個までです（LINEの上限）',
    );
  });

  it('counts a variable by its token length', () => {
    const text = NAME_VARIABLE + 'あ'.repeat(5000 - NAME_VARIABLE.length);
    expect(validateMessage(message('text_message', { text }))).toEqual([]);
    expect(issuePaths(message('text_message', { text: text + 'あ' }))).toEqual(['text']);
  });

  it('checks only the parts of the message type', () => {
    const switched = message('text_message', { text: 'こんにちは', message_columns: [textColumn('', [])] });
    expect(validateMessage(switched)).toEqual([]);
  });

  it('requires an http(s) image address of at most 2000 characters', () => {
    expect(issuePaths(message('image'))).toEqual(['image_url']);
    expect(issuePaths(message('image', { image_url: 'ftp://example.com/a.png' }))).toEqual(['image_url']);
    expect(issuePaths(message('image', { image_url: `https://example.com/${'a'.repeat(2000)}` }))).toEqual([
      'image_url',
    ]);
    expect(validateMessage(message('image', { image_url: 'https://example.com/a.png' }))).toEqual([]);
  });

  it('accepts only stickers LINE lets bots send', () => {
    expect(validateMessage(message('sticker', { sticker_package_id: '446', sticker_id: '1988' }))).toEqual([]);
    expect(validateMessage(message('sticker', { sticker_package_id: '446', sticker_id: '1' }))[0]?.message).toBe(
      'このスタンプはLINE公式アカウントから送れません',
    );
    expect(issuePaths(message('sticker'))).toEqual(['sticker_id']);
  });

  it('requires a confirm question of at most 240 characters and exactly two answers', () => {
    const confirm = emptyMessage('confirm');
    const valid = {
      ...confirm,
      message_confirm: { id: null, text: 'あ'.repeat(240), message_actions: [action(), action()] },
    };
    expect(validateMessage(valid)).toEqual([]);
    const invalid = { ...confirm, message_confirm: { id: null, text: 'あ'.repeat(241), message_actions: [action()] } };
    expect(issuePaths(invalid)).toEqual(['message_confirm.text', 'message_confirm.message_actions']);
  });

  it('names the label limit and the path of the button', () => {
    const confirm = emptyMessage('confirm');
    const long = {
      ...confirm,
      message_confirm: {
        id: null,
        text: '来店しますか',
        message_actions: [action(), action({ label: 'あ'.repeat(21) })],
      },
    };
    expect(validateMessage(long)).toEqual([
      {
        path: ['message_confirm', 'message_actions', 1, 'label'],
        message: 'ラベルは20文字以内にしてください（LINEの上限）',
      },
    ]);
  });

  it('requires a message action text (≤300), limits a display text (≤300) and checks the uri scheme', () => {
    const actions = [
      action({ action_type: 'message', label: 'a', text: '' }),
      action({ action_type: 'postback', label: 'b', display_text: 'あ'.repeat(301) }),
      action({ action_type: 'uri', label: 'c', uri: 'javascript:alert(1)' }),
      action({ action_type: 'uri', label: 'd', uri: `https://example.com/${'a'.repeat(1000)}` }),
    ];
    const target = message('quick_reply', {
      text: '選んでください',
      message_quick_reply: { id: null, message_actions: actions },
    });
    expect(issuePaths(target)).toEqual([
      'message_quick_reply.message_actions.0.text',
      'message_quick_reply.message_actions.1.display_text',
      'message_quick_reply.message_actions.2.uri',
      'message_quick_reply.message_actions.3.uri',
    ]);
    const fine = [
      action({ action_type: 'uri', label: 'tel', uri: 'tel:0312345678' }),
      action({ action_type: 'uri', label: 'line', uri: 'line://ti/p/@demo' }),
      // A form link: the friend's own signed link is filled in when the message is sent.
      action({ action_type: 'uri', label: 'form', uri: '{{form:12}}' }),
      action({ action_type: 'postback', label: 'p', display_text: null }),
    ];
    expect(validateMessage({ ...target, message_quick_reply: { id: null, message_actions: fine } })).toEqual([]);
  });

  it('allows 1 to 13 quick-reply items', () => {
    const items = (count: number) => ({ id: null, message_actions: Array.from({ length: count }, () => action()) });
    expect(validateMessage(message('quick_reply', { text: 'a', message_quick_reply: items(13) }))).toEqual([]);
    expect(issuePaths(message('quick_reply', { text: 'a', message_quick_reply: items(14) }))).toEqual([
      'message_quick_reply.message_actions',
    ]);
    expect(issuePaths(message('quick_reply', { text: 'a', message_quick_reply: items(0) }))).toEqual([
      'message_quick_reply.message_actions',
    ]);
  });

  it('keeps a score an integer between -10000 and 10000', () => {
    const scored = (value: number) =>
      message('quick_reply', {
        text: 'a',
        message_quick_reply: { id: null, message_actions: [action({ score: { id: null, value } })] },
      });
    expect(validateMessage(scored(-10000))).toEqual([]);
    expect(validateMessage(scored(10000))).toEqual([]);
    expect(issuePaths(scored(10001))).toEqual(['message_quick_reply.message_actions.0.score.value']);
    expect(issuePaths(scored(1.5))).toEqual(['message_quick_reply.message_actions.0.score.value']);
  });

  it('allows 1 to 10 carousel columns with 1 to 3 buttons, the same number in every column', () => {
    const columns = (count: number) =>
      Array.from({ length: count }, () => textColumn('あ'.repeat(120), [action(), action(), action()]));
    expect(validateMessage(message('carousel', { message_columns: columns(10) }))).toEqual([]);
    expect(issuePaths(message('carousel', { message_columns: columns(11) }))).toEqual(['message_columns']);
    expect(issuePaths(message('carousel', { message_columns: [] }))).toEqual(['message_columns']);
    const uneven = [textColumn('a', [action()]), textColumn('b', [action(), action()]), textColumn('c', [])];
    expect(issuePaths(message('carousel', { message_columns: uneven }))).toEqual([
      'message_columns.1.message_actions',
      'message_columns.2.message_actions',
    ]);
    const four = [textColumn('a', [action(), action(), action(), action()])];
    expect(issuePaths(message('carousel', { message_columns: four }))).toEqual(['message_columns.0.message_actions']);
  });

  it('limits a column text to 120 characters, or 60 when the columns have an image or a title', () => {
    expect(issuePaths(message('carousel', { message_columns: [textColumn('あ'.repeat(121))] }))).toEqual([
      'message_columns.0.text',
    ]);
    const titled = [{ ...textColumn('あ'.repeat(61)), title: 'あ'.repeat(40) }];
    expect(validateMessage(message('carousel', { message_columns: titled }))[0]).toEqual({
      path: ['message_columns', 0, 'text'],
      message: '画像かタイトルのあるカードの本文は60文字以内にしてください（LINEの上限）',
    });
    const longTitle = [{ ...textColumn('本文'), title: 'あ'.repeat(41) }];
    expect(issuePaths(message('carousel', { message_columns: longTitle }))).toEqual(['message_columns.0.title']);
  });

  it('requires an image (and a title) in every column when one column has one', () => {
    const columns = [
      { ...textColumn(), image_url: 'https://example.com/a.png', title: 'A' },
      { ...textColumn(), image_url: null, title: null },
    ];
    expect(issuePaths(message('carousel', { message_columns: columns }))).toEqual([
      'message_columns.1.image_url',
      'message_columns.1.title',
    ]);
  });

  it('rejects LINE emoji outside a text message body', () => {
    const columns = [textColumn(`本文${smile}`)];
    expect(validateMessage(message('carousel', { message_columns: columns }))).toEqual([
      { path: ['message_columns', 0, 'text'], message: '本文にはLINE絵文字を使えません' },
    ]);
  });

  it('limits the alt text to 400 characters', () => {
    const target = message('carousel', { message_columns: [textColumn()], alt_text: 'あ'.repeat(401) });
    expect(issuePaths(target)).toEqual(['alt_text']);
  });

  it('allows 1 to 10 image carousel images of at most 1024 px, no taller than 3 times their width', () => {
    expect(
      validateMessage(
        message('image_carousel', { message_image_carousels: Array.from({ length: 10 }, () => imageColumn()) }),
      ),
    ).toEqual([]);
    expect(
      issuePaths(
        message('image_carousel', { message_image_carousels: Array.from({ length: 11 }, () => imageColumn()) }),
      ),
    ).toEqual(['message_image_carousels']);
    expect(issuePaths(message('image_carousel'))).toEqual(['message_image_carousels']);
    expect(issuePaths(message('image_carousel', { message_image_carousels: [imageColumn(1025, 100)] }))).toEqual([
      'message_image_carousels.0.image_url',
    ]);
    expect(issuePaths(message('image_carousel', { message_image_carousels: [imageColumn(300, 901)] }))).toEqual([
      'message_image_carousels.0.image_url',
    ]);
  });

  it('allows 1 to 20 tap areas per image, each inside the image and at least 1 px', () => {
    const areas = (bounds: { axis_x: number; axis_y: number; width: number; height: number }[]) => [
      { ...imageColumn(100, 100), link_urls: bounds.map((b) => ({ ...newLinkUrl(b), uri: 'https://example.com' })) },
    ];
    const whole = { axis_x: 0, axis_y: 0, width: 100, height: 100 };
    expect(
      validateMessage(message('image_carousel', { message_image_carousels: areas(Array(20).fill(whole)) })),
    ).toEqual([]);
    expect(issuePaths(message('image_carousel', { message_image_carousels: areas(Array(21).fill(whole)) }))).toEqual([
      'message_image_carousels.0.link_urls',
    ]);
    expect(issuePaths(message('image_carousel', { message_image_carousels: areas([]) }))).toEqual([
      'message_image_carousels.0.link_urls',
    ]);
    const outside = areas([
      { axis_x: 50, axis_y: 0, width: 51, height: 10 },
      { axis_x: -1, axis_y: 0, width: 10, height: 10 },
      { axis_x: 0, axis_y: 0, width: 0, height: 10 },
    ]);
    expect(issuePaths(message('image_carousel', { message_image_carousels: outside }))).toEqual([
      'message_image_carousels.0.link_urls.0.axis_x',
      'message_image_carousels.0.link_urls.1.axis_x',
      'message_image_carousels.0.link_urls.2.width',
    ]);
  });

  it('lets an image area go without a label', () => {
    const column = imageColumn();
    expect(column.link_urls[0]?.label).toBe('');
    expect(validateMessage(message('image_carousel', { message_image_carousels: [column] }))).toEqual([]);
  });
});

describe('attributesPath and modelPath', () => {
  it('names a model path as the save format key', () => {
    expect(attributesPath(['message_columns', 0, 'message_actions', 1, 'label'])).toBe(
      'message_attributes.message_columns_attributes.0.message_actions_attributes.1.label',
    );
    expect(attributesPath(['message_image_carousels', 2, 'link_urls', 0, 'score', 'value'])).toBe(
      'message_attributes.message_image_carousels_attributes.2.link_urls_attributes.0.score_attributes.value',
    );
    expect(attributesPath(['message_confirm', 'text'])).toBe('message_attributes.message_confirm_attributes.text');
    expect(attributesPath(['text'])).toBe('message_attributes.text');
  });

  it('reads a save format key back as a model path', () => {
    expect(modelPath('message_attributes.message_quick_reply_attributes.message_actions_attributes.12.uri')).toEqual([
      'message_quick_reply',
      'message_actions',
      12,
      'uri',
    ]);
    expect(modelPath('template_attributes.name')).toBeNull();
    expect(modelPath('message_attributes')).toEqual([]);
  });

  it('round-trips every issue path', () => {
    const target = message('carousel', { message_columns: [textColumn('', [action({ label: '' })])] });
    for (const issue of validateMessage(target)) expect(modelPath(attributesPath(issue.path))).toEqual(issue.path);
  });
});
