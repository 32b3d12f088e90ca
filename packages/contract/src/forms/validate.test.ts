import { describe, expect, it } from 'vitest';
import { formField, formInput, type FormFieldInput } from './model.ts';
import { validateAnswer, visibleFields } from './validate.ts';

const field = (input: FormFieldInput) => formField.parse(input);
const definition = (...fields: FormFieldInput[]) => ({ fields: fields.map(field) });
const text = (check: FormFieldInput['check'], extra: Partial<FormFieldInput> = {}) =>
  definition({ key: 'a', type: 'text', label: 'A', required: true, check, ...extra });

describe('text checks', () => {
  it('katakana', () => {
    expect(validateAnswer(text('katakana'), { a: 'ヤマダ タロウ' })).toEqual({
      ok: true,
      values: { a: 'ヤマダ タロウ' },
    });
    expect(validateAnswer(text('katakana'), { a: 'やまだ' })).toEqual({
      ok: false,
      errors: { a: 'カタカナで入力してください' },
    });
  });
  it('email', () => {
    expect(validateAnswer(text('email'), { a: ' a@example.com ' })).toEqual({
      ok: true,
      values: { a: 'a@example.com' },
    });
    expect(validateAnswer(text('email'), { a: 'a@b' }).ok).toBe(false);
  });
  it('phone: hyphens removed', () => {
    expect(validateAnswer(text('phone'), { a: '090-1234-５６７８' })).toEqual({
      ok: true,
      values: { a: '09012345678' },
    });
    expect(validateAnswer(text('phone'), { a: '12-34' }).ok).toBe(false);
  });
  it('integer, date, time, postal code', () => {
    expect(validateAnswer(text('integer'), { a: '-12' })).toEqual({ ok: true, values: { a: '-12' } });
    expect(validateAnswer(text('integer'), { a: '1.5' }).ok).toBe(false);
    expect(validateAnswer(text('date'), { a: '2026-02-28' }).ok).toBe(true);
    expect(validateAnswer(text('date'), { a: '2026-02-30' }).ok).toBe(false);
    expect(validateAnswer(text('time'), { a: '23:59' }).ok).toBe(true);
    expect(validateAnswer(text('time'), { a: '24:00' }).ok).toBe(false);
    expect(validateAnswer(text('postal_code'), { a: '〒150-0001' })).toEqual({ ok: true, values: { a: '1500001' } });
    expect(validateAnswer(text('postal_code'), { a: '150-01' }).ok).toBe(false);
  });
  it('required and lengths', () => {
    expect(validateAnswer(text(null), { a: '  ' })).toEqual({ ok: false, errors: { a: '入力してください' } });
    expect(validateAnswer(text(null, { min_length: 3 }), { a: 'ab' }).ok).toBe(false);
    expect(validateAnswer(text(null, { max_length: 3 }), { a: 'abcd' })).toEqual({
      ok: false,
      errors: { a: '3文字以内で入力してください' },
    });
  });
  it('hostile text stays as typed', () => {
    expect(validateAnswer(text(null), { a: '<script>alert(1)</script>' })).toEqual({
      ok: true,
      values: { a: '<script>alert(1)</script>' },
    });
  });
});

describe('other field types', () => {
  const choices = [
    { key: 'x', label: 'X' },
    { key: 'y', label: 'Y' },
  ];
  it('choices take option keys only', () => {
    const form = definition(
      { key: 'r', type: 'radio', label: 'R', options: choices },
      { key: 'c', type: 'checkbox', label: 'C', options: choices, max_value: 1 },
    );
    expect(validateAnswer(form, { r: 'x', c: ['y'] })).toEqual({ ok: true, values: { r: 'x', c: ['y'] } });
    expect(validateAnswer(form, { r: 'z' }).ok).toBe(false);
    expect(validateAnswer(form, { c: ['x', 'y'] })).toEqual({ ok: false, errors: { c: '1個以内で選んでください' } });
  });
  it('number range, prefecture, consent, address', () => {
    const form = definition(
      { key: 'n', type: 'number', label: 'N', min_value: 1, max_value: 10 },
      { key: 'p', type: 'prefecture', label: 'P' },
      { key: 'k', type: 'consent', label: 'K', required: true },
      { key: 'd', type: 'address', label: 'D', required: true },
    );
    const address = { postal_code: '150-0001', prefecture: '東京都', city: '渋谷区', rest: '神宮前1-1' };
    expect(validateAnswer(form, { n: '５', p: '東京都', k: true, d: address })).toEqual({
      ok: true,
      values: { n: 5, p: '東京都', k: true, d: { ...address, postal_code: '1500001' } },
    });
    expect(validateAnswer(form, { n: 11, p: '東京', k: false, d: { ...address, city: '' } })).toEqual({
      ok: false,
      errors: {
        n: '10以下で入力してください',
        p: '都道府県を選択してください',
        k: '同意してください',
        d: '市区町村を入力してください',
      },
    });
  });
});

describe('conditional display', () => {
  const form = definition(
    {
      key: 'visit',
      type: 'radio',
      label: '来店',
      options: [
        { key: 'yes', label: 'はい' },
        { key: 'no', label: 'いいえ' },
      ],
    },
    {
      key: 'when',
      type: 'date',
      label: 'いつ',
      required: true,
      condition: { field_key: 'visit', operator: 'equals', value: 'yes' },
    },
    {
      key: 'more',
      type: 'text',
      label: '詳細',
      required: true,
      condition: { field_key: 'when', operator: 'answered' },
    },
  );
  it('shows a field only when its condition is met (and its field shown)', () => {
    expect(visibleFields(form, { visit: 'no', when: '2026-01-01' }).map((f) => f.key)).toEqual(['visit']);
    expect(visibleFields(form, { visit: 'yes' }).map((f) => f.key)).toEqual(['visit', 'when']);
    expect(visibleFields(form, { visit: 'yes', when: '2026-01-01' }).map((f) => f.key)).toEqual([
      'visit',
      'when',
      'more',
    ]);
  });
  it('a hidden field is not required and its value is discarded', () => {
    expect(validateAnswer(form, { visit: 'no', when: 'garbage', more: 'x', other: 'y' })).toEqual({
      ok: true,
      values: { visit: 'no' },
    });
    expect(validateAnswer(form, { visit: 'yes' })).toEqual({ ok: false, errors: { when: '入力してください' } });
  });
});

describe('form input', () => {
  it('refuses duplicate keys, a condition on a later field and choices without options', () => {
    const result = formInput.safeParse({
      name: 'n',
      title: 't',
      fields: [
        { key: 'a', type: 'text', label: 'A', condition: { field_key: 'b', operator: 'answered' } },
        { key: 'b', type: 'radio', label: 'B' },
        { key: 'b', type: 'textarea', label: 'B2', check: 'email' },
      ],
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining(['fields.0.condition.field_key', 'fields.1.options', 'fields.2.key', 'fields.2.check']),
    );
  });
});
