import { emptyMessage, newAction, newColumn, newImageCarouselColumn, type MessageColumn } from '@linq/contract';
import { describe, expect, it } from 'vitest';
import {
  columnActionCount,
  copyColumn,
  copyImageCarousel,
  insertAfter,
  itemKey,
  moveItem,
  removeItem,
  replaceItem,
  withActionCount,
} from './list-edit.ts';

const saved = (column: MessageColumn, id: number): MessageColumn => ({
  ...column,
  id,
  form_random_id: undefined,
  message_actions: column.message_actions.map((action, index) => ({
    ...action,
    id: id * 10 + index,
    form_random_id: undefined,
    score: { id: id * 100 + index, value: 5 },
  })),
});

describe('list items', () => {
  it('keys an item by its client key while new and by its id once saved', () => {
    expect(itemKey({ id: null, form_random_id: 'k1' }, 0)).toBe('k1');
    expect(itemKey({ id: 7 }, 0)).toBe('id-7');
    expect(itemKey({ id: 7, form_random_id: 'k1' }, 0)).toBe('k1');
    expect(itemKey({ id: null }, 3)).toBe('index-3');
  });

  it('replaces, removes, inserts and moves without touching the given list', () => {
    const list = ['a', 'b', 'c'] as const;
    expect(replaceItem(list, 1, 'x')).toEqual(['a', 'x', 'c']);
    expect(removeItem(list, 0)).toEqual(['b', 'c']);
    expect(insertAfter(list, 0, 'x')).toEqual(['a', 'x', 'b', 'c']);
    expect(moveItem(list, 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(list, 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(list, 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(list, 2, 1)).toEqual(['a', 'b', 'c']);
    expect(list).toEqual(['a', 'b', 'c']);
  });
});

describe('copying items', () => {
  it('copies a column as new: new keys, no ids, the same texts and scores', () => {
    const column = saved({ ...newColumn(2), title: 'タイトル', text: '本文' }, 3);
    const copy = copyColumn(column);
    expect(copy).toMatchObject({ id: null, title: 'タイトル', text: '本文' });
    expect(copy.form_random_id).toEqual(expect.any(String));
    expect(copy.message_actions).toHaveLength(2);
    for (const action of copy.message_actions) {
      expect(action.id).toBeNull();
      expect(action.form_random_id).toEqual(expect.any(String));
      expect(action.score).toEqual({ id: null, value: 5 });
    }
    expect(new Set(copy.message_actions.map((a) => a.form_random_id)).size).toBe(2);
  });

  it('copies an image carousel column with new tap areas', () => {
    const column = { ...newImageCarouselColumn({ url: 'https://x.example/a.png', width: 100, height: 50 }), id: 4 };
    const copy = copyImageCarousel(column);
    expect(copy).toMatchObject({ id: null, image_url: 'https://x.example/a.png', image_width: 100 });
    expect(copy.form_random_id).not.toBe(column.form_random_id);
    expect(copy.link_urls[0]?.form_random_id).not.toBe(column.link_urls[0]?.form_random_id);
  });
});

describe('the carousel button count', () => {
  it('is the first column’s count, within 1–3', () => {
    expect(columnActionCount([newColumn(2), newColumn(3)])).toBe(2);
    expect(columnActionCount([])).toBe(1);
    expect(columnActionCount([{ ...newColumn(1), message_actions: [] }])).toBe(1);
  });

  it('makes every column hold the same number of buttons, keeping the existing ones', () => {
    const first = { ...newColumn(1), message_actions: [{ ...newAction(), label: '予約' }] };
    const columns = withActionCount([first, newColumn(3)], 2);
    expect(columns.map((c) => c.message_actions.length)).toEqual([2, 2]);
    expect(columns[0]?.message_actions[0]?.label).toBe('予約');
    expect(withActionCount(columns, 2)[0]).toBe(columns[0]);
    expect(emptyMessage('carousel').message_columns).toHaveLength(1);
  });
});
