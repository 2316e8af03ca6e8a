import { createStore, useStore } from 'zustand';
import { errorMessage } from '../lib/api';
import { getFollowedPages, setPageFollowed } from '../lib/endpoints/tags';
import { showToast } from '../ui/toasts/toast-store';

/**
 * The member's followed tags and interests (shell-and-account.md §2 "Following", §4 "Follow or unfollow").
 * Server contract: GET /user-followed-pages -> data { tags: FollowedPage[], interests: FollowedPage[] };
 * POST /user-followed-pages/{tag|interest}/{key} with form isFollowing=1|0 -> meta.status, data (the page).
 */
export type FollowKind = 'tag' | 'interest';
export type FollowedPage = { kind: FollowKind; key: string; name: string; url: string; updateTs: number };

export const FOLLOWING_SHOWN = 10;

export type ServerPage = { key?: unknown; name?: unknown; url?: unknown; updateTs?: unknown };

function toPage(kind: FollowKind, raw: ServerPage): FollowedPage | null {
  if (typeof raw.key !== 'string' || raw.key === '') return null;
  return {
    kind,
    key: raw.key,
    name: typeof raw.name === 'string' && raw.name ? raw.name : raw.key,
    url: typeof raw.url === 'string' && raw.url ? raw.url : kind === 'tag' ? `/tag/${raw.key}` : `/interest/${raw.key}`,
    updateTs: typeof raw.updateTs === 'number' ? raw.updateTs : 0,
  };
}

export type FollowedState = { pages: FollowedPage[]; loaded: boolean };
export type FollowedActions = {
  load(): Promise<void>;
  /** Sends the change; the list changes only on a Success reply. Resolves with whether it was applied. */
  setFollowing(kind: FollowKind, key: string, following: boolean, name?: string): Promise<boolean>;
  clear(): void;
};

export const createFollowedStore = (now: () => number = () => Math.floor(Date.now() / 1000)) =>
  createStore<FollowedState & FollowedActions>()((set, get) => ({
    pages: [],
    loaded: false,
    async load() {
      const data = await getFollowedPages();
      const pages = [
        ...(data.interests ?? []).map((p) => toPage('interest', p)),
        ...(data.tags ?? []).map((p) => toPage('tag', p)),
      ].filter((p): p is FollowedPage => p !== null);
      set({ pages, loaded: true });
    },
    async setFollowing(kind, key, following, name) {
      const reply = await setPageFollowed(kind, key, following);
      if (reply.meta.status !== 'Success') return false;
      const rest = get().pages.filter((p) => !(p.kind === kind && p.key === key));
      if (!following) {
        set({ pages: rest });
        return true;
      }
      const sent: ServerPage = reply.data ?? {};
      const page = toPage(kind, { key, name, updateTs: now(), ...sent }) ?? { kind, key, name: name ?? key, url: '', updateTs: now() };
      set({ pages: [page, ...rest] });
      return true;
    },
    clear() {
      set({ pages: [], loaded: false });
    },
  }));

/** Newest update first; the drawer shows the first 10 and a More item for the rest. */
export const sortFollowed = (pages: readonly FollowedPage[]): FollowedPage[] => [...pages].sort((a, b) => b.updateTs - a.updateTs);

export const followedStore = createFollowedStore();

export function useFollowed<T>(selector: (s: FollowedState & FollowedActions) => T): T {
  return useStore(followedStore, selector);
}

/** shell-and-account.md §4 "Follow or unfollow": said when the server does not apply a change. */
export const FOLLOW_FAILED = 'Could not update what you follow. Please try again.';

/**
 * Follows or unfollows a page for the Follow buttons and the follow dialog alike: applied only on a Success reply; a
 * refusal or a failed request is said in a toast, and the list stays as it was.
 */
export async function changeFollowing(kind: FollowKind, key: string, following: boolean, name?: string): Promise<void> {
  try {
    if (!(await followedStore.getState().setFollowing(kind, key, following, name))) showToast(FOLLOW_FAILED, 'error');
  } catch (error) {
    showToast(errorMessage(error), 'error');
  }
}
