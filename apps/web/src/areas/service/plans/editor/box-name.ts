import { messageWords, type PlanMessage } from '@linq/contract';

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

/** A message's own words, else the alt text it was given (an image carousel has only that). */
function wordsOf(message: PlanMessage): string {
  return messageWords(message) || message.alt_text || '';
}
