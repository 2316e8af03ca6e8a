import { CommentsApiError, type BanPage, type QueuePage } from '@guffaw/comments-client';
import type { ModerationApi } from '@guffaw/comments-widget/moderation';
import { apiDelete, apiGet, apiPost, isApiFailure } from '../lib/api';

/** The console's failures in the comment client's shape, so the queue's toasts say the server's words. */
async function asComment<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (isApiFailure(error)) throw new CommentsApiError(error.code, error.message, error.status);
    throw error;
  }
}

/**
 * The queue's calls through the main API's console (MODERATION.md "Console"), for a main-site admin or the app's
 * owner, who act with their session rather than as a moderator of the app.
 */
export function consoleModerationApi(appId: string): ModerationApi {
  const base = `/v1/apps/${encodeURIComponent(appId)}`;
  return {
    queue: ({ view, sort, cursor }) => asComment(apiGet<QueuePage>(`${base}/queue`, { query: { view, sort, cursor } })),
    async act(action, commentId) {
      await asComment(apiPost(`${base}/comments/${encodeURIComponent(commentId)}/${action}`));
    },
    async ban(userId, params) {
      await asComment(apiPost(`${base}/bans`, { userId, ...params }));
    },
    async unban(userId) {
      await asComment(apiDelete(`${base}/bans/${encodeURIComponent(userId)}`));
    },
    bans: (cursor) => asComment(apiGet<BanPage>(`${base}/bans`, { query: { cursor } })),
  };
}
