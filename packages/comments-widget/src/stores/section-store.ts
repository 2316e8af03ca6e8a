import { createStore } from 'zustand/vanilla';
import type { Comment, CommentPage, CommentsClient, LikeValue, SortType } from '@guffaw/comments-client';
import { COMMENT_PAGE_COUNT, LIST_CACHE_MS, commentErrorCode } from '@guffaw/comments-client';
import { CommentMessages, errorNotice, guardError } from '../lib/error-notice.js';
import type { CommentUserStore } from './user-store.js';
import type { ToastStore } from './toast-store.js';
import { en } from '../i18n/en.js';
import { createTranslate, type Translate } from '../i18n/translate.js';
import { removeLocally } from './remove-locally.js';
import {
  emptyList, listKey, threadKey, type FollowApi, type FollowStatus, type ListKey, type ListState, type SectionActions, type SectionState,
} from './section-state.js';

export * from './section-state.js';

export const FOLLOWED = en.followed;
export const UNFOLLOWED = en.unfollowed;
export const FOLLOW_FAILED = en.somethingWrong;

/**
 * Lists and threads of one comment section. Comments are kept once by id; each list (a sort type)
 * and each thread (replies of one top-level comment) keeps ids, cursors and its loading flags.
 */

/** A page holds 10 comments; cached lists expire after 5 min (hot, threads) or 1 min (new, old). */
export const PAGE_COUNT = COMMENT_PAGE_COUNT;
export const CACHE_MS: Record<SortType, number> = LIST_CACHE_MS;

export const BUSY = CommentMessages.requestProcessing;
export const NO_NEXT = CommentMessages.nextCursorEmpty;
export const NO_PREV = CommentMessages.prevCursorEmpty;

export type SectionStore = ReturnType<typeof createSectionStore>;

const ttl = (key: ListKey): number => (key.startsWith('thread:') ? CACHE_MS.hot : CACHE_MS[key.slice(5) as SortType]);

/** The vote moves from one count to the other, never below zero. */
export function applyVote(comment: Comment, from: LikeValue, to: LikeValue): Comment {
  let { likeCount, dislikeCount } = comment;
  if (from === 1) likeCount = Math.max(0, likeCount - 1);
  if (from === -1) dislikeCount = Math.max(0, dislikeCount - 1);
  if (to === 1) likeCount += 1;
  if (to === -1) dislikeCount += 1;
  return { ...comment, likeCount, dislikeCount };
}

export const byId = (comments: Comment[]): Record<string, Comment> => Object.fromEntries(comments.map((c) => [c.commentId, c]));
const unique = (ids: string[]): string[] => [...new Set(ids)];

export type SectionOptions = {
  url: string;
  sort?: SortType;
  isForum?: boolean;
  followApi?: FollowApi | undefined;
  /** Start in the thread view of this comment (a link to #cs_comment_id={id}); a reply opens its whole thread. */
  threadId?: string | null | undefined;
  now?: () => number;
  /** The widget's texts (toasts) in the reader's language; English without it. */
  t?: Translate | undefined;
};

