import type { EmptyReply, SettingsReply } from '@guffaw/api';
import { apiPost, apiPostForm } from '../api';
import type { UserInfo } from '../../user/user-types';

/** The viewer's session on the main API (shell-and-account.md §7): state, logout, settings, user blocks. */

/** POST /v1/user-info (JSON `{}`): the viewer's state. */
export const getUserInfo = () => apiPost<UserInfo>('/v1/user-info');

/** POST /logout (JSON `{}`). */
export const logOut = () => apiPost<EmptyReply>('/logout');

export const saveSettings = (fields: Record<string, string>) => apiPostForm<SettingsReply>('/v1/settings', fields);

/** comments.md §7: POST /v1/user-block form {accountId, _method}. */
export const setBlocked = (accountId: string, blocked: boolean) =>
  apiPostForm<EmptyReply>('/v1/user-block', { accountId, _method: blocked ? 'post' : 'delete' });

/** GET /member/resend-confirmation: mails the verification link again (a link, not a call). */
export const RESEND_CONFIRMATION_URL = '/member/resend-confirmation';
