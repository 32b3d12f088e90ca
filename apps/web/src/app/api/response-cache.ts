/** A time-limited cache of GET response bodies (spec section 9: GET responses may be cached for 60 s). */
export function createResponseCache(ttlMs: number, now: () => number = Date.now) {
  const entries = new Map<string, { expiresAt: number; body: unknown }>();
  return {
    get(key: string): { body: unknown } | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        entries.delete(key);
        return undefined;
      }
      return { body: entry.body };
    },
    set(key: string, body: unknown): void {
      entries.set(key, { expiresAt: now() + ttlMs, body });
    },
    clear(): void {
      entries.clear();
    },
  };
}
