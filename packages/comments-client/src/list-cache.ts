import { LIST_CACHE_MS, LIST_DEDUPE_MS, THREAD_CACHE_MS } from './constants.js';
import type { CommentPage, ListParams } from './types.js';

const MAX_ENTRIES = 200;

/** One key per url, sort, cursor and view: two lists differing in any of them never share a result. */
export const listKey = (p: ListParams): string =>
  JSON.stringify([p.url, p.type ?? 'new', p.count ?? null, p.commentId ?? null, p.level ?? null, p.next ?? null, p.prev ?? null, p.refresh ?? null]);

/** 5 minutes for hot and for threads, 1 minute for new and old. */
export const listLifetime = (p: ListParams): number =>
  p.commentId !== undefined || p.level === 2 ? THREAD_CACHE_MS : LIST_CACHE_MS[p.type ?? 'new'];

type Cached = { url: string; page: CommentPage; expires: number };
type Recent = { url: string; started: number; promise: Promise<CommentPage> };

/**
 * List pages by key, with two memories: `recent` collapses identical requests started within LIST_DEDUPE_MS into one
 * (even when the caller asks for a fresh page), `pages` keeps results for their lifetime. Invalidating a url bumps
 * its generation, so a request already in flight for it cannot put a stale page back.
 */
export class ListCache {
  private pages = new Map<string, Cached>();
  private recent = new Map<string, Recent>();
  private generations = new Map<string, number>();
  private epoch = 0;

  load(params: ListParams, fresh: boolean, fetchPage: () => Promise<CommentPage>): Promise<CommentPage> {
    const key = listKey(params);
    const now = Date.now();
    const cached = this.pages.get(key);
    if (cached && cached.expires <= now) this.pages.delete(key);
    else if (cached && !fresh && params.refresh === undefined) return Promise.resolve(cached.page);

    for (const [k, r] of this.recent) if (now - r.started >= LIST_DEDUPE_MS) this.recent.delete(k);
    const shared = this.recent.get(key);
    if (shared) return shared.promise;

    const generation = this.generation(params.url);
    const promise = fetchPage();
    const entry: Recent = { url: params.url, started: now, promise };
    this.recent.set(key, entry);
    promise.then(
      (page) => {
        // A refresh cursor asks for what is new since a page: serving it from the cache would defeat it.
        if (params.refresh !== undefined || this.generation(params.url) !== generation) return;
        this.pages.delete(key);
        this.pages.set(key, { url: params.url, page, expires: Date.now() + listLifetime(params) });
        for (const k of this.pages.keys()) {
          if (this.pages.size <= MAX_ENTRIES) break;
          this.pages.delete(k);
        }
      },
      () => {
        if (this.recent.get(key) === entry) this.recent.delete(key);
      },
    );
    return promise;
  }

  /** Drops the pages of one url, or everything. */
  invalidate(url?: string): void {
    if (url === undefined) {
      this.pages.clear();
      this.recent.clear();
      this.epoch += 1;
      return;
    }
    this.generations.set(url, (this.generations.get(url) ?? 0) + 1);
    for (const [k, v] of this.pages) if (v.url === url) this.pages.delete(k);
    for (const [k, v] of this.recent) if (v.url === url) this.recent.delete(k);
  }

  private generation(url: string): string {
    return `${this.epoch}:${this.generations.get(url) ?? 0}`;
  }
}
