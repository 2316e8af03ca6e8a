import { createStore, useStore } from 'zustand';
import { getSiteConfig } from '../lib/endpoints/site-config';
import { canonicalTag, moveToFront, tagUrl } from './canonical';
import { safeStorage } from '../lib/storage';

/** shell-and-account.md §3 "Tag": a tag as the shell lists it. */
export type Tag = { key: string; url: string; name?: string; description?: string; isSensitive?: boolean };

export const RECENTS_CAP = 3;
export const POPULAR_COUNT = 10;
export const TAGS_STORAGE_KEY = 'guffaw.tags';
/** The older format: one object of sections, each a list of tag names. Migrated once, then removed. */
export const LEGACY_TAGS_KEY = 'savedSections';

export const makeTag = (name: string): Tag => ({ key: canonicalTag(name), url: tagUrl(name) });
const same = (a: Tag, b: Tag) => a.key === b.key;
const has = (list: readonly Tag[], tag: Tag) => list.some((t) => t.key === tag.key);

export type TagLists = { favorites: Tag[]; hidden: Tag[]; recents: Tag[] };
export type TagState = TagLists & {
  /** The popular source list (from the feeds); what the drawer shows is `selectPopular`. */
  popular: Tag[];
  other: Tag[];
};
export type TagActions = {
  /** Pins a tag; a hidden tag becomes visible again (§4: a favourite cannot be hidden). */
  favourite(tag: Tag): void;
  unfavourite(tag: Tag): void;
  /** Hides a tag unless it is a favourite; returns whether it was hidden. */
  hide(tag: Tag): boolean;
  unhide(tag: Tag): void;
  addRecent(tag: Tag): void;
  removeRecent(tag: Tag): void;
  clearRecents(): void;
  setPopular(popular: Tag[], other?: Tag[]): void;
  /** Reads the popular tags from GET /v1/config once per page; a failure lets a later call try again. */
  loadPopular(): Promise<void>;
};

/**
 * The tags of /v1/config (server posts/app-config.ts): the most used tags of the last 30 days, most used first.
 * All of them are the popular source, so the list still holds 10 once favourites and hidden tags are left out.
 */
type ConfigTag = { key?: unknown; description?: unknown; isSensitive?: unknown };

export function popularFromConfig(tags: unknown): Tag[] {
  if (!Array.isArray(tags)) return [];
  const popular: Tag[] = [];
  for (const t of tags as ConfigTag[]) {
    if (typeof t !== 'object' || t === null || typeof t.key !== 'string' || canonicalTag(t.key) === '') continue;
    const tag = makeTag(t.key);
    if (popular.some((p) => same(p, tag))) continue;
    if (typeof t.description === 'string' && t.description) tag.description = t.description;
    if (t.isSensitive === true) tag.isSensitive = true;
    popular.push(tag);
  }
  return popular;
}

function readLists(storage: Storage | null): TagLists {
  const empty: TagLists = { favorites: [], hidden: [], recents: [] };
  if (!storage) return empty;
  try {
    const saved = storage.getItem(TAGS_STORAGE_KEY);
    const lists: TagLists = saved ? { ...empty, ...(JSON.parse(saved) as Partial<TagLists>) } : empty;
    return migrateLegacy(storage, lists);
  } catch {
    return empty;
  }
}

/** §4: legacy sections go into favorites, hidden and recents (the last 3, oldest first there) once, then the old key is removed. */
function migrateLegacy(storage: Storage, lists: TagLists): TagLists {
  const raw = storage.getItem(LEGACY_TAGS_KEY);
  if (raw === null) return lists;
  storage.removeItem(LEGACY_TAGS_KEY);
  let legacy: { favorites?: unknown; hidden?: unknown; recents?: unknown };
  try {
    legacy = JSON.parse(raw) as typeof legacy;
  } catch {
    return lists;
  }
  const names = (value: unknown): Tag[] =>
    Array.isArray(value)
      ? value
          .map((v) => (typeof v === 'string' ? v : typeof v === 'object' && v && 'key' in v ? String((v as { key: unknown }).key) : ''))
          .filter((v) => canonicalTag(v) !== '')
          .map(makeTag)
      : [];
  let { favorites, hidden, recents } = lists;
  for (const tag of names(legacy.favorites)) if (!has(favorites, tag)) favorites = [...favorites, tag];
  for (const tag of names(legacy.hidden)) if (!has(favorites, tag) && !has(hidden, tag)) hidden = [...hidden, tag];
  for (const tag of names(legacy.recents).slice(-RECENTS_CAP)) recents = moveToFront(recents, tag, same, RECENTS_CAP);
  const migrated = { favorites, hidden, recents };
  storage.setItem(TAGS_STORAGE_KEY, JSON.stringify(migrated));
  return migrated;
}

export const createTagStore = (storage: Storage | null = safeStorage()) =>
  createStore<TagState & TagActions>()((set, get) => {
    const save = (patch: Partial<TagLists>) => {
      set(patch);
      const { favorites, hidden, recents } = get();
      try {
        storage?.setItem(TAGS_STORAGE_KEY, JSON.stringify({ favorites, hidden, recents }));
      } catch {
        // Storage full or off: the lists hold for this page.
      }
    };
    let loadingPopular: Promise<void> | null = null;
    return {
      ...readLists(storage),
      popular: [],
      other: [],
      favourite(tag) {
        const { favorites, hidden } = get();
        save({ favorites: has(favorites, tag) ? favorites : [...favorites, tag], hidden: hidden.filter((t) => !same(t, tag)) });
      },
      unfavourite(tag) {
        save({ favorites: get().favorites.filter((t) => !same(t, tag)) });
      },
      hide(tag) {
        const { favorites, hidden } = get();
        if (has(favorites, tag)) return false;
        if (!has(hidden, tag)) save({ hidden: [...hidden, tag] });
        return true;
      },
      unhide(tag) {
        save({ hidden: get().hidden.filter((t) => !same(t, tag)) });
      },
      addRecent(tag) {
        save({ recents: moveToFront(get().recents, tag, same, RECENTS_CAP) });
      },
      removeRecent(tag) {
        save({ recents: get().recents.filter((t) => !same(t, tag)) });
      },
      clearRecents() {
        save({ recents: [] });
      },
      setPopular(popular, other = []) {
        set({ popular, other });
      },
      loadPopular() {
        loadingPopular ??= getSiteConfig().then(
          (config) => get().setPopular(popularFromConfig(config.tags)),
          (error: unknown) => {
            loadingPopular = null;
            throw error;
          },
        );
        return loadingPopular;
      },
    };
  });

/**
 * §4: whether a post's tags include a hidden one (home lists leave such posts out). A list filtering many posts passes
 * the hidden keys as a set, built once.
 */
export function hasHiddenTag(tags: readonly { key: string }[], hidden: readonly Tag[] | ReadonlySet<string>): boolean {
  const keys = hidden instanceof Set ? hidden : new Set((hidden as readonly Tag[]).map((t) => t.key));
  if (keys.size === 0 || tags.length === 0) return false;
  return tags.some((t) => keys.has(canonicalTag(t.key)));
}

/** §4: popular shows the first 10 tags that are neither favourites nor hidden. */
export function selectPopular(s: TagState): Tag[] {
  return s.popular.filter((t) => !has(s.favorites, t) && !has(s.hidden, t)).slice(0, POPULAR_COUNT);
}

export const tagStore = createTagStore();

export function useTags<T>(selector: (s: TagState & TagActions) => T): T {
  return useStore(tagStore, selector);
}
