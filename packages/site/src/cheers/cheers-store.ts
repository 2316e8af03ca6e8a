import { createStore, useStore } from 'zustand';
import { postListStore } from '../feed/post-store';
import { errorMessage } from '../lib/api';
import { getAwardBalance, getSentAwards, sendCheers } from '../lib/endpoints/cheers';
import { userStore } from '../user/user-store';

/** posts-and-feeds.md §3 "Award state": the posts the viewer sent Cheers to, and the Cheers left. */
export type CheersState = {
  balance: number | null;
  sentAwards: string[];
  /** The sent list was loaded for this account (reloaded when another one logs in). */
  loadedFor: string | null;
  sending: boolean;
};
export type CheersActions = {
  /** GET /award-balance: the modal reads it each time it opens. */
  loadBalance(): Promise<void>;
  /** GET /user-sent-awards, once per account. */
  loadSent(): Promise<void>;
  /** POST /award: one Cheers to one post; resolves true on Success. */
  send(postId: string): Promise<{ ok: true } | { ok: false; message: string }>;
};

const accountId = () => userStore.getState().info.user?.accountId ?? null;

export const createCheersStore = () =>
  createStore<CheersState & CheersActions>()((set, get) => ({
    balance: null,
    sentAwards: [],
    loadedFor: null,
    sending: false,
    async loadBalance() {
      const reply = await getAwardBalance();
      set({ balance: reply.balance });
    },
    async loadSent() {
      const account = accountId();
      if (!account || get().loadedFor === account) return;
      set({ loadedFor: account });
      try {
        const reply = await getSentAwards();
        set({ sentAwards: reply.sentAwards, balance: reply.balance });
      } catch {
        set({ loadedFor: null });
      }
    },
    async send(postId) {
      // §4: one Cheers per action, never while one is on its way or with none left.
      if (get().sending || (get().balance ?? 0) < 1) return { ok: false, message: NO_CHEERS_LEFT };
      set({ sending: true });
      try {
        const reply = await sendCheers(postId);
        set((s) => ({ balance: reply.balance, sentAwards: s.sentAwards.includes(postId) ? s.sentAwards : [...s.sentAwards, postId], sending: false }));
        addSender(postId);
        return { ok: true };
      } catch (error) {
        set({ sending: false });
        return { ok: false, message: errorMessage(error) };
      }
    },
  }));

export const NO_CHEERS_LEFT = 'You have no Cheers left.';

/** The sender shows at once among the post's "Cheered by" avatars. */
function addSender(postId: string): void {
  const user = userStore.getState().info.user;
  const post = postListStore.getState().posts[postId];
  if (!user || !post) return;
  postListStore.getState().patchPost(postId, {
    awardUsers: [{ userId: user.accountId, username: user.username, profileUrl: user.profileUrl, avatarUrl: user.avatarUrl }, ...post.awardUsers],
    awardUsersCount: post.awardUsersCount + 1,
  });
}

export const cheersStore = createCheersStore();
export function useCheers<T>(selector: (s: CheersState & CheersActions) => T): T {
  return useStore(cheersStore, selector);
}
