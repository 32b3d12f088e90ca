import type { ConversationEntry } from '@linq/contract';

/** The displayText of a postback action with this data somewhere in a LINE message object, if any. */
function displayTextIn(value: unknown, data: string): string | null | undefined {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = displayTextIn(item, data);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (!value || typeof value !== 'object') return undefined;
  const record = value as Record<string, unknown>;
  if (record.type === 'postback' && record.data === data) {
    return typeof record.displayText === 'string' && record.displayText !== '' ? record.displayText : null;
  }
  for (const child of Object.values(record)) {
    const found = displayTextIn(child, data);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * What the friend's phone shows for a postback tap, as LINE does: the action's displayText as the
 * friend's message when it has one, else nothing (a tap is no bubble, and its data is never shown).
 * The action is the newest one with the tap's data among what the channel sent before it.
 */
export function tapDisplayText(entries: readonly ConversationEntry[], index: number): string | null {
  const tap = entries[index];
  if (!tap || tap.direction !== 'from_friend' || tap.type !== 'postback' || !tap.data) return null;
  for (let i = index - 1; i >= 0; i--) {
    const entry = entries[i]!;
    if (entry.direction !== 'to_friend') continue;
    const found = displayTextIn(entry.message, tap.data);
    if (found !== undefined) return found;
  }
  return null;
}
