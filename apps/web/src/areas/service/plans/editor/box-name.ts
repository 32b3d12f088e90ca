import type { PlanMessage } from '@linq/contract';

/** How much of a message names its box. */
const NAME_LENGTH = 14;
const EMOJI = /\{\{emoji:[^{}]*\}\}/g;
const VARIABLE = /\{\{[^{}]*\}\}/g;

/**
 * A box named as people know it: its message's first words (variables as ○○, LINE emoji left out),
 * or, for a message without words (an image, a sticker) or an empty box, `fallback` (its kind).
 */
export function boxName(message: PlanMessage, fallback: string): string {
  const words = wordsOf(message).replace(EMOJI, '').replace(VARIABLE, '○○').replace(/\s+/g, ' ').trim();
  if (words === '') return fallback;
  return words.length > NAME_LENGTH ? `${words.slice(0, NAME_LENGTH)}…` : words;
}

function wordsOf(message: PlanMessage): string {
  switch (message.message_type) {
    case 'text_message':
    case 'quick_reply':
      return message.text ?? '';
    case 'confirm':
      return message.message_confirm?.text ?? '';
    case 'carousel': {
      const first = message.message_columns?.[0];
      return first?.title || first?.text || message.alt_text || '';
    }
    case 'image_carousel':
      return message.alt_text ?? '';
    default:
      return '';
  }
}
