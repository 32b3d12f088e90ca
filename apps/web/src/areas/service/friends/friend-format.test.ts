import { permissionsWith, type Permissions } from '@linq/contract';
import { describe, expect, it } from 'vitest';
import { chunked, friendAbilities, initialOf, talkMessageText } from './friend-format.ts';

describe('initialOf', () => {
  it('takes the first character, whole', () => {
    expect(initialOf('佐藤 美咲')).toBe('佐');
    expect(initialOf('  kana')).toBe('K');
    expect(initialOf('🌸ゆい')).toBe('🌸');
    expect(initialOf('')).toBe('?');
  });
});

describe('friendAbilities', () => {
  it('grants everything to full authority and nothing that edits to view-only', () => {
    expect(Object.values(friendAbilities(permissionsWith('edit', true))).every(Boolean)).toBe(true);
    expect(friendAbilities(permissionsWith('view', false))).toEqual({
      editFriends: false,
      editInfoFields: false,
      viewTags: true,
      editTags: false,
      viewMarks: true,
      editMarks: false,
      viewTalks: true,
      viewInflows: true,
      exportCsv: false,
    });
    expect(Object.values(friendAbilities(null)).some(Boolean)).toBe(false);
  });

  it('needs both the exports feature and personal data for CSV export', () => {
    const base = permissionsWith('edit', true);
    const without = (changes: Partial<Permissions>): Permissions => ({ ...base, ...changes });
    expect(friendAbilities(without({ personal_data: false })).exportCsv).toBe(false);
    expect(friendAbilities(without({ features: { ...base.features, exports: 'none' } })).exportCsv).toBe(false);
    expect(friendAbilities(without({ features: { ...base.features, exports: 'view' } })).exportCsv).toBe(true);
  });

  it('checks tags and marks separately', () => {
    const base = permissionsWith('edit', true);
    const abilities = friendAbilities({ ...base, features: { ...base.features, tags: 'view', marks: 'none' } });
    expect(abilities).toMatchObject({ viewTags: true, editTags: false, viewMarks: false, editMarks: false });
  });
});

describe('talkMessageText', () => {
  it('gives the text of text messages only', () => {
    expect(talkMessageText({ type: 'text', content: { type: 'text', text: '<b>hi</b>' } })).toBe('<b>hi</b>');
    expect(talkMessageText({ type: 'sticker', content: { packageId: '1' } })).toBeNull();
    expect(talkMessageText({ type: 'text', content: { text: 3 } })).toBeNull();
  });
});

describe('chunked', () => {
  it('splits into chunks of at most the size', () => {
    expect(chunked([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunked([], 3)).toEqual([]);
  });
});
