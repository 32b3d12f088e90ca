/**
 * A time-limited cache of GET response bodies (spec section 9: GET responses may be cached for 60 s).
 * A read still in flight when the cache is cleared (a write happened) may carry data from before the
 * write: it is answered but not stored, so the refetch after the write never gets the old data back.
 */
export function createResponseCache(ttlMs: number, now: () => number = Date.now) {
  const entries = new Map<string, { expiresAt: number; body: unknown }>();
  let generation = 0;
  return {
    /** Taken when a read starts; its answer is stored only if no clear happened since. */
    ticket(): number {
      return generation;
    },
    get(key: string): { body: unknown } | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        entries.delete(key);
        return undefined;
      }
      return { body: entry.body };
    },
    set(key: string, body: unknown, ticket: number): void {
      if (ticket === generation) entries.set(key, { expiresAt: now() + ttlMs, body });
    },
    clear(): void {
      generation += 1;
      entries.clear();
    },
  };
}
