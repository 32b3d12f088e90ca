import { describe, expect, it } from 'vitest';
import {
  emojiSegments,
  flexAspectRatio,
  flexLength,
  flexPlacement,
  inlineImageUrl,
  linkSegments,
  pickerParams,
  quickReplyActions,
  readAction,
  stickerLabel,
  webUrl,
} from './line-message.ts';

describe('webUrl', () => {
  it('keeps http(s) addresses only', () => {
    expect(webUrl('https://example.com/a.png')).toBe('https://example.com/a.png');
    expect(webUrl('http://127.0.0.1:3000/x')).toBe('http://127.0.0.1:3000/x');
    expect(webUrl('javascript:alert(1)')).toBeNull();
    expect(webUrl('data:image/png;base64,AAAA')).toBeNull();
    expect(webUrl('/relative')).toBeNull();
    expect(webUrl(42)).toBeNull();
  });
});

describe('inlineImageUrl', () => {
  it('accepts base64 raster data URLs only', () => {
    expect(inlineImageUrl('data:image/png;base64,iVBORw0KGgo=')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(inlineImageUrl('data:image/svg+xml;base64,PHN2Zz4=')).toBeNull();
    expect(inlineImageUrl('data:text/html;base64,PGI+')).toBeNull();
    expect(inlineImageUrl('https://example.com/a.png')).toBeNull();
  });
});

describe('readAction', () => {
  it('reads postback, message and uri actions', () => {
    expect(readAction({ type: 'postback', label: '予約', data: 'a=1', displayText: '予約する' })).toEqual({
      kind: 'postback',
      label: '予約',
      data: 'a=1',
    });
    expect(readAction({ type: 'message', label: 'はい', text: 'はい！' })).toEqual({
      kind: 'message',
      label: 'はい',
      text: 'はい！',
    });
    expect(readAction({ type: 'uri', label: '開く', uri: 'https://example.com' })).toEqual({
      kind: 'uri',
      label: '開く',
      uri: 'https://example.com/',
    });
  });

  it('turns a date/time picker into a postback with the picked value', () => {
    const now = new Date(2026, 6, 1, 9, 5);
    expect(readAction({ type: 'datetimepicker', label: '日時', data: 'd=1', mode: 'date' }, now)).toEqual({
      kind: 'postback',
      label: '日時',
      data: 'd=1',
      params: { date: '2026-07-01' },
    });
    expect(pickerParams('time', null, now)).toEqual({ time: '09:05' });
    expect(pickerParams('datetime', '2026-08-01T10:00', now)).toEqual({ datetime: '2026-08-01T10:00' });
  });

  it('marks what the panel cannot do, and unsafe links, as unsupported', () => {
    expect(readAction({ type: 'camera', label: 'カメラ' })).toEqual({
      kind: 'unsupported',
      label: 'カメラ',
      type: 'camera',
    });
    expect(readAction({ type: 'uri', label: 'x', uri: 'javascript:alert(1)' })).toMatchObject({ kind: 'unsupported' });
    expect(readAction({ type: 'postback', label: 'x' })).toMatchObject({ kind: 'unsupported' });
    expect(readAction('nonsense')).toBeNull();
  });
});

describe('quickReplyActions and stickerLabel', () => {
  it('reads quick reply items', () => {
    const message = {
      type: 'text',
      text: 'どれにしますか',
      quickReply: {
        items: [
          { type: 'action', action: { type: 'message', label: 'A', text: 'A' } },
          { type: 'action', action: { type: 'location', label: '現在地' } },
          { type: 'action' },
        ],
      },
    };
    expect(quickReplyActions(message).map((a) => a.kind)).toEqual(['message', 'unsupported']);
    expect(quickReplyActions({ type: 'text' })).toEqual([]);
  });

  it('shows sticker ids', () => {
    expect(stickerLabel('446', '1988')).toBe('446 / 1988');
    expect(stickerLabel(undefined, 1)).toBe('? / ?');
  });
});

describe('linkSegments', () => {
  it('turns http(s) addresses into links and leaves the rest as text', () => {
    expect(linkSegments('予約は https://example.com/r?a=1&b=2 から。')).toEqual([
      { kind: 'text', text: '予約は ' },
      { kind: 'link', text: 'https://example.com/r?a=1&b=2', href: 'https://example.com/r?a=1&b=2' },
      { kind: 'text', text: ' から。' },
    ]);
    expect(linkSegments('see http://a.example/x.')).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', text: 'http://a.example/x', href: 'http://a.example/x' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('never links other schemes or markup, and stops a link at quotes and angle brackets', () => {
    expect(linkSegments('javascript:alert(1) <a href="x">')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) <a href="x">' },
    ]);
    expect(linkSegments('https://x.example/"><img src=x onerror=alert(1)>')).toEqual([
      { kind: 'link', text: 'https://x.example/', href: 'https://x.example/' },
      { kind: 'text', text: '"><img src=x onerror=alert(1)>' },
    ]);
    expect(linkSegments('')).toEqual([]);
  });
});

