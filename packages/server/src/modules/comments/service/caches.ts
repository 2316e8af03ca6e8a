import { LRUCache } from 'lru-cache';
import type { Database } from '../../../db/index.js';
import * as repo from '../repo/index.js';
import type { AppRow, SectionRow, ViewerFilter } from '../repo/index.js';
import type { RenderedPage, Viewer, VisitorAnswer } from './types.js';

/** How long a verified token's user, an app row or a visitor page is reused by this instance (see README.md). */
export const AUTH_CACHE_MS = 10_000;
export const APP_CACHE_MS = 30_000;
export const VISITOR_CACHE_MS = 2_000;
export const SECTION_CACHE_MS = 2_000;
export const FILTER_CACHE_MS = 5_000;
/** How long "no such post" is kept for a url of the host's post form: writes to it would otherwise each ask. */
export const MISSING_POST_CACHE_MS = 60_000;

/** Bounded map (lru-cache): past `max` entries the least recently used goes first. */
export class BoundedCache<V> {
  private readonly lru: LRUCache<string, { value: V }>;
  constructor(max: number) {
    this.lru = new LRUCache({ max });
  }
  get(key: string): V | undefined {
    return this.lru.get(key)?.value;
  }
  set(key: string, value: V): void {
    this.lru.set(key, { value });
  }
  delete(key: string): void {
    this.lru.delete(key);
  }
  clear(): void {
    this.lru.clear();
  }
}

/** `offensiveAuthors` / `heldAuthors`: who wrote offensive or held comments there (their pages are their own). */
export type SectionEntry = {
  row: SectionRow | null; hasPinned: boolean | null; offensiveAuthors: Set<number> | null; heldAuthors: Set<number> | null; version: number; at: number;
};

export const sectionKey = (appId: string, url: string) => `${appId}\n${url}`;

/**
 * Everything this instance keeps in memory, in one place: apps, signed-in viewers, viewer filters, section rows and
 * their versions, rendered list pages and the visitor answers made of them.
 */
export function createCaches(db: Database) {
  const caches = {
    apps: new BoundedCache<{ row: AppRow | null; at: number }>(1000),
    viewers: new BoundedCache<{ viewer: Viewer; until: number; epoch: number }>(20_000),
    renderedPages: new BoundedCache<RenderedPage>(10_000),
    /** Visitor GETs by their exact request url (path and query as sent): a hit is answered before any parsing. */
    visitorAnswers: new BoundedCache<VisitorAnswer>(10_000),
    sectionVersions: new Map<string, number>(),
    sections: new BoundedCache<SectionEntry>(20_000),
    filters: new BoundedCache<{ filter: ViewerFilter; at: number }>(20_000),
    /**
     * Whether a post of the host is anonymous (null: there is no such post, kept MISSING_POST_CACHE_MS); a post's
     * anonymity never changes, so a found one is kept.
     */
    anonymity: new BoundedCache<{ anonymous: boolean | null; at: number }>(20_000),
    allOrigins: null as { set: Set<string>; at: number } | null,

    version: (appId: string, url: string) => caches.sectionVersions.get(sectionKey(appId, url)) ?? 0,

    /** Any change to a section makes this instance's cached visitor pages of it stale at once. */
    touch(appId: string, url: string): void {
      const key = sectionKey(appId, url);
      caches.sectionVersions.set(key, (caches.sectionVersions.get(key) ?? 0) + 1);
    },

    /**
     * A section row, reused by this instance until it changes here (touch) and for at most SECTION_CACHE_MS (changes
     * made by other instances): a list page then costs one query.
     */
    async section(appId: string, url: string): Promise<SectionEntry> {
      const key = sectionKey(appId, url);
      const version = caches.sectionVersions.get(key) ?? 0;
      const hit = caches.sections.get(key);
      if (hit && hit.version === version && Date.now() - hit.at < SECTION_CACHE_MS) return hit;
      const entry: SectionEntry = { row: (await repo.findSection(db, appId, url)) ?? null, hasPinned: null, offensiveAuthors: null, heldAuthors: null, version, at: Date.now() };
      caches.sections.set(key, entry);
      return entry;
    },

    /**
     * The cached section row follows a comment's write (its new total) when nothing else changed it meanwhile, so
     * the next comment does not read it again; anything else (or another instance, within SECTION_CACHE_MS) re-reads it.
     */
    followWrite(appId: string, url: string, sectionId: number, total: number): void {
      const key = sectionKey(appId, url);
      const entry = caches.sections.get(key);
      const versionBefore = caches.sectionVersions.get(key) ?? 0;
      caches.touch(appId, url);
      if (entry?.row && entry.row.id === sectionId && entry.version === versionBefore) {
        entry.row = { ...entry.row, total };
        entry.version = versionBefore + 1;
      }
    },

    isFresh: (page: RenderedPage) => page.version === (caches.sectionVersions.get(page.section) ?? 0) && Date.now() - page.at < VISITOR_CACHE_MS,

    /** Forget cached apps and viewers (after the CLI or a test changes them). */
    forget(): void {
      caches.apps.clear();
      caches.viewers.clear();
      caches.renderedPages.clear();
      caches.visitorAnswers.clear();
      caches.allOrigins = null;
    },
  };
  return caches;
}

export type Caches = ReturnType<typeof createCaches>;
