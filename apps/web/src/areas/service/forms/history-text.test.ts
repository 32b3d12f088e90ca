import { NO_FORM_ACTIONS, type FormActionSnapshot } from '@linq/contract';
import { describe, expect, it } from 'vitest';
import { actionChanges, type ActionNames } from './history-text.ts';

const names: ActionNames = {
  tag: (id) => ({ 1: 'VIP', 2: '来店' })[id],
  mark: () => undefined,
  plan: (id) => (id === 7 ? 'お礼シナリオ' : undefined),
  richMenu: () => undefined,
  missing: '（削除済み）',
  none: 'なし',
};

const snapshot = (
  form: Partial<typeof NO_FORM_ACTIONS>,
  options: FormActionSnapshot['options'] = [],
): FormActionSnapshot => ({
  form: { ...NO_FORM_ACTIONS, ...form },
  options,
});

describe('form history text', () => {
  it('names what changed on the form, leaving unchanged actions out', () => {
    expect(
      actionChanges(snapshot({ add_tag_ids: [1] }), snapshot({ add_tag_ids: [1, 2], plan_id: 7, score: 5 }), names),
    ).toEqual([
      {
        option: null,
        changes: [
          { key: 'add_tag_ids', before: 'VIP', after: 'VIP、来店' },
          { key: 'plan_id', before: 'なし', after: 'お礼シナリオ' },
          { key: 'score', before: 'なし', after: '+5' },
        ],
      },
    ]);
  });

  it('compares options by their keys, names deleted labels, and lists a removed option', () => {
    const option = (optionKey: string, label: string, tagIds: number[]) => ({
      field_key: 'q1',
      field_label: '来店のきっかけ',
      option_key: optionKey,
      option_label: label,
      actions: { ...NO_FORM_ACTIONS, add_tag_ids: tagIds },
    });
    const before = snapshot({}, [option('a', '紹介', [1]), option('b', 'SNS', [2])]);
    const after = snapshot({}, [option('a', '友人の紹介', [9])]);
    expect(actionChanges(before, after, names)).toEqual([
      {
        option: { field: '来店のきっかけ', option: '友人の紹介' },
        changes: [{ key: 'add_tag_ids', before: 'VIP', after: '（削除済み）' }],
      },
      {
        option: { field: '来店のきっかけ', option: 'SNS' },
        changes: [{ key: 'add_tag_ids', before: '来店', after: 'なし' }],
      },
    ]);
  });

  it('reads a creation as every set action from nothing', () => {
    expect(actionChanges(null, snapshot({ remove_tag_ids: [2] }), names)).toEqual([
      { option: null, changes: [{ key: 'remove_tag_ids', before: 'なし', after: '来店' }] },
    ]);
  });
});
