/**
 * How deep a JSON body may nest. Every walk over a parsed body (the text rule, zod, secure
 * parsing) recurses, so a body of 100,000 nested arrays would overflow the stack and answer 500;
 * no payload of ours nests beyond a dozen levels (a flex message included).
 */
export const MAX_JSON_DEPTH = 64;

export const TOO_DEEP_MESSAGE = `JSON の入れ子が深すぎます（${MAX_JSON_DEPTH} 段まで）。`;

/**
 * Whether JSON text nests deeper than `limit`, found by one scan of the text (no recursion, no
 * parse): brackets inside strings do not count. Malformed text is left to the parser.
 */
export function nestsDeeperThan(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i += 1;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (code === OPEN_ARRAY || code === OPEN_OBJECT) {
      depth += 1;
      if (depth > limit) return true;
    } else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) depth -= 1;
  }
  return false;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
