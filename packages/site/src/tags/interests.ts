import { createStore, useStore } from 'zustand';
import { getInterests } from '../lib/endpoints/tags';

/** shell-and-account.md §3 "Interest": GET /v1/interests -> data { interests: Interest[] } (@guffaw/api). */
export type { Interest } from '@guffaw/api';
import type { Interest } from '@guffaw/api';

export type InterestState = { interests: Interest[]; loaded: boolean };
export type InterestActions = { load(): Promise<void>; set(interests: Interest[]): void };

export const createInterestStore = () =>
  createStore<InterestState & InterestActions>()((set) => ({
    interests: [],
    loaded: false,
    async load() {
      const data = await getInterests();
      set({ interests: Array.isArray(data.interests) ? data.interests : [], loaded: true });
    },
    set(interests) {
      set({ interests, loaded: true });
    },
  }));

/** §2 drawer: sensitive interests only when the member's adult-content (nsfw) mode is on. */
export const visibleInterests = (interests: readonly Interest[], adultMode: boolean): Interest[] =>
  interests.filter((i) => adultMode || !i.isSensitive);

/** The key an interest is followed by and linked with: `key`, else the slug of its URL, else its listType. */
export function interestKey(interest: Pick<Interest, 'url' | 'listType'> & { key?: string }): string {
  if (interest.key) return interest.key;
  const slug = /\/interest\/([^/?#]+)/.exec(interest.url)?.[1];
  if (slug) {
    try {
      return decodeURIComponent(slug);
    } catch {
      return slug;
    }
  }
  return interest.listType;
}

export const interestStore = createInterestStore();

export function useInterests<T>(selector: (s: InterestState & InterestActions) => T): T {
  return useStore(interestStore, selector);
}

/** A label made from an interest's key ('movies-tv' -> 'Movies tv'), shown only until the interests have loaded. */
export const keyLabel = (key: string): string => key.replace(/[-_]+/g, ' ').replace(/^./, (c) => c.toUpperCase());

/** An interest's own name ('Movies & TV') by its key. */
export function useInterestName(key: string): string {
  return useInterests((s) => s.interests.find((i) => interestKey(i) === key)?.name) ?? keyLabel(key);
}
