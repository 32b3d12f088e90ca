import type { InfoField } from '@linq/contract';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  fromInfoFormValue,
  infoFieldFormValues,
  infoFieldPayload,
  infoFormValues,
  infoValueFieldErrors,
  infoValuesPayload,
  infoValueText,
  toInfoFormValue,
} from './info-fields.ts';

const field = (id: number, field_type: InfoField['field_type'], options: string[] = []): InfoField => ({
  id,
  name: `field ${id}`,
  field_type,
  options,
  sort_index: 0,
});
const text = field(1, 'text');
const number = field(2, 'number');
const date = field(3, 'date');
const select = field(4, 'select', ['A', 'B']);
const fields = [text, number, date, select];

describe('stored value ↔ form value', () => {
  it('reads each type into its input', () => {
    expect(toInfoFormValue(text, 'hello')).toBe('hello');
    expect(toInfoFormValue(number, '-12.5')).toBe(-12.5);
    expect(toInfoFormValue(number, 'abc')).toBeUndefined();
    expect((toInfoFormValue(date, '2026-03-04') as dayjs.Dayjs).format('YYYY/MM/DD')).toBe('2026/03/04');
    expect(toInfoFormValue(date, '04/03/2026')).toBeUndefined();
    expect(toInfoFormValue(select, 'B')).toBe('B');
    expect(toInfoFormValue(text, '')).toBeUndefined();
    expect(toInfoFormValue(text, undefined)).toBeUndefined();
  });

  it('writes each input as the API stores it; empty clears', () => {
    expect(fromInfoFormValue(text, '  hi  ')).toBe('hi');
    expect(fromInfoFormValue(number, 42)).toBe('42');
    expect(fromInfoFormValue(number, Number.NaN)).toBe('');
    expect(fromInfoFormValue(date, dayjs('2026-12-31'))).toBe('2026-12-31');
    expect(fromInfoFormValue(select, 'A')).toBe('A');
    expect(fromInfoFormValue(select, undefined)).toBe('');
    expect(fromInfoFormValue(date, null)).toBe('');
  });

  it('builds the form from the stored values and the payload from the form', () => {
    const form = infoFormValues(fields, [
      { field_id: 1, value: 'memo' },
      { field_id: 2, value: '7' },
      { field_id: 99, value: 'of a deleted field' },
    ]);
    expect(form).toEqual({ '1': 'memo', '2': 7, '3': undefined, '4': undefined });
    expect(infoFormValues(fields, null)['1']).toBeUndefined();
    expect(infoValuesPayload(fields, { ...form, '3': dayjs('2026-01-02'), '4': 'B', '1': '' })).toEqual([
      { field_id: 1, value: '' },
      { field_id: 2, value: '7' },
      { field_id: 3, value: '2026-01-02' },
      { field_id: 4, value: 'B' },
    ]);
  });

  it('shows stored values as text', () => {
    expect(infoValueText(date, '2026-03-04')).toBe('2026/03/04');
    expect(infoValueText(date, 'odd')).toBe('odd');
    expect(infoValueText(number, '3')).toBe('3');
    expect(infoValueText(text, undefined)).toBe('');
  });
});

describe('infoValueFieldErrors', () => {
  it('puts values.<n> messages on the input of the field sent at n', () => {
    const payload = [
      { field_id: 7, value: 'x' },
      { field_id: 9, value: 'y' },
    ];
    expect(
      infoValueFieldErrors(
        {
          'values.1.value': { description: '選択肢にない値です' },
          'values.0': { description: 'bad' },
          'values.5.value': { description: 'out of range' },
          values: { description: 'too many' },
        },
        payload,
      ),
    ).toEqual({
      fields: [
        { name: '9', errors: ['選択肢にない値です'] },
        { name: '7', errors: ['bad'] },
      ],
      others: ['out of range', 'too many'],
    });
  });
});

describe('info field form', () => {
  it('sends options only for a select field, trimmed and without blanks', () => {
    expect(
      infoFieldPayload({ name: '血液型', field_type: 'select', options: [' A ', '', undefined, 'B'], sort_index: 2 }),
    ).toEqual({ name: '血液型', field_type: 'select', options: ['A', 'B'], sort_index: 2 });
    expect(infoFieldPayload({ name: '誕生日', field_type: 'date', options: ['left over'], sort_index: null })).toEqual({
      name: '誕生日',
      field_type: 'date',
      options: [],
      sort_index: 0,
    });
  });

  it('starts a new field as text and an existing one with its values', () => {
    expect(infoFieldFormValues(null)).toEqual({ name: '', field_type: 'text', options: [], sort_index: 0 });
    expect(infoFieldFormValues(select)).toEqual({
      name: 'field 4',
      field_type: 'select',
      options: ['A', 'B'],
      sort_index: 0,
    });
  });
});
