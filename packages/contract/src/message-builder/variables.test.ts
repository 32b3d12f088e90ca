import { describe, expect, it } from 'vitest';
import {
  NAME_VARIABLE,
  countEmoji,
  countedLength,
  emojiToken,
  formIdOfAddress,
  formIdsIn,
  formVariable,
  infoVariable,
  renderText,
  textBeginning,
  textTokens,
} from './variables.ts';

const context = { friendName: '山田 花子', infoValues: { 7: '東京都' } };
const smile = emojiToken('5ac1bfd5040ab15980c9b435', '001');

describe('variables', () => {
  it('writes the tokens', () => {
    expect(NAME_VARIABLE).toBe('{{name}}');
    expect(infoVariable(7)).toBe('{{info:7}}');
    expect(smile).toBe('{{emoji:5ac1bfd5040ab15980c9b435/001}}');
  });

  it('fills in the friend name and info values', () => {
    expect(renderText(`${NAME_VARIABLE}さん、${infoVariable(7)}店へようこそ`, context)).toEqual({
      text: '山田 花子さん、東京都店へようこそ',
      emojis: [],
    });
  });

  it('fills an unknown info field with nothing', () => {
    expect(renderText(`[${infoVariable(99)}]`, context).text).toBe('[]');
  });

  it('turns emoji tokens into $ at their UTF-16 index in the rendered text', () => {
    const rendered = renderText(
      `${NAME_VARIABLE}😀${smile}と${emojiToken('5ac1bfd5040ab15980c9b435', '040')}`,
      context,
    );
    expect(rendered.text).toBe('山田 花子😀$と$');
    expect(rendered.emojis).toEqual([
      { index: 7, productId: '5ac1bfd5040ab15980c9b435', emojiId: '001' },
      { index: 9, productId: '5ac1bfd5040ab15980c9b435', emojiId: '040' },
    ]);
  });

  it('leaves unknown {{…}} as typed', () => {
    expect(renderText('{{nickname}} {{info:x}} {{emoji:}}', context).text).toBe('{{nickname}} {{info:x}} {{emoji:}}');
  });

  it('counts emoji tokens, each as one character', () => {
    expect(countEmoji(`${smile}a${smile}`)).toBe(2);
    expect(countedLength(`${smile}a${NAME_VARIABLE}`)).toBe(2 + NAME_VARIABLE.length);
  });

  it('splits text at its whole tokens, and joins back to the same text', () => {
    const text = `こんにちは${NAME_VARIABLE}さん${smile}{{nickname}}${infoVariable(7)}`;
    const pieces = textTokens(text);
    expect(pieces).toEqual([
      { kind: 'text', text: 'こんにちは' },
      { kind: 'name', token: NAME_VARIABLE },
      { kind: 'text', text: 'さん' },
      { kind: 'emoji', token: smile, productId: '5ac1bfd5040ab15980c9b435', emojiId: '001' },
      { kind: 'text', text: '{{nickname}}' },
      { kind: 'info', token: '{{info:7}}', fieldId: 7 },
    ]);
    expect(pieces.map((piece) => (piece.kind === 'text' ? piece.text : piece.token)).join('')).toBe(text);
  });

  it('gives the beginning of a text without cutting a token', () => {
    expect(textBeginning(`ab${smile}cd`, 3)).toBe(`ab${smile}…`);
    expect(textBeginning(`ab${NAME_VARIABLE}`, 3)).toBe(`ab${NAME_VARIABLE}`);
    expect(textBeginning('abcd', 2)).toBe('ab…');
  });
});

describe('form variables', () => {
  it('renders the friend link and finds the forms named', () => {
    const withLinks = { friendName: 'A', infoValues: {}, formLinks: { 7: 'https://x.test/form?t=abc' } };
    expect(renderText(`回答: ${formVariable(7)} ${formVariable(8)}`, withLinks).text).toBe(
      '回答: https://x.test/form?t=abc ',
    );
    expect(formIdsIn('{{form:7}} {{form:9}} {{form:7}}')).toEqual([7, 9]);
    expect(formIdOfAddress(' {{form:12}} ')).toBe(12);
    expect(formIdOfAddress('https://x.test/{{form:12}}')).toBeNull();
  });
});
