/**
 * A bounded in-process map with per-entry expiry (pure; no I/O): `get` returns a value until `now() >= expiresAt`
 * and marks it most recently used; `set` drops the least recently used entries beyond `max`. For small per-instance
 * caches (geo answers, assistant conversation pointers) where sharing across instances is not needed.
 */
export type TtlLru<V> = {
  get(key: string): V | undefined;
  /** Stores `value` for `ttlMs` milliseconds from now. */
  set(key: string, value: V, ttlMs: number): void;
  readonly size: number;
};

export function createTtlLru<V>({
  max,
  now = () => Date.now(),
}: {
  max: number;
  now?: () => number;
}): TtlLru<V> {
  // Map keeps insertion order: re-inserting an entry marks it most recently used.
  const entries = new Map<string, { value: V; expiresAt: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (now() >= entry.expiresAt) return undefined;
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value, ttlMs) {
      entries.delete(key);
      entries.set(key, { value, expiresAt: now() + ttlMs });
      while (entries.size > max) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
    get size() {
      return entries.size;
    },
  };
}
