import { emojiToken, formVariable, infoVariable, NAME_VARIABLE } from '@linq/contract';
import { describe, expect, it } from 'vitest';
import { chipView, firstWords, sampleView } from './token-view.ts';

const smile = emojiToken('5ac1bfd5040ab15980c9b435', '005');
const values = { friendName: '山田 花子', infoValue: (id: number) => (id === 7 ? '東京都' : `【項目${id}】`) };
const labels = {
  name: '友だちの名前',
  info: (id: number) => `項目${id}`,
  form: (id: number) => `フォーム${id}`,
  emoji: 'LINE絵文字',
};

describe('sampleView', () => {
  it('fills the variables with sample values and keeps each emoji as a picture', () => {
    expect(sampleView(`${NAME_VARIABLE}さん、${infoVariable(7)}店へ${smile}！`, values)).toEqual([
      { kind: 'text', text: '山田 花子さん、東京都店へ' },
      { kind: 'emoji', productId: '5ac1bfd5040ab15980c9b435', emojiId: '005' },
      { kind: 'text', text: '！' },
    ]);
  });

  it('leaves no token as typed', () => {
    const shown = sampleView(`${smile}${NAME_VARIABLE}${infoVariable(3)}`, values);
    expect(JSON.stringify(shown)).not.toContain('{{');
    expect(shown.at(-1)).toEqual({ kind: 'text', text: '山田 花子【項目3】' });
  });
});

describe('sampleView of a form link', () => {
  it('shows the sample link given, or the form page’s address, never the token', () => {
    expect(sampleView(`回答: ${formVariable(4)}`, { ...values, formLink: (id) => `【フォーム${id}】` })).toEqual([
      { kind: 'text', text: '回答: 【フォーム4】' },
    ]);
    expect(JSON.stringify(sampleView(formVariable(4), values))).not.toContain('{{');
  });
});

describe('chipView', () => {
  it('turns each token into a chip that keeps the token, and the text around it as text', () => {
    expect(chipView(`こんにちは${NAME_VARIABLE}さん${smile}${infoVariable(7)}`, labels)).toEqual([
      { kind: 'text', text: 'こんにちは' },
      { kind: 'chip', token: NAME_VARIABLE, variable: 'name', label: '友だちの名前' },
      { kind: 'text', text: 'さん' },
      {
        kind: 'chip',
        token: smile,
        variable: 'emoji',
        label: 'LINE絵文字',
        productId: '5ac1bfd5040ab15980c9b435',
        emojiId: '005',
      },
      { kind: 'chip', token: '{{info:7}}', variable: 'info', label: '項目7' },
    ]);
  });

  it('shows a form link as a chip named by the form, never as its token', () => {
    expect(chipView(`回答はこちら ${formVariable(4)}`, labels)).toEqual([
      { kind: 'text', text: '回答はこちら ' },
      { kind: 'chip', token: '{{form:4}}', variable: 'form', label: 'フォーム4' },
    ]);
  });

  it('keeps unknown braces as text', () => {
    expect(chipView('{{nickname}}', labels)).toEqual([{ kind: 'text', text: '{{nickname}}' }]);
  });
});

describe('firstWords', () => {
  it('keeps short text whole', () => {
    expect(firstWords(sampleView(`${NAME_VARIABLE}さん`, values), 10)).toEqual([
      { kind: 'text', text: '山田 花子さん' },
    ]);
  });

  it('cuts after max characters, an emoji counting as one', () => {
    expect(firstWords(sampleView(`ab${smile}cdef`, values), 4)).toEqual([
      { kind: 'text', text: 'ab' },
      { kind: 'emoji', productId: '5ac1bfd5040ab15980c9b435', emojiId: '005' },
      { kind: 'text', text: 'c…' },
    ]);
    expect(firstWords(sampleView(`abc${smile}d`, values), 4)).toEqual([
      { kind: 'text', text: 'abc' },
      { kind: 'emoji', productId: '5ac1bfd5040ab15980c9b435', emojiId: '005' },
      { kind: 'text', text: '…' },
    ]);
  });
});
