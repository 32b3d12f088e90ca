import { describe, expect, it } from 'vitest';
import { draftErrors, draftOf, errorsUnder, moved, newField, withValidConditions } from './draft.ts';

const labels = { label: '質問', option: (n: number) => `選択肢${n}` };

describe('form builder draft', () => {
  it('gives new fields and options fresh keys the contract accepts, and choices two options', () => {
    const first = newField('text', [], labels);
    const second = newField('radio', [first], labels);
    expect(first.key).toMatch(/^f[a-z0-9]+$/);
    expect(second.key).not.toBe(first.key);
    expect(second.options.map((option) => option.label)).toEqual(['選択肢1', '選択肢2']);
    expect(new Set(second.options.map((option) => option.key)).size).toBe(2);
    expect(draftErrors({ ...draftOf(null, null), name: 'n', title: 't', fields: [first, second] })).toEqual({});
  });

  it('moves within bounds only', () => {
    expect(moved(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moved(['a', 'b'], 1, 2)).toEqual(['a', 'b']);
  });

  it('drops a condition whose field is no longer before it', () => {
    const source = newField('radio', [], labels);
    const shown = {
      ...newField('text', [source], labels),
      condition: { field_key: source.key, operator: 'equals' as const, value: 'o1' },
    };
    expect(withValidConditions([source, shown])[1]!.condition).not.toBeNull();
    expect(withValidConditions(moved([source, shown], 1, 0))[0]!.condition).toBeNull();
  });

  it('checks the draft with the contract, messages by path as a 422 gives them', () => {
    const draft = { ...draftOf(null, null), fields: [{ ...newField('radio', [], labels), options: [] }] };
    const errors = draftErrors(draft);
    expect(errors.name).toBeTruthy();
    expect(errors.title).toBeTruthy();
    expect(errors['fields.0.options']).toBe('選択肢を追加してください');
    expect(errorsUnder(errors, 'fields.0')).toEqual(['選択肢を追加してください']);
    expect(draftErrors({ ...draftOf(null, 3), name: 'n', title: 't' })).toEqual({});
  });
});
