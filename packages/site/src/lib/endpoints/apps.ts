import type { AppSettings, BanPage, LogPage, QueuePage } from '@guffaw/comments-client';
import { apiDelete, apiGet, apiPatch, apiPost, type Query } from '../api';
import type { AppDetails, ConsoleApp, ConsoleModerator } from '../../apps/apps-api';

/** The app owners' console (main API `/v1/apps`, MODERATION.md "Console"): one function per endpoint, JSON bodies. */

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

/** The app's moderation queue, as its owner or an admin (without a comment token of the app). */
export const consoleQueue = (appId: string, query: Query) =>
  apiGet<QueuePage>(`${base(appId)}/queue`, { query });
export const consoleAct = (appId: string, commentId: string, action: string) =>
  apiPost(`${base(appId)}/comments/${encodeURIComponent(commentId)}/${action}`);
export const consoleBan = (appId: string, body: Record<string, unknown>) => apiPost(`${base(appId)}/bans`, body);
export const consoleUnban = (appId: string, userId: string) => apiDelete(`${base(appId)}/bans/${encodeURIComponent(userId)}`);
export const consoleBans = (appId: string, cursor: string | undefined) => apiGet<BanPage>(`${base(appId)}/bans`, { query: { cursor } });
