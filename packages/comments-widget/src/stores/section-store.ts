import { createStore } from 'zustand/vanilla';
import type { Comment, CommentPage, CommentsClient, LikeValue, SortType } from '@guffaw/comments-client';
import { COMMENT_PAGE_COUNT, LIST_CACHE_MS, commentErrorCode } from '@guffaw/comments-client';
import { CommentMessages, errorNotice, guardError } from '../lib/error-notice.js';
import type { CommentUserStore } from './user-store.js';
import type { ToastStore } from './toast-store.js';
import { en } from '../i18n/en.js';
import { createTranslate, type MessageKey, type Translate } from '../i18n/translate.js';

/** Follow calls of the main API (POST /v1/follow-thread-status, /v1/follow-thread); follow is hidden without it. */
export type FollowApi = { status(threadId: string): Promise<boolean>; set(threadId: string, follow: boolean): Promise<void> };

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

export type ListKey = `list:${SortType}` | `thread:${string}`;
export const listKey = (sort: SortType): ListKey => `list:${sort}`;
export const threadKey = (commentId: string): ListKey => `thread:${commentId}`;

export type ListState = {
  ids: string[];
  next: string | null;
  prev: string | null;
  refresh: string | null;
  firstLoading: boolean;
  nextLoading: boolean;
  prevLoading: boolean;
  error: boolean;
  /** ms of the last complete first load; null = never loaded. */
  loadedAt: number | null;
  /** New comments a check (checkNew) found and holds until the reader asks for them (showNew): the "N new" pill. */
  pending: string[];
};

export type SectionView = { mode: 'list' } | { mode: 'thread'; commentId: string };
export type FollowStatus = 'unknown' | 'loading' | 'followed' | 'unfollowed';

export type SectionState = {
  url: string;
  isForum: boolean;
  /** 'idle' until the first list load starts; 'ready' once one answered. */
  initStatus: 'idle' | 'loading' | 'ready' | 'error';
  sort: SortType;
  view: SectionView;
  comments: Record<string, Comment>;
  lists: Partial<Record<ListKey, ListState>>;
  /** Replies posted from list view, shown under their parent without loading its thread. */
  localReplies: Record<string, string[]>;
  total: number;
  lock: boolean;
  status: string;
  follow: Record<string, FollowStatus>;
  /** Users banned from this widget instance (the service does not say who is banned). */
  bannedUserIds: string[];
  /**
   * The comment a permalink (the host's #cs_comment_id={id}) points at: the thread view scrolls to it and highlights
   * it once shown, then clears this. Null when there is nothing to bring into view.
   */
  highlight: string | null;
};

export type SectionActions = {
  setSort(sort: SortType): Promise<void>;
  openThread(commentId: string): Promise<void>;
  closeThread(): void;
  loadFirst(key: ListKey, force?: boolean): Promise<void>;
  loadNext(key: ListKey): Promise<void>;
  loadPrev(key: ListKey): Promise<void>;
  /** Fetches comments newer than the list's refresh cursor and puts them first. */
  refresh(key: ListKey): Promise<void>;
  /**
   * Asks the service, from the list's refresh cursor, for comments added since; keeps those not shown yet as the
   * list's pending ones (they are not shown until showNew), so the reader is not moved under their eyes.
   */
  checkNew(key: ListKey): Promise<void>;
  /** Shows the pending new comments where new ones go (first; last in the oldest-first list). */
  showNew(key: ListKey): void;
  like(commentId: string, value: LikeValue): Promise<void>;
  remove(commentId: string): Promise<void>;
  insert(comment: Comment, total?: number): void;
  pin(commentId: string, pinned: boolean, as: 'op' | 'moderator'): Promise<void>;
  hide(commentId: string, as: 'op' | 'moderator'): Promise<void>;
  unhide(commentId: string): Promise<void>;
  mask(commentId: string, sensitive: boolean): Promise<void>;
  ban(userId: string, banned: boolean): Promise<void>;
  update(change: { lock?: boolean; status?: string }): Promise<void>;
  /** Follow status is unknown, then fetched, then toggled by the user. */
  fetchFollow(threadId: string): Promise<void>;
  toggleFollow(threadId: string): Promise<void>;
  /** After a reply: follow when autoFollowThreadReply is on and the thread is not followed yet. */
  autoFollow(threadId: string): Promise<void>;
  /** After a reply the service followed (or not) per the user's autoFollowThreadReply: show what it did. */
  repliedFollow(threadId: string, followed: boolean, started: boolean): void;
  /** A permalink named this comment (or the view brought it into sight: null). */
  setHighlight(commentId: string | null): void;
};

