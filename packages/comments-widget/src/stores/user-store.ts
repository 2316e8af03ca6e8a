import { createStore } from 'zustand/vanilla';
import type { BlockedAccount, CommentAppInfo, CommentsClient, CommentUserInfo, LikeValue, Quota } from '@guffaw/comments-client';

/** The comment app's info used until app.json has answered. */
export const DEFAULT_MAX_MESSAGE_LENGTH = 1000;

export type UserStatus = 'idle' | 'loading' | 'ready' | 'error';
export type CommentUserStoreState = {
  status: UserStatus;
  /** null for a visitor. */
  info: CommentUserInfo | null;
  likeMapping: Record<string, LikeValue>;
  quota: Quota | null;
  commentedPostUrls: string[];
  reportedPostUrls: string[];
  /** Third-party apps: whom the member blocked (user.json); the widget's settings take it over. */
  blocklist?: BlockedAccount[] | undefined;
  app: CommentAppInfo | null;
};
export type CommentUserActions = {
  load(): Promise<void>;
  setLike(commentId: string, value: LikeValue): void;
  setQuota(quota: Quota): void;
};
export type CommentUserStore = ReturnType<typeof createCommentUserStore>;

export const createCommentUserStore = (client: CommentsClient) =>
  createStore<CommentUserStoreState & CommentUserActions>()((set) => ({
    status: 'idle',
    info: null,
    likeMapping: {},
    quota: null,
    commentedPostUrls: [],
    reportedPostUrls: [],
    app: null,
    async load() {
      set({ status: 'loading' });
      const app = client.getApp().then((info) => set({ app: info }), () => undefined);
      if (!client.isLoggedIn()) {
        set({ info: null, likeMapping: {}, quota: null, commentedPostUrls: [], reportedPostUrls: [], blocklist: undefined });
        await app;
        set({ status: 'ready' });
        return;
      }
      try {
        const state = await client.getUser();
        set({ ...state, status: 'ready' });
      } catch {
        set({ status: 'error' });
      }
      await app;
    },
    setLike(commentId, value) {
      set((s) => ({ likeMapping: { ...s.likeMapping, [commentId]: value } }));
    },
    setQuota(quota) {
      set({ quota });
    },
  }));

export const selectIsModerator = (s: CommentUserStoreState) => s.info?.moderate === true;
export const selectMaxLength = (s: CommentUserStoreState) => s.app?.maxMessageLength || DEFAULT_MAX_MESSAGE_LENGTH;
export const selectUserId = (s: CommentUserStoreState) => s.info?.userId ?? null;
