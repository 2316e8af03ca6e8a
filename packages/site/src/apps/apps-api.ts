import { CommentsApiError, type AppSettings, type BanPage, type LogPage, type QueuePage } from '@guffaw/comments-client';
import type { ModerationApi } from '@guffaw/comments-widget/moderation';
import { apiDelete, apiGet, apiPatch, apiPost, isApiFailure } from '../lib/api';

/** The console's calls (main API `/v1/apps`, MODERATION.md "Console"): one typed function each. */
export type ConsoleApp = {
  appId: string;
  name: string;
  allowedOrigins: string[];
  settings: AppSettings;
  createdAt: string;
  owner: { accountId: string; username: string } | null;
};
export type ConsoleModerator = { accountId: string; name: string; username?: string };
export type AppDetails = { app: ConsoleApp; moderators: ConsoleModerator[]; snippet: string; ssoExample: string };

const base = (appId: string) => `/v1/apps/${encodeURIComponent(appId)}`;

export const listApps = (signal?: AbortSignal) => apiGet<{ apps: ConsoleApp[] }>('/v1/apps', signal ? { signal } : {});
export const registerApp = (name: string, allowedOrigins: string[]) => apiPost<{ app: ConsoleApp; secret: string }>('/v1/apps', { name, allowedOrigins });
export const appDetails = (appId: string, signal?: AbortSignal) => apiGet<AppDetails>(base(appId), signal ? { signal } : {});
export const updateApp = (appId: string, change: { name?: string; allowedOrigins?: string[]; settings?: Partial<AppSettings> }) =>
  apiPatch<{ app: ConsoleApp }>(base(appId), change);
export const rotateSecret = (appId: string) => apiPost<{ secret: string }>(`${base(appId)}/rotate-secret`);
export const addModerator = (appId: string, username: string) => apiPost<{ moderators: ConsoleModerator[] }>(`${base(appId)}/moderators`, { username });
export const removeModerator = (appId: string, accountId: string) =>
  apiDelete<{ moderators: ConsoleModerator[] }>(`${base(appId)}/moderators/${encodeURIComponent(accountId)}`);
export const moderationLog = (appId: string, cursor?: string) => apiGet<LogPage>(`${base(appId)}/log`, { query: { cursor } });

/** Origins typed one per line (or separated by commas or spaces). */
export const splitOrigins = (text: string) => text.split(/[\s,]+/).map((o) => o.trim()).filter(Boolean);

/** The console's failures in the comment client's shape, so the widget's queue shows the server's words. */
async function asCommentsError<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (isApiFailure(error)) throw new CommentsApiError(error.code, error.message, error.status);
    throw error;
  }
}

/** The widget's queue view acting through the console (as owner or admin, without a comment token of the app). */
export function consoleQueueApi(appId: string): ModerationApi {
  const at = base(appId);
  return {
    queue: ({ view, sort, cursor }) => asCommentsError(apiGet<QueuePage>(`${at}/queue`, { query: { view, sort, cursor } })),
    async act(action, commentId) {
      await asCommentsError(apiPost(`${at}/comments/${encodeURIComponent(commentId)}/${action}`));
    },
    async ban(userId, params) {
      await asCommentsError(apiPost(`${at}/bans`, { userId, ...params }));
    },
    async unban(userId) {
      await asCommentsError(apiDelete(`${at}/bans/${encodeURIComponent(userId)}`));
    },
    bans: (cursor) => asCommentsError(apiGet<BanPage>(`${at}/bans`, { query: { cursor } })),
  };
}
