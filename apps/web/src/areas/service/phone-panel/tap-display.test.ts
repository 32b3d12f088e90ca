import { describe, expect, it } from 'vitest';
import type { ConversationEntry } from '@linq/contract';
import { tapDisplayText } from './tap-display.ts';

const sent = (message: Record<string, unknown>): ConversationEntry => ({
  direction: 'to_friend',
  at: '2026-01-01T00:00:00Z',
  demo_at: null,
  message_id: '1',
  endpoint: 'pushMessage',
  message,
});
const tap = (data: string): ConversationEntry => ({
  direction: 'from_friend',
  at: '2026-01-01T00:01:00Z',
  demo_at: null,
  message_id: null,
  type: 'postback',
  text: null,
  package_id: null,
  sticker_id: null,
  data,
  image_url: null,
});
const confirm = sent({
  type: 'template',
  altText: '参加しますか',
  template: {
    type: 'confirm',
    text: '参加しますか',
    actions: [
      { type: 'postback', label: '参加する', data: 'linq:a:1', displayText: '参加します' },
      { type: 'postback', label: 'やめる', data: 'linq:a:2' },
    ],
  },
});

describe('tapDisplayText', () => {
  it("shows the action's displayText, as LINE does", () => {
    expect(tapDisplayText([confirm, tap('linq:a:1')], 1)).toBe('参加します');
  });
  it('shows nothing for a tap without displayText or whose action is unknown, never the data', () => {
    expect(tapDisplayText([confirm, tap('linq:a:2')], 1)).toBeNull();
    expect(tapDisplayText([confirm, tap('linq:a:9')], 1)).toBeNull();
  });
});
