import { describe, expect, it } from 'vitest';
import { marksApi, markInput, tagInput, tagsApi } from '@linq/contract';
import {
  carriersOf,
  DEFAULT_MARK_COLOUR,
  friendsPathOf,
  labelBody,
  MARK_KIND,
  movedBody,
  TAG_KIND,
} from './label-kind.ts';

const tag = {
  id: 7,
  name: '見込み客',
  folder_id: 3,
  sort_index: 4,
  friend_count: 2,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};
const mark = { ...tag, color: '#00AA11' };

describe('label kinds', () => {
  it('name the endpoints and the friends-screen filter of each kind', () => {
    expect(TAG_KIND.api).toBe(tagsApi);
    expect(MARK_KIND.api).toBe(marksApi);
    expect(friendsPathOf(TAG_KIND, 7)).toBe('/service/friends?tag_ids[]=7');
    expect(friendsPathOf(MARK_KIND, 9)).toBe('/service/friends?mark_ids[]=9');
    expect(new URLSearchParams(friendsPathOf(MARK_KIND, 9).split('?')[1]).getAll('mark_ids[]')).toEqual(['9']);
  });
});

describe('label bodies', () => {
  it('a new tag: name and folder, sort_index 0, no colour; valid for the contract', () => {
    const body = labelBody(TAG_KIND, { name: '新規', folder_id: 5 });
    expect(body).toEqual({ name: '新規', folder_id: 5, sort_index: 0 });
    expect(tagInput.safeParse(body).success).toBe(true);
  });

  it('an edited label keeps its sort_index; a mark sends its colour', () => {
    expect(labelBody(TAG_KIND, { name: 'x', folder_id: null }, tag)).toEqual({
      name: 'x',
      folder_id: null,
      sort_index: 4,
    });
    const body = labelBody(MARK_KIND, { name: 'y', folder_id: 3, color: '#FF0000' }, mark);
    expect(body).toEqual({ name: 'y', folder_id: 3, sort_index: 4, color: '#FF0000' });
    expect(markInput.safeParse(body).success).toBe(true);
  });

  it('a new mark without a chosen colour gets the default one', () => {
    expect(labelBody(MARK_KIND, { name: 'z', folder_id: null }).color).toBe(DEFAULT_MARK_COLOUR);
  });

  it('moving changes only the folder', () => {
    expect(movedBody(MARK_KIND, mark, null)).toEqual({
      name: mark.name,
      folder_id: null,
      sort_index: 4,
      color: '#00AA11',
    });
    expect(movedBody(TAG_KIND, tag, 9)).toEqual({ name: tag.name, folder_id: 9, sort_index: 4 });
  });
});

describe('the count in a delete’s 409 answer', () => {
  it('reads the number of friends from the server message', () => {
    expect(carriersOf('このタグは 3 人の友だちに付いています。削除しますか？')).toBe(3);
    expect(carriersOf('この対応マークは 120 人の友だちに付いています。削除しますか？')).toBe(120);
    expect(carriersOf('12 friends')).toBe(12);
    expect(carriersOf('削除できません')).toBeNull();
  });
});
