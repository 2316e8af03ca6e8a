import { createStore, useStore } from 'zustand';
import { apiGet } from '../lib/api';

/** shell-and-account.md §3 "Interest". Server contract: GET /v1/interests -> data { interests: Interest[] }. */
export type Interest = {
  listType: string;
  name: string;
  url: string;
  emoji?: string;
  imageUrl?: string;
  isSensitive: boolean;
  isLocal?: boolean;
};

export type InterestState = { interests: Interest[]; loaded: boolean };
export type InterestActions = { load(): Promise<void>; set(interests: Interest[]): void };

export const createInterestStore = () =>
  createStore<InterestState & InterestActions>()((set) => ({
    interests: [],
    loaded: false,
    async load() {
      const data = await apiGet<{ interests?: Interest[] }>('/v1/interests');
      set({ interests: Array.isArray(data.interests) ? data.interests : [], loaded: true });
    },
    set(interests) {
      set({ interests, loaded: true });
    },
  }));

/** §2 drawer: sensitive interests only when the member's adult-content (nsfw) mode is on. */
export const visibleInterests = (interests: readonly Interest[], adultMode: boolean): Interest[] =>
  interests.filter((i) => adultMode || !i.isSensitive);

export const interestStore = createInterestStore();

export function useInterests<T>(selector: (s: InterestState & InterestActions) => T): T {
  return useStore(interestStore, selector);
}
