import { createStore } from 'zustand/vanilla';
import type { ToastStore } from './toast-store.js';
import { en } from '../i18n/en.js';
import { createTranslate, type Translate } from '../i18n/translate.js';

/** Block calls of the main API (POST /v1/user-block, _method post or delete); block actions are hidden without it. */
export type BlockApi = { block(accountId: string): Promise<void>; unblock(accountId: string): Promise<void> };

export type BlockedUser = { accountId: string; name: string };
export type SettingsState = {
  blocklist: BlockedUser[];
  blocklistIds: string[];
  /** On by default; after a reply the thread is followed. */
  autoFollowThreadReply: boolean;
};
export type SettingsActions = {
  block(user: BlockedUser): Promise<void>;
  unblock(user: BlockedUser): Promise<void>;
  setAutoFollowThreadReply(on: boolean): void;
};
export type SettingsStore = ReturnType<typeof createSettingsStore>;

export const BLOCK_FAILED = en.somethingWrong;
export const blockedMessage = (name: string) => createTranslate('en')('blocked', { name });
export const unblockedMessage = (name: string) => createTranslate('en')('unblocked', { name });

export const createSettingsStore = (
  toasts: ToastStore,
  blockApi: BlockApi | undefined,
  initial: Partial<SettingsState> = {},
  t: Translate = createTranslate('en'),
) =>
  createStore<SettingsState & SettingsActions>()((set, get) => ({
    blocklist: initial.blocklist ?? [],
    blocklistIds: initial.blocklistIds ?? (initial.blocklist ?? []).map((u) => u.accountId),
    autoFollowThreadReply: initial.autoFollowThreadReply ?? true,
    async block(user) {
      if (!blockApi || get().blocklistIds.includes(user.accountId)) return;
      try {
        await blockApi.block(user.accountId);
      } catch {
        toasts.getState().show(t('somethingWrong'));
        return;
      }
      set((s) => ({ blocklist: [...s.blocklist, user], blocklistIds: [...s.blocklistIds, user.accountId] }));
      // comments.md §4: blocking offers Undo for 10 s.
      toasts.getState().show(t('blocked', { name: user.name }), { label: t('undo'), run: () => void get().unblock(user) });
    },
    async unblock(user) {
      if (!blockApi) return;
      try {
        await blockApi.unblock(user.accountId);
      } catch {
        toasts.getState().show(t('somethingWrong'));
        return;
      }
      set((s) => ({
        blocklist: s.blocklist.filter((u) => u.accountId !== user.accountId),
        blocklistIds: s.blocklistIds.filter((id) => id !== user.accountId),
      }));
      toasts.getState().show(t('unblocked', { name: user.name }));
    },
    setAutoFollowThreadReply(on) {
      set({ autoFollowThreadReply: on });
    },
  }));