describe('emojiSegments', () => {
  const emoji = (index: number, emojiId = '001') => ({ index, productId: '5ac1bfd5040ab15980c9b435', emojiId });

  it('puts each LINE emoji in place of the $ at its index', () => {
    expect(emojiSegments('$こんにちは$です', [emoji(6, '002'), emoji(0)])).toEqual([
      { kind: 'emoji', productId: '5ac1bfd5040ab15980c9b435', emojiId: '001' },
      { kind: 'text', text: 'こんにちは' },
      { kind: 'emoji', productId: '5ac1bfd5040ab15980c9b435', emojiId: '002' },
      { kind: 'text', text: 'です' },
    ]);
  });

  it('counts the index in UTF-16 units, as LINE does', () => {
    expect(emojiSegments('😀$', [emoji(2)]).map((segment) => segment.kind)).toEqual(['text', 'emoji']);
  });

  it('leaves text alone without emojis, and ignores entries not pointing at a $ or with odd ids', () => {
    expect(emojiSegments('100$ です', undefined)).toEqual([{ kind: 'text', text: '100$ です' }]);
    expect(
      emojiSegments('a$b', [
        emoji(0),
        emoji(1.5),
        { index: 1, productId: '../x', emojiId: '001' },
        { index: 1, productId: 'p', emojiId: 'e"><img' },
        'junk',
      ]),
    ).toEqual([{ kind: 'text', text: 'a$b' }]);
    expect(emojiSegments('$', [emoji(0, '001'), emoji(0, '002')])).toEqual([
      { kind: 'emoji', productId: '5ac1bfd5040ab15980c9b435', emojiId: '001' },
    ]);
    expect(emojiSegments('', [])).toEqual([]);
  });
});

describe('Flex placement', () => {
  it('reads lengths in percent, pixels and LINE spacing names only', () => {
    expect(flexLength('12.5%')).toBe('12.5%');
    expect(flexLength('0px')).toBe('0px');
    expect(flexLength('md')).toBe('8px');
    expect(flexLength('calc(100% - 1px)')).toBeUndefined();
    expect(flexLength('10')).toBeUndefined();
    expect(flexLength(10)).toBeUndefined();
  });

  it('places an absolute box by its offsets and size, and leaves others in the flow', () => {
    expect(
      flexPlacement({
        type: 'box',
        position: 'absolute',
        offsetTop: '10%',
        offsetStart: '25%',
        width: '50%',
        height: '30.25%',
      }),
    ).toEqual({ position: 'absolute', top: '10%', left: '25%', width: '50%', height: '30.25%' });
    expect(flexPlacement({ type: 'box', offsetBottom: 'sm', offsetEnd: 'javascript:x' })).toEqual({
      position: 'relative',
      bottom: '4px',
    });
  });

  it('reads a Flex image aspect ratio', () => {
    expect(flexAspectRatio('1040:520')).toBe('1040 / 520');
    expect(flexAspectRatio('1.5:1')).toBe('1.5 / 1');
    expect(flexAspectRatio('0:1')).toBeUndefined();
    expect(flexAspectRatio('16/9')).toBeUndefined();
  });
});
