import type { VoteValue } from '@guffaw/api';
import { createContext, useContext } from 'react';
import { createStore, useStore } from 'zustand';
import { errorMessage, isApiNetworkError } from '../lib/api';
import { fetchList, isHomeList, sendVote, setPostSaved } from '../lib/endpoints/lists';
import { requireMember } from '../ui/modals';
import { showToast } from '../ui/toasts';
import { tagStore } from '../tags/tag-store';
import { updateUserInfo, userStore } from '../user/user-store';
import type { Post } from './post-types';

/** posts-and-feeds.md §3 "Post list state": posts by id, and per list its ids, cursor and loading state. */
export type FeedList = {
  ids: string[];
  /** The next page's `after` token; null = the list has ended. */
  after: string | null;
  loading: boolean;
  loaded: boolean;
  error: string | null;
};
export type PostListState = { posts: Record<string, Post>; lists: Record<string, FeedList> };
export type PostListActions = {
  /** Loads the next page of `path` (a /v1 list path) with `query`; one request at a time per list (§4 loading guard). */
  loadMore(path: string, query?: Record<string, string>): Promise<void>;
  putPost(post: Post): void;
  patchPost(id: string, patch: Partial<Post>): void;
  /** Empties every list so each one on screen loads again from its first page (§4: after a delete, lists reload). */
  reloadLists(): void;
};

const emptyList = (): FeedList => ({ ids: [], after: null, loading: false, loaded: false, error: null });
/** A list's key in the store: its path plus its query (search lists differ by query only). */
export const listKey = (path: string, query: Record<string, string> = {}) => {
  const qs = new URLSearchParams(query).toString();
  return qs ? `${path}?${qs}` : path;
};
export const selectList = (key: string) => (s: PostListState): FeedList => s.lists[key] ?? EMPTY;
const EMPTY = emptyList();

const isLoggedIn = () => Boolean(userStore.getState().info.user?.username);

/** shell-and-account.md §4: the home lists (/v1/feed-posts and /v1/group-posts, see list-routes.ts) leave out posts of hidden tags. */
export { isHomeList };
/** As many hidden tags as a list call may name (the server's MAX_HIDDEN_TAGS); the list filters older ones on screen. */
const MAX_HIDDEN_TAGS = 50;

/**
 * A home list call names the tags hidden in this browser, so the server leaves their posts out and every page comes
 * back full. They are not part of the list's key: hiding a tag filters the posts already loaded (feed-list.tsx).
 */
function hiddenTagsQuery(path: string): Record<string, string> {
  if (!isHomeList(path)) return {};
  const keys = tagStore.getState().hidden.slice(-MAX_HIDDEN_TAGS).map((t) => t.key);
  return keys.length > 0 ? { hiddenTags: keys.join(',') } : {};
}

/** `initial` is also the state a render starts from (zustand's server snapshot): a server render's page. */
export const createPostListStore = (initial: PostListState = { posts: {}, lists: {} }) =>
  createStore<PostListState & PostListActions>()((set, get) => ({
    ...initial,
    async loadMore(path, query = {}) {
      const key = listKey(path, query);
      const current = get().lists[key] ?? emptyList();
      if (current.loading || (current.loaded && current.after === null)) return;
      const setList = (patch: Partial<FeedList>) =>
        set((s) => ({ lists: { ...s.lists, [key]: { ...(s.lists[key] ?? emptyList()), ...patch } } }));
      setList({ loading: true, error: null });
      const q = { ...query, ...hiddenTagsQuery(path), ...(current.after ? { after: current.after } : {}) };
      try {
        // §7: POST for members (their filters apply), GET for visitors (cacheable).
        const reply = await fetchList(path, q, isLoggedIn());
        set((s) => {
          const posts = { ...s.posts };
          const before = s.lists[key] ?? emptyList();
          const seen = new Set(before.ids);
          const ids = [...before.ids];
          for (const post of reply.posts) {
            posts[post.id] = { ...posts[post.id], ...post };
            if (!seen.has(post.id)) {
              seen.add(post.id);
              ids.push(post.id);
            }
          }
          const after = reply.after ?? reply.nextCursor ?? null;
          // A page that adds nothing new ends the list rather than asking for the same page forever.
          const ended = after === null || (reply.posts.length > 0 && ids.length === before.ids.length);
          return { posts, lists: { ...s.lists, [key]: { ids, after: ended ? null : after, loading: false, loaded: true, error: null } } };
        });
      } catch (error) {
        // §4: without a server answer the trigger is reset so scrolling retries; with one the list stops there.
        setList({ loading: false, error: errorMessage(error), ...(isApiNetworkError(error) ? {} : { loaded: true, after: null }) });
      }
    },
    putPost(post) {
      set((s) => ({ posts: { ...s.posts, [post.id]: { ...s.posts[post.id], ...post } } }));
    },
    patchPost(id, patch) {
      const post = get().posts[id];
      if (post) set((s) => ({ posts: { ...s.posts, [id]: { ...post, ...patch } } }));
    },
    reloadLists() {
      set({ lists: {} });
    },
  }));

