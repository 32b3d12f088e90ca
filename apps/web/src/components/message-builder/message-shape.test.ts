import { emptyMessage, newAction, type BuilderMessage } from '@linq/contract';
import { describe, expect, it } from 'vitest';
import { withEditableShape } from './message-shape.ts';

const bare = (type: BuilderMessage['message_type']): BuilderMessage => ({
  ...emptyMessage(type),
  text: null,
  message_confirm: null,
  message_quick_reply: null,
  message_columns: null,
  message_image_carousels: null,
});

describe('withEditableShape', () => {
  it('returns a complete message unchanged (the same object)', () => {
    for (const type of ['text_message', 'quick_reply', 'confirm', 'carousel', 'image_carousel', 'image'] as const) {
      const message = emptyMessage(type);
      expect(withEditableShape(message)).toBe(message);
    }
  });

  it('adds the parts the type edits when they are missing', () => {
    expect(withEditableShape(bare('text_message')).text).toBe('');
    const quickReply = withEditableShape(bare('quick_reply'));
    expect(quickReply.text).toBe('');
    expect(quickReply.message_quick_reply?.message_actions).toHaveLength(1);
    expect(withEditableShape(bare('confirm')).message_confirm?.message_actions).toHaveLength(2);
    expect(withEditableShape(bare('carousel')).message_columns).toHaveLength(1);
    expect(withEditableShape(bare('image_carousel')).message_image_carousels).toEqual([]);
  });

  it('gives a confirm message its second answer, keeping the first', () => {
    const first = { ...newAction(), label: 'はい' };
    const message = { ...bare('confirm'), message_confirm: { id: 4, text: '?', message_actions: [first] } };
    const shaped = withEditableShape(message);
    expect(shaped.message_confirm?.id).toBe(4);
    expect(shaped.message_confirm?.message_actions[0]).toBe(first);
    expect(shaped.message_confirm?.message_actions).toHaveLength(2);
  });
});
