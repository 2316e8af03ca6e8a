import type { AppDetails, AppList, AppSecretReply, AppUpdateReply, ConsoleDone, ModeratorsReply, RegisteredApp } from '@guffaw/api';
import type { AppSettings, BanPage, LogPage, QueuePage } from '@guffaw/comments-client';
import { apiDelete, apiGet, apiPatch, apiPost, type Query } from '../api';

/**
 * The app owners' console (main API `/v1/apps`, MODERATION.md "Console"): one function per endpoint, JSON bodies. An
 * app's settings are the comment service's AppSettings; the queue, bans and log are the comment service's pages.
 */

const base = (appId: string) => `/v1/apps/${encodeURIComponent(appId)}`;

export const listApps = (signal?: AbortSignal) => apiGet<AppList<AppSettings>>('/v1/apps', signal ? { signal } : {});
export const registerApp = (name: string, allowedOrigins: string[]) => apiPost<RegisteredApp<AppSettings>>('/v1/apps', { name, allowedOrigins });
export const appDetails = (appId: string, signal?: AbortSignal) => apiGet<AppDetails<AppSettings>>(base(appId), signal ? { signal } : {});
export const updateApp = (appId: string, change: { name?: string; allowedOrigins?: string[]; settings?: Partial<AppSettings> }) =>
  apiPatch<AppUpdateReply<AppSettings>>(base(appId), change);
export const rotateSecret = (appId: string) => apiPost<AppSecretReply>(`${base(appId)}/rotate-secret`);
export const addModerator = (appId: string, username: string) => apiPost<ModeratorsReply>(`${base(appId)}/moderators`, { username });
export const removeModerator = (appId: string, accountId: string) =>
  apiDelete<ModeratorsReply>(`${base(appId)}/moderators/${encodeURIComponent(accountId)}`);
export const moderationLog = (appId: string, cursor?: string) => apiGet<LogPage>(`${base(appId)}/log`, { query: { cursor } });

/** The app's moderation queue, as its owner or an admin (without a comment token of the app). */
export const consoleQueue = (appId: string, query: Query) =>
  apiGet<QueuePage>(`${base(appId)}/queue`, { query });
export const consoleAct = (appId: string, commentId: string, action: string) =>
  apiPost<ConsoleDone>(`${base(appId)}/comments/${encodeURIComponent(commentId)}/${action}`);
export const consoleBan = (appId: string, body: Record<string, unknown>) => apiPost(`${base(appId)}/bans`, body);
export const consoleUnban = (appId: string, userId: string) => apiDelete<ConsoleDone>(`${base(appId)}/bans/${encodeURIComponent(userId)}`);
export const consoleBans = (appId: string, cursor: string | undefined) => apiGet<BanPage>(`${base(appId)}/bans`, { query: { cursor } });
