import { LRUCache } from 'lru-cache';

/**
 * Visitors (no session) all see the same page of a list, so a page computed for one visitor is served to the next
 * for a short time, and concurrent identical requests share one computation. Members are never served a page from
 * it: their filters make every page their own (the lists share only their candidates through it, read before any
 * member's filter: feed-repository.ts sharedRows). A page and its `after` token stay consistent with each other (the
 * token carries the page's snapshot time), so a reused page continues exactly like a fresh one.
 *
 * TTL: FEED_CACHE_MS (default 1000 ms; 0 turns it off; off under tests, which change data between calls).
 */
export class VisitorPageCache<T> {
  private readonly pages: LRUCache<string, { at: number; value: Promise<T> }>;

  constructor(
    readonly ttlMs: number,
    maxEntries = 2000,
  ) {
    this.pages = new LRUCache({ max: maxEntries });
  }

  get(key: string, compute: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return compute();
    const now = Date.now();
    const hit = this.pages.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value;
    const value = compute();
    const entry = { at: now, value };
    this.pages.set(key, entry);
    // A failed computation is not kept (unless a newer one has replaced it meanwhile).
    value.catch(() => {
      if (this.pages.peek(key) === entry) this.pages.delete(key);
    });
    return value;
  }
}

export function visitorCacheTtl(env: Record<string, string | undefined> = process.env): number {
  return cacheTtl('FEED_CACHE_MS', 1000, env);
}

/** A cache's TTL from its variable (milliseconds; 0 or a bad value turns it off), else `fallbackMs` (0 under tests). */
export function cacheTtl(variable: string, fallbackMs: number, env: Record<string, string | undefined> = process.env): number {
  const value = env[variable];
  if (value !== undefined && value.trim() !== '') {
    const ms = Number(value);
    return Number.isFinite(ms) && ms > 0 ? ms : 0;
  }
  return env.NODE_ENV === 'test' ? 0 : fallbackMs;
}

/** One of something per database (caches must not serve one database's rows for another's in one process). */
export function perDatabase<T>(make: () => T): (db: object) => T {
  const made = new WeakMap<object, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) {
      value = make();
      made.set(db, value);
    }
    return value;
  };
}

/**
 * Rows by id for a short time (the same TTL), shared by every reader: a post card's row does not depend on who reads
 * it, and the same posts fill most pages of every list, so a list page mostly reads its rows from here and asks the
 * database for the rest only. Whoever changes a row in this process calls `forget(id)`; a read that raced with such
 * a change is not kept. Changes made by another server instance show within the TTL.
 */
export class RecentRows<T> {
  private readonly rows: LRUCache<string, { at: number; row: T }>;
  private generation = 0;

  constructor(
    readonly ttlMs: number,
    maxEntries = 5000,
  ) {
    this.rows = new LRUCache({ max: maxEntries });
  }

  /** Rows of `ids` (in no set order): those kept and fresh, then `read(rest)` for the others. */
  async get(ids: string[], idOf: (row: T) => string, read: (ids: string[]) => Promise<T[]>): Promise<T[]> {
    if (this.ttlMs <= 0) return read(ids);
    const now = Date.now();
    const found: T[] = [];
    const missing: string[] = [];
    for (const id of ids) {
      const hit = this.rows.get(id);
      if (hit && now - hit.at < this.ttlMs) found.push(hit.row);
      else missing.push(id);
    }
    if (missing.length === 0) return found;
    const generation = this.generation;
    const fetched = await read(missing);
    if (generation === this.generation) for (const row of fetched) this.rows.set(idOf(row), { at: now, row });
    return found.concat(fetched);
  }

  forget(id: string): void {
    this.generation++;
    this.rows.delete(id);
  }
}