export type SectionStore = ReturnType<typeof createSectionStore>;

export const emptyList = (): ListState => ({
  ids: [], next: null, prev: null, refresh: null,
  firstLoading: false, nextLoading: false, prevLoading: false, error: false, loadedAt: null, pending: [],
});

/** Whether a loaded comment replies to `c` (a top-level comment counts its thread's replies, loaded or not). */
const hasReplies = (comments: Record<string, Comment>, c: Comment): boolean =>
  c.level === 1 ? c.childrenTotal > 0 : Object.values(comments).some((r) => r.parent === c.commentId && r.commentId !== c.commentId);

/**
 * As the service does it, a deleted comment with replies is kept (marked deleted, no text, no
 * author shown); one without is removed, and removing a reply lowers its thread's reply count. A deleted comment kept
 * only for its replies goes once they are gone, up to the thread's top, so a thread of deleted comments does not
 * stay. A thread shown around the removed reply (its permalink) stays open on its top-level comment.
 */
function removeLocally(s: SectionState, comment: Comment): Partial<SectionState> {
  const comments = { ...s.comments };
  // A hidden comment had already left the total (hide below, as the service counts).
  const total = comment.isHidden ? s.total : Math.max(0, s.total - 1);
  if (hasReplies(comments, comment)) {
    comments[comment.commentId] = { ...comment, isDeleted: true, text: '', mediaText: '', media: [], links: [] };
    return { comments, total };
  }
  const gone = new Set<string>();
  const drop = (c: Comment) => {
    gone.add(c.commentId);
    delete comments[c.commentId];
    const root = c.level === 2 ? comments[c.threadId] : undefined;
    if (root) comments[root.commentId] = { ...root, childrenTotal: Math.max(0, root.childrenTotal - 1) };
  };
  drop(comment);
  // Up the chain of deleted comments that were kept for this one.
  for (let up = comment.parent ? comments[comment.parent] : undefined; up?.isDeleted && !hasReplies(comments, up);) {
    const next = up.parent ? comments[up.parent] : undefined;
    drop(up);
    up = next;
  }
  const root = comment.level === 2 ? comments[comment.threadId] : undefined;
  if (root?.isDeleted && root.childrenTotal === 0) drop(root);

  const lists = { ...s.lists };
  for (const key of Object.keys(lists) as ListKey[]) {
    const list = lists[key];
    if (list?.ids.some((id) => gone.has(id))) lists[key] = { ...list, ids: list.ids.filter((id) => !gone.has(id)) };
  }
  const localReplies: Record<string, string[]> = {};
  for (const [parent, ids] of Object.entries(s.localReplies)) {
    if (!gone.has(parent)) localReplies[parent] = ids.filter((id) => !gone.has(id));
  }
  let view = s.view;
  if (view.mode === 'thread' && gone.has(view.commentId)) {
    const top = comment.level === 2 && !gone.has(comment.threadId) ? comment.threadId : null;
    if (top) {
      // The thread was shown around the removed reply: the same replies, now under their top-level comment's key.
      const around = lists[threadKey(view.commentId)];
      if (around && !lists[threadKey(top)]) lists[threadKey(top)] = around;
      delete lists[threadKey(view.commentId)];
      view = { mode: 'thread', commentId: top };
    } else {
      view = { mode: 'list' };
    }
  }
  return { comments, lists, localReplies, total, view };
}

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

/**
 * Why the section takes no comments, replies or votes from a member now, or null when it does (the service's rule,
 * comments/service.ts assertSectionOpen): locked, or a status other than 'open' (closed, archived). Moderators pass.
 */
export const selectClosedNotice = (s: SectionState): MessageKey | null =>
  s.lock ? 'locked' : s.status !== 'open' ? 'closed' : null;
export const selectList = (key: ListKey) => (s: SectionState): ListState | undefined => s.lists[key];
export const selectComment = (id: string) => (s: SectionState): Comment | undefined => s.comments[id];
export const selectCurrentKey = (s: SectionState): ListKey =>
  s.view.mode === 'thread' ? threadKey(s.view.commentId) : listKey(s.sort);
