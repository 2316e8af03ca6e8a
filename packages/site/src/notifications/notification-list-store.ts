import { createStore } from 'zustand';
import { listNotifications, markNotificationsRead, MENTION_TYPES, type NotificationItem, type NotificationTab } from './notifications-api';

/**
 * One list of notifications (the dropdown's or the page's, per tab): pages by nextKey, newest first
 * (shell-and-account.md §2 "Notification list", §4 "Notification menu"). Failures are logged and ignored (§8).
 */
export type NotificationListState = {
  tab: NotificationTab;
  items: NotificationItem[];
  nextKey: string | null;
  didEndOfList: boolean;
  loading: boolean;
  /** The first page has been answered (or failed): empty states show only then. */
  loaded: boolean;
};
export type NotificationListActions = {
  loadFirst(): Promise<void>;
  loadMore(): Promise<void>;
  /** Fetches the first page again and merges it in: new items on top, grouped items moved up, the rest kept. */
  refreshHead(): Promise<void>;
  /** §4: a click marks the item read, one server call with state 1. */
  markRead(id: string): void;
};
export type NotificationListStore = NotificationListState & NotificationListActions;

const logFailure = (error: unknown) => console.warn('notifications: list call failed', error);

/** §2: the Mentions tab shows only mention types, whatever a page holds. */
const forTab = (tab: NotificationTab, items: NotificationItem[]) => (tab === 'mentions' ? items.filter((i) => MENTION_TYPES.includes(i.type)) : items);

export const createNotificationListStore = (tab: NotificationTab) =>
  createStore<NotificationListStore>()((set, get) => ({
    tab,
    items: [],
    nextKey: null,
    didEndOfList: false,
    loading: false,
    loaded: false,

    async loadFirst() {
      if (get().loading) return;
      set({ loading: true });
      try {
        const page = await listNotifications({ tab });
        set({ items: forTab(tab, page.items), nextKey: page.nextKey, didEndOfList: page.didEndOfList });
      } catch (error) {
        logFailure(error);
      } finally {
        set({ loading: false, loaded: true });
      }
    },

    async loadMore() {
      const { loading, didEndOfList, nextKey, loaded } = get();
      if (loading || didEndOfList || !loaded || !nextKey) return;
      set({ loading: true });
      try {
        const page = await listNotifications({ tab, refKey: nextKey });
        const known = new Set(get().items.map((i) => i.id));
        set((s) => ({ items: [...s.items, ...forTab(tab, page.items).filter((i) => !known.has(i.id))], nextKey: page.nextKey, didEndOfList: page.didEndOfList }));
      } catch (error) {
        logFailure(error);
        // Stop asking on a failure; the next open of the list starts over.
        set({ didEndOfList: true });
      } finally {
        set({ loading: false });
      }
    },

    async refreshHead() {
      try {
        const page = await listNotifications({ tab });
        const head = forTab(tab, page.items);
        set((s) => {
          if (!s.loaded) return { items: head, nextKey: page.nextKey, didEndOfList: page.didEndOfList, loaded: true };
          const fresh = new Set(head.map((i) => i.id));
          return { items: [...head, ...s.items.filter((i) => !fresh.has(i.id))] };
        });
      } catch (error) {
        logFailure(error);
      }
    },

    markRead(id) {
      const item = get().items.find((i) => i.id === id);
      if (!item || item.isRead) return;
      set((s) => ({ items: s.items.map((i) => (i.id === id ? { ...i, isRead: true } : i)) }));
      markNotificationsRead([id]).catch(logFailure);
    },
  }));

export type NotificationListStoreApi = ReturnType<typeof createNotificationListStore>;
