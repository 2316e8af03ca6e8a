import { createStore } from 'zustand/vanilla';
import type { BanEntry, BanParams, QueueItem, QueuePage, QueueSort, QueueView } from '@guffaw/comments-client';
import type { ModerationApi, QueueAction } from './moderation-api.js';

/** The queue's tabs: its three views (reported, held, recent) and the banned users. */
export type QueueTab = QueueView | 'bans';

export type QueueState = {
  tab: QueueTab;
  sort: QueueSort;
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** Why the last load failed (the error itself: the view words it in the reader's language). */
  error: unknown;
  items: QueueItem[];
  bans: BanEntry[];
  next: string | null;
  loadingMore: boolean;
  counts: QueuePage['counts'] | null;
  /** Comments and users with an action on its way (their buttons wait). */
  busy: string[];
};
export type QueueActions = {
  show(tab: QueueTab): Promise<void>;
  setSort(sort: QueueSort): Promise<void>;
  reload(): Promise<void>;
  loadMore(): Promise<void>;
  act(action: QueueAction, item: QueueItem): Promise<void>;
  ban(userId: string, params: BanParams): Promise<void>;
  unban(userId: string): Promise<void>;
};
export type QueueStore = ReturnType<typeof createQueueStore>;

/** What an action leaves of an item in `tab`: null when it leaves the tab. */
function afterAction(tab: QueueTab, action: QueueAction, item: QueueItem): QueueItem | null {
  if (action === 'delete') return null;
  if (action === 'mask') return { ...item, comment: { ...item.comment, isSensitive: true } };
  // Approve and reject settle the reports and the hold: the comment leaves the reported and held views.
  if (tab !== 'recent') return null;
  const approved = action === 'approve';
  return { ...item, reports: { ...item.reports, count: 0 }, comment: { ...item.comment, isHidden: !approved, isHeld: false } };
}

/** The queue view's data: one tab's items (or bans) paged by cursor, the tab counts, the actions on them. */
export const createQueueStore = (api: ModerationApi) => {
  // Only the latest load of the list writes it: a tab clicked while another still loads wins.
  let loadId = 0;
  return createStore<QueueState & QueueActions>()((set, get) => {
    const withBusy = async (key: string, run: () => Promise<void>) => {
      set((s) => ({ busy: [...s.busy, key] }));
      try {
        await run();
      } finally {
        set((s) => ({ busy: s.busy.filter((k) => k !== key) }));
      }
    };
    const fetchPage = async (cursor?: string) => {
      const { tab, sort } = get();
      if (tab === 'bans') {
        const page = await api.bans(cursor);
        return { bans: page.bans, next: page.next };
      }
      const page = await api.queue({ view: tab, sort, ...(cursor ? { cursor } : {}) });
      return { items: page.items, next: page.next, counts: page.counts };
    };
    return {
      tab: 'reported',
      sort: 'newest',
      status: 'idle',
      error: null,
      items: [],
      bans: [],
      next: null,
      loadingMore: false,
      counts: null,
      busy: [],
      async show(tab) {
        set({ tab });
        await get().reload();
      },
      async setSort(sort) {
        set({ sort });
        await get().reload();
      },
      async reload() {
        const id = ++loadId;
        set({ status: 'loading', error: null, items: [], bans: [], next: null, loadingMore: false });
        try {
          const page = await fetchPage();
          if (id === loadId) set({ ...page, status: 'ready' });
        } catch (error) {
          if (id === loadId) set({ status: 'error', error });
          throw error;
        }
      },
      async loadMore() {
        const { next, loadingMore } = get();
        if (!next || loadingMore) return;
        const id = loadId;
        set({ loadingMore: true });
        try {
          const page = await fetchPage(next);
          if (id !== loadId) return;
          set((s) => ({
            next: page.next,
            items: page.items ? [...s.items, ...page.items.filter((i) => !s.items.some((o) => o.comment.commentId === i.comment.commentId))] : s.items,
            bans: page.bans ? [...s.bans, ...page.bans.filter((b) => !s.bans.some((o) => o.userId === b.userId))] : s.bans,
            ...(page.counts ? { counts: page.counts } : {}),
          }));
        } finally {
          if (id === loadId) set({ loadingMore: false });
        }
      },
      act: (action, item) =>
        withBusy(item.comment.commentId, async () => {
          await api.act(action, item.comment.commentId, item.url);
          set((s) => {
            const left = afterAction(s.tab, action, item);
            const items = s.items.flatMap((i) => (i.comment.commentId !== item.comment.commentId ? [i] : left ? [left] : []));
            let counts = s.counts;
            if (counts && action !== 'mask') {
              counts = {
                reported: Math.max(0, counts.reported - (item.reports.count > 0 ? 1 : 0)),
                held: Math.max(0, counts.held - (item.comment.isHeld ? 1 : 0)),
              };
            }
            return { items, counts };
          });
        }),
      ban: (userId, params) =>
        withBusy(userId, async () => {
          await api.ban(userId, params);
          set((s) => ({ items: s.items.map((i) => (i.author.userId === userId ? { ...i, author: { ...i.author, banned: true } } : i)) }));
        }),
      unban: (userId) =>
        withBusy(userId, async () => {
          await api.unban(userId);
          set((s) => ({
            bans: s.bans.filter((b) => b.userId !== userId),
            items: s.items.map((i) => (i.author.userId === userId ? { ...i, author: { ...i.author, banned: false, bannedUntil: null } } : i)),
          }));
        }),
    };
  });
};
