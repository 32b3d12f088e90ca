import { describe, expect, it } from 'vitest';
import { emptyMessage, newAction, newColumn, newImageCarouselColumn, newItemKey, newLinkUrl } from './defaults.ts';
import { MESSAGE_TYPES, builderMessage } from './model.ts';

describe('builder defaults', () => {
  it('gives every new item its own client key', () => {
    expect(newItemKey()).not.toBe(newItemKey());
    const column = newColumn(3);
    const keys = [column.form_random_id, ...column.message_actions.map((action) => action.form_random_id)];
    expect(new Set(keys).size).toBe(4);
  });

  it('starts an action unsaved, without a score, with the fields its type uses', () => {
    expect(newAction()).toMatchObject({ id: null, action_type: 'message', text: '', uri: null, score: null });
    expect(newAction('uri')).toMatchObject({ action_type: 'uri', text: null, uri: '' });
    expect(newAction('postback')).toMatchObject({ action_type: 'postback', text: null, display_text: null });
  });

  it.each(MESSAGE_TYPES)('makes an empty %s the model accepts', (type) => {
    const message = emptyMessage(type);
    expect(message.message_type).toBe(type);
    expect(builderMessage.parse(message)).toEqual(message);
  });

  it('starts a confirm with the answers はい and いいえ', () => {
    const confirm = emptyMessage('confirm').message_confirm;
    expect(confirm?.message_actions.map(({ label, text, action_type }) => ({ label, text, action_type }))).toEqual([
      { label: 'はい', text: 'はい', action_type: 'message' },
      { label: 'いいえ', text: 'いいえ', action_type: 'message' },
    ]);
  });

  it('starts a carousel with one column of one button and a quick reply with one item', () => {
    expect(emptyMessage('carousel').message_columns?.map((column) => column.message_actions.length)).toEqual([1]);
    expect(emptyMessage('quick_reply').message_quick_reply?.message_actions).toHaveLength(1);
  });

  it('covers a new image carousel image with one tap area', () => {
    const column = newImageCarouselColumn({ url: 'https://example.com/a.png', width: 1024, height: 512 });
    expect(column).toMatchObject({
      id: null,
      image_url: 'https://example.com/a.png',
      image_width: 1024,
      image_height: 512,
    });
    expect(column.link_urls).toEqual([
      expect.objectContaining({ axis_x: 0, axis_y: 0, width: 1024, height: 512, action_type: 'uri' }),
    ]);
    expect(newLinkUrl({ axis_x: 1, axis_y: 2, width: 3, height: 4 })).toMatchObject({ axis_x: 1, height: 4, id: null });
  });
});
