import type { Comment, LikeValue, SortType } from '@guffaw/comments-client';
import type { MessageKey } from '../i18n/translate.js';

/**
 * The shape of one comment section's store: its lists and threads by key, its state and actions, and the selectors
 * components read it through. The store itself is made in section-store.ts.
 */

/** Follow calls of the main API (POST /v1/follow-thread-status, /v1/follow-thread); follow is hidden without it. */
export type FollowApi = { status(threadId: string): Promise<boolean>; set(threadId: string, follow: boolean): Promise<void> };

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

export const emptyList = (): ListState => ({
  ids: [], next: null, prev: null, refresh: null,
  firstLoading: false, nextLoading: false, prevLoading: false, error: false, loadedAt: null, pending: [],
});

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
