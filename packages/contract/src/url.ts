/** Serialises a query object; arrays in bracket form (`a[]=1&a[]=2`), absent values skipped. */
export function toQueryString(query: object | undefined): string {
  if (!query) return '';
  const parts: string[] = [];
  const add = (key: string, value: unknown) => {
    if (value === undefined || value === null) return;
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  };
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) for (const item of value) add(`${key}[]`, item);
    else add(key, value);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** Fills Fastify-style `:name` segments of a contract path. */
export function fillPath(path: string, params: object | undefined): string {
  const values: Record<string, unknown> = { ...params };
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null || value === '')
      throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}
