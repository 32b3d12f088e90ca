/**
 * Parses a query string with list parameters in bracket form (spec section 7: `tag_ids[]=1&tag_ids[]=2`).
 * A key with `[]` always gives a list, even with one value; a repeated plain key gives a list too.
 */
export function parseQueryString(raw: string): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  for (const part of raw.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const rawKey = eq < 0 ? part : part.slice(0, eq);
    const rawValue = eq < 0 ? '' : part.slice(eq + 1);
    const key = decode(rawKey);
    const value = decode(rawValue);
    if (key.endsWith('[]')) {
      const name = key.slice(0, -2);
      const existing = result[name];
      result[name] = existing === undefined ? [value] : [...[existing].flat(), value];
    } else {
      const existing = result[key];
      result[key] = existing === undefined ? value : [...[existing].flat(), value];
    }
  }
  return result;
}

function decode(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    // A malformed escape is kept as sent; validation then answers for the value.
    return spaced;
  }
}
