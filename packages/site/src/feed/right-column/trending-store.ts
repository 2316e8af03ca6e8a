import { createStore, useStore } from 'zustand';
import { fetchList } from '../../lib/endpoints/lists';
import { userStore } from '../../user/user-store';
import { homeListPath } from '../list-routes';
import type { ListReply, Post } from '../post-types';

/** How many trending posts the right column lists. */
export const TRENDING_COUNT = 5;

export type TrendingState = { posts: Post[]; status: 'idle' | 'loading' | 'done' | 'failed' };
export type TrendingActions = {
  /** Asks for the Trending list's first page once per page load; a failure leaves the section out, and a later call tries again. */
  load(): Promise<void>;
};

/** As the lists ask (post-store.ts): POST for members, so their filters apply; GET for visitors, cacheable. */
const firstPage = (path: string): Promise<ListReply> => fetchList(path, {}, !!userStore.getState().info.user?.username);

export const createTrendingStore = (fetchList: (path: string) => Promise<ListReply> = firstPage) =>
  createStore<TrendingState & TrendingActions>()((set, get) => ({
    posts: [],
    status: 'idle',
    async load() {
      if (get().status === 'loading' || get().status === 'done') return;
      set({ status: 'loading' });
      try {
        const reply = await fetchList(homeListPath('trending', undefined));
        set({ posts: reply.posts, status: 'done' });
      } catch {
        set({ status: 'failed' });
      }
    },
  }));

export const trendingStore = createTrendingStore();
export function useTrending<T>(selector: (s: TrendingState & TrendingActions) => T): T {
  return useStore(trendingStore, selector);
}