export type PostListStore = ReturnType<typeof createPostListStore>;
/** The browser's store: main.tsx seeds it once, and event handlers (votes, Cheers, the post menu) act on it. */
export const postListStore = createPostListStore();
/** The store a render reads: the browser's unless a provider gives another (a server render's own, entry-server.tsx). */
export const PostListContext = createContext<PostListStore>(postListStore);
export function usePostList<T>(selector: (s: PostListState & PostListActions) => T): T {
  return useStore(useContext(PostListContext), selector);
}

// --- votes and saves (§4) ------------------------------------------------------------------------------------

export type { VoteValue } from '@guffaw/api';
export type VoteCounts = { upVoteCount: number; downVoteCount: number };

/**
 * §4 Vote: tapping the direction already chosen removes the vote; removing or changing a vote takes one off the
 * matching count, a new vote adds one; counts never go below 0.
 */
export function nextVote(previous: VoteValue, tapped: 1 | -1, counts: VoteCounts): { vote: VoteValue; counts: VoteCounts } {
  const vote: VoteValue = previous === tapped ? 0 : tapped;
  let { upVoteCount, downVoteCount } = counts;
  if (previous === 1) upVoteCount -= 1;
  if (previous === -1) downVoteCount -= 1;
  if (vote === 1) upVoteCount += 1;
  if (vote === -1) downVoteCount += 1;
  return { vote, counts: { upVoteCount: Math.max(0, upVoteCount), downVoteCount: Math.max(0, downVoteCount) } };
}



const setUserVote = (id: string, vote: VoteValue) => updateUserInfo((info) => ({ votes: { ...info.votes, [id]: vote } }));

/** Applies the vote locally first, then sends it; a refusal puts the previous vote and counts back. */
export async function votePost(post: Post, tapped: 1 | -1, store = postListStore): Promise<void> {
  if (!requireMember(tapped === 1 ? 'upvote' : 'downvote')) return;
  const current = store.getState().posts[post.id] ?? post;
  const previous = (userStore.getState().info.votes[post.id] ?? 0) as VoteValue;
  const counts = { upVoteCount: current.upVoteCount, downVoteCount: current.downVoteCount };
  const next = nextVote(previous, tapped, counts);
  store.getState().putPost({ ...current, ...next.counts });
  setUserVote(post.id, next.vote);
  try {
    const reply = await sendVote(post.id, next.vote);
    store.getState().patchPost(post.id, { upVoteCount: reply.upVoteCount, downVoteCount: reply.downVoteCount });
  } catch (error) {
    store.getState().patchPost(post.id, counts);
    setUserVote(post.id, previous);
    showToast(errorMessage(error), 'error');
  }
}

export const SAVED_MESSAGE = 'Post saved.';
export const UNSAVED_MESSAGE = 'Post unsaved.';

/** §4 Save: a toggle with 'Post saved.' or 'Post unsaved.'; applied locally first, reverted on failure. */
export async function toggleSave(postId: string): Promise<void> {
  if (!requireMember('save')) return;
  const saves = userStore.getState().info.saves;
  const saved = !saves.includes(postId);
  const apply = (on: boolean) =>
    updateUserInfo((info) => ({ saves: on ? [...info.saves.filter((id) => id !== postId), postId] : info.saves.filter((id) => id !== postId) }));
  apply(saved);
  try {
    await setPostSaved(postId, saved);
    showToast(saved ? SAVED_MESSAGE : UNSAVED_MESSAGE);
  } catch (error) {
    apply(!saved);
    showToast(errorMessage(error), 'error');
  }
}
