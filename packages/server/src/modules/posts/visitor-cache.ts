/**
 * Visitors (no session) all see the same page of a list, so a page computed for one visitor is served to the next
 * for a short time, and concurrent identical requests share one computation. Members are never served from it:
 * their filters make every page their own. A page and its `after` token stay consistent with each other (the
 * token carries the page's snapshot time), so a reused page continues exactly like a fresh one.
 *
 * TTL: FEED_CACHE_MS (default 1000 ms; 0 turns it off; off under tests, which change data between calls).
 */
export class VisitorPageCache<T> {
  private readonly pages = new Map<string, { at: number; value: Promise<T> }>();

  constructor(
    readonly ttlMs: number,
    private readonly maxEntries = 2000,
  ) {}

  get(key: string, compute: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return compute();
    const now = Date.now();
    const hit = this.pages.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value;
    const value = compute();
    this.pages.delete(key);
    this.pages.set(key, { at: now, value });
    value.catch(() => this.pages.delete(key));
    if (this.pages.size > this.maxEntries) {
      const oldest = this.pages.keys().next().value;
      if (oldest !== undefined) this.pages.delete(oldest);
    }
    return value;
  }
}

export function visitorCacheTtl(env: Record<string, string | undefined> = process.env): number {
  if (env.FEED_CACHE_MS !== undefined && env.FEED_CACHE_MS.trim() !== '') {
    const ms = Number(env.FEED_CACHE_MS);
    return Number.isFinite(ms) && ms > 0 ? ms : 0;
  }
  return env.NODE_ENV === 'test' ? 0 : 1000;
}
