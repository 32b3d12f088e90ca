import { describe, expect, it } from 'vitest';
import { emptyMessage, toPlanMessage } from '@linq/contract';
import { boxName } from './box-name.ts';

const text = (value: string) => ({ ...toPlanMessage(emptyMessage('text_message')), text: value });

describe('boxName', () => {
  it("is the message's first words, variables as ○○ and emoji left out", () => {
    expect(boxName(text('ご登録ありがとうございます'), 'テキスト')).toBe('ご登録ありがとうございます');
    expect(
      boxName(text('{{name}}さん、{{emoji:5ac1bfd5040ab15980c9b435/005}}明日のオンラインセミナー'), 'テキスト'),
    ).toBe('○○さん、明日のオンラインセ…');
  });

  it('falls back to the kind for a message without words', () => {
    expect(boxName(toPlanMessage(emptyMessage('image')), '画像')).toBe('画像');
    expect(boxName(text('   '), 'テキスト')).toBe('テキスト');
  });
});