export const createSectionStore = (client: CommentsClient, user: CommentUserStore, toasts: ToastStore, options: SectionOptions) => {
  const { followApi } = options;
  const now = options.now ?? Date.now;
  const t = options.t ?? createTranslate('en');
  return createStore<SectionState & SectionActions>()((set, get) => {
    const patchList = (key: ListKey, patch: Partial<ListState>) =>
      set((s) => ({ lists: { ...s.lists, [key]: { ...(s.lists[key] ?? emptyList()), ...patch } } }));
    const patchComment = (id: string, patch: Partial<Comment>) =>
      set((s) => {
        const comment = s.comments[id];
        return comment ? { comments: { ...s.comments, [id]: { ...comment, ...patch } } } : {};
      });
    const params = (key: ListKey) => {
      const { url } = get();
      return key.startsWith('thread:')
        ? { url, commentId: key.slice(7), level: 2 as const, count: PAGE_COUNT }
        : { url, type: key.slice(5) as SortType, count: PAGE_COUNT };
    };
    const takePage = (page: CommentPage) =>
      set((s) => ({
        comments: { ...s.comments, ...byId(page.parent ? [page.parent, ...page.comments] : page.comments) },
        total: page.total,
        lock: page.lock,
        status: page.status,
      }));
    const allListKeys = () => Object.keys(get().lists) as ListKey[];
    const setFollow = (threadId: string, status: FollowStatus) => set((s) => ({ follow: { ...s.follow, [threadId]: status } }));
    const changeFollow = async (threadId: string, follow: boolean) => {
      if (!followApi) return;
      const previous = get().follow[threadId] ?? 'unknown';
      setFollow(threadId, 'loading');
      try {
        await followApi.set(threadId, follow);
      } catch {
        setFollow(threadId, previous);
        toasts.getState().show(t('somethingWrong'));
        return;
      }
      setFollow(threadId, follow ? 'followed' : 'unfollowed');
      toasts.getState().show(t(follow ? 'followed' : 'unfollowed'));
    };

    return {
      url: options.url,
      isForum: options.isForum ?? false,
      initStatus: 'idle',
      sort: options.sort ?? 'hot',
      view: options.threadId ? { mode: 'thread', commentId: options.threadId } : { mode: 'list' },
      comments: {},
      lists: {},
      localReplies: {},
      total: 0,
      lock: false,
      status: 'open',
      follow: {},
      bannedUserIds: [],
      highlight: options.threadId ?? null,

      async setSort(sort) {
        set({ sort });
        await get().loadFirst(listKey(sort));
      },
      async openThread(commentId) {
        set({ view: { mode: 'thread', commentId } });
        try {
          await get().loadFirst(threadKey(commentId));
        } catch (error) {
          // A link to a comment removed since: say so and show the whole list instead of an empty thread.
          const { view } = get();
          if (commentErrorCode(error) === 'COMMENT_NOT_FOUND' && view.mode === 'thread' && view.commentId === commentId) {
            toasts.getState().show(errorNotice(error, t));
            get().closeThread();
          }
          throw error;
        }
      },
      closeThread() {
        set({ view: { mode: 'list' } });
        void get().loadFirst(listKey(get().sort));
      },

      async loadFirst(key, force = false) {
        const list = get().lists[key];
        if (list?.firstLoading) return;
        if (!force && list?.loadedAt != null && now() - list.loadedAt < ttl(key)) return;
        patchList(key, { firstLoading: true, error: false });
        if (get().initStatus === 'idle' || get().initStatus === 'error') set({ initStatus: 'loading' });
        try {
          const page = await client.listComments(params(key), force ? { fresh: true } : {});
          takePage(page);
          patchList(key, {
            ids: page.comments.map((c) => c.commentId), next: page.next, prev: page.prev, refresh: page.refresh,
            firstLoading: false, loadedAt: now(), pending: [],
          });
          set({ initStatus: 'ready' });
        } catch (error) {
          patchList(key, { firstLoading: false, error: true });
          if (get().initStatus === 'loading') set({ initStatus: 'error' });
          throw error;
        }
      },

      async loadNext(key) {
        const list = get().lists[key];
        if (list?.nextLoading || list?.firstLoading) throw guardError('busy');
        if (!list?.next) throw guardError('next');
        patchList(key, { nextLoading: true });
        try {
          const page = await client.listComments({ ...params(key), next: list.next });
          takePage(page);
          patchList(key, {
            ids: unique([...(get().lists[key]?.ids ?? []), ...page.comments.map((c) => c.commentId)]),
            next: page.next, nextLoading: false,
          });
        } catch (error) {
          patchList(key, { nextLoading: false });
          throw error;
        }
      },

      async loadPrev(key) {
        const list = get().lists[key];
        if (list?.prevLoading || list?.firstLoading) throw guardError('busy');
        if (!list?.prev) throw guardError('prev');
        patchList(key, { prevLoading: true });
        try {
          const page = await client.listComments({ ...params(key), prev: list.prev });
          takePage(page);
          patchList(key, {
            ids: unique([...page.comments.map((c) => c.commentId), ...(get().lists[key]?.ids ?? [])]),
            prev: page.prev, prevLoading: false,
          });
        } catch (error) {
          patchList(key, { prevLoading: false });
          throw error;
        }
      },

      async refresh(key) {
        // What a check already found comes first: the cursor has moved past it.
        get().showNew(key);
        const list = get().lists[key];
        if (!list?.refresh) return get().loadFirst(key, true);
        if (list.firstLoading || list.prevLoading) throw guardError('busy');
        patchList(key, { prevLoading: true });
        try {
          const page = await client.listComments({ ...params(key), refresh: list.refresh });
          takePage(page);
          const fresh = page.comments.map((c) => c.commentId);
          const ids = get().lists[key]?.ids ?? [];
          patchList(key, {
            ids: key === 'list:old' || key.startsWith('thread:') ? unique([...ids, ...fresh]) : unique([...fresh, ...ids]),
            refresh: page.refresh ?? list.refresh, prevLoading: false,
          });
        } catch (error) {
          patchList(key, { prevLoading: false });
          throw error;
        }
      },

      async checkNew(key) {
        const list = get().lists[key];
        if (!list?.refresh || list.firstLoading || list.prevLoading || list.loadedAt === null) return;
        const cursor = list.refresh;
        // Fresh: an unchanged cursor would be answered from the client's list cache and miss what came since.
        const page = await client.listComments({ ...params(key), refresh: cursor }, { fresh: true });
        const now = get().lists[key];
        // A reload or another check moved the list on meanwhile: this answer is about a list no longer shown.
        if (!now || now.refresh !== cursor) return;
        takePage(page);
        const held = new Set([...now.ids, ...now.pending]);
        const fresh = page.comments.map((c) => c.commentId).filter((id) => !held.has(id));
        patchList(key, { pending: [...fresh, ...now.pending], refresh: page.refresh ?? cursor });
      },

      showNew(key) {
        const list = get().lists[key];
        if (!list || list.pending.length === 0) return;
        const { comments } = get();
        const oldestFirst = [...list.pending].sort((a, b) => (comments[a]?.timestamp ?? 0) - (comments[b]?.timestamp ?? 0));
        const ids = key === 'list:old' ? unique([...list.ids, ...oldestFirst]) : unique([...list.pending, ...list.ids]);
        patchList(key, { ids, pending: [] });
      },

      async like(commentId, value) {
        const comment = get().comments[commentId];
        if (!comment) return;
        const previous = user.getState().likeMapping[commentId] ?? 0;
        if (previous === value) return;
        // comments.md §4: applied locally first, then sent; undone if the service refuses.
        user.getState().setLike(commentId, value);
        patchComment(commentId, applyVote(comment, previous, value));
        try {
          await client.likeComment(commentId, value, get().url);
        } catch (error) {
          const current = get().comments[commentId];
          user.getState().setLike(commentId, previous);
          if (current) patchComment(commentId, applyVote(current, value, previous));
          throw error;
        }
      },

      async remove(commentId) {
        const comment = get().comments[commentId];
        if (!comment) return;
        await client.deleteComment(commentId, get().url);
        client.invalidate(get().url);
        const before = get().view;
        set((s) => removeLocally(s, comment));
        // The thread shown went with its last comment: back to the list.
        if (before.mode === 'thread' && get().view.mode === 'list') void get().loadFirst(listKey(get().sort)).catch(() => undefined);
      },

      insert(comment, total) {
        client.invalidate(get().url);
        set((s) => {
          const comments = { ...s.comments, [comment.commentId]: comment };
          const lists = { ...s.lists };
          const next: Partial<SectionState> = { comments, lists, total: total ?? s.total + 1 };
          if (comment.parent) {
            const parent = s.comments[comment.parent];
            // comments.md §4: a reply raises its parent's count.
            if (parent) comments[parent.commentId] = { ...parent, childrenTotal: parent.childrenTotal + 1 };
            const thread = lists[threadKey(comment.threadId)] ?? lists[threadKey(comment.parent)];
            const key = lists[threadKey(comment.threadId)] ? threadKey(comment.threadId) : threadKey(comment.parent);
            if (thread) lists[key] = { ...thread, ids: unique([...thread.ids, comment.commentId]) };
            else next.localReplies = { ...s.localReplies, [comment.parent]: [...(s.localReplies[comment.parent] ?? []), comment.commentId] };
            return next;
          }
          // comments.md §4: a new top-level comment goes first, or last on forum posts.
          for (const key of allListKeys()) {
            const list = lists[key];
            if (!list || key.startsWith('thread:')) continue;
            lists[key] = { ...list, ids: s.isForum ? unique([...list.ids, comment.commentId]) : unique([comment.commentId, ...list.ids]) };
          }
          return next;
        });
      },

      async pin(commentId, pinned, as) {
        const { url } = get();
        const pinnedIds = as === 'op' ? await client.opPin(commentId, url, pinned) : await client.adminPin(commentId, url, pinned);
        client.invalidate(url);
        set((s) => {
          const comments = { ...s.comments };
          // comments.md §4: comments missing from the returned pinned list become unpinned.
          for (const [id, comment] of Object.entries(comments)) {
            const isPinned = pinnedIds.includes(id) ? 1 : 0;
            if (comment.isPinned !== isPinned) comments[id] = { ...comment, isPinned };
          }
          const lists = { ...s.lists };
          for (const key of Object.keys(lists) as ListKey[]) {
            const list = lists[key];
            if (!list || key.startsWith('thread:')) continue;
            const top = pinnedIds.filter((id) => list.ids.includes(id) || id === commentId);
            lists[key] = { ...list, ids: unique([...top.filter((id) => comments[id]), ...list.ids]) };
          }
          return { comments, lists };
        });
      },

      async hide(commentId, as) {
        const { url } = get();
        if (as === 'op') await client.opHide(commentId, url);
        else await client.adminHide(commentId, url);
        client.invalidate(url);
        // The total counts the comments people can see (the service's rule): a hidden one leaves it.
        const before = get().comments[commentId];
        patchComment(commentId, { isHidden: true });
        if (before && !before.isHidden && !before.isDeleted) set((s) => ({ total: Math.max(0, s.total - 1) }));
      },
      async unhide(commentId) {
        await client.adminUnhide(commentId, get().url);
        client.invalidate(get().url);
        const before = get().comments[commentId];
        patchComment(commentId, { isHidden: false });
        if (before?.isHidden && !before.isDeleted) set((s) => ({ total: s.total + 1 }));
      },
      async mask(commentId, sensitive) {
        await client.adminMask(commentId, get().url, sensitive);
        client.invalidate(get().url);
        patchComment(commentId, { isSensitive: sensitive });
      },
      async ban(userId, banned) {
        if (banned) await client.adminBan(userId);
        else await client.adminUnban(userId);
        set((s) => ({
          bannedUserIds: banned ? unique([...s.bannedUserIds, userId]) : s.bannedUserIds.filter((id) => id !== userId),
        }));
      },
      async update(change) {
        await client.adminUpdate(get().url, change);
        client.invalidate(get().url);
        set((s) => ({ lock: change.lock ?? s.lock, status: change.status ?? s.status }));
      },
      async fetchFollow(threadId) {
        if (!followApi || !client.isLoggedIn()) return;
        const current = get().follow[threadId] ?? 'unknown';
        if (current !== 'unknown') return;
        setFollow(threadId, 'loading');
        try {
          setFollow(threadId, (await followApi.status(threadId)) ? 'followed' : 'unfollowed');
        } catch {
          setFollow(threadId, 'unknown');
        }
      },
      async toggleFollow(threadId) {
        if (!followApi) return;
        const follow = get().follow[threadId] !== 'followed';
        await changeFollow(threadId, follow);
      },
      async autoFollow(threadId) {
        if (!followApi) return;
        await get().fetchFollow(threadId);
        if (get().follow[threadId] === 'unfollowed') await changeFollow(threadId, true);
      },
      setHighlight(commentId) {
        set({ highlight: commentId });
      },
      repliedFollow(threadId, followed, started) {
        setFollow(threadId, followed ? 'followed' : 'unfollowed');
        if (started) toasts.getState().show(t('followed'));
      },
    };
  });
};
