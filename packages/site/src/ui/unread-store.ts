import { createStore, useStore } from 'zustand';

/** The unread notification count the shell shows (bell badge, title prefix); the notifications feature sets it. */
export const unreadStore = createStore<{ unreadCount: number; setUnreadCount(count: number): void }>()((set) => ({
  unreadCount: 0,
  setUnreadCount(count) {
    set({ unreadCount: Math.max(0, Math.floor(count) || 0) });
  },
}));

export const useUnreadCount = (): number => useStore(unreadStore, (s) => s.unreadCount);

/** §9: the badge caps at 99. */
export const badgeCount = (count: number): string => (count > 99 ? '99+' : String(count));
