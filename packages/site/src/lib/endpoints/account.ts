import type {
  AuthProvidersReply, BlockListReply, EmailNotificationsReply, EmptyReply, LoginReply, ResetPasswordReply, SignupReply, ThreadFollowReply, WordListReply,
} from '@guffaw/api';
import { apiDelete, apiGet, apiPost, apiPostForm } from '../api';
import type { Challenge } from '../../account/proof';

/** The sign-up form's fields (the account feature re-exports the type). */
export type SignupFields = { fullname: string; email: string; password: string; next: string; src: string; ref: string };
/** The two word lists of the settings: muted words and blocked tags. */
export type WordListKind = 'mute' | 'tag';
/** How often e-mail notifications are sent. */
export type EmailMode = EmailNotificationsReply['mode'];

/**
 * The main API's account calls (shell-and-account.md §7, comments.md §7): one function per endpoint, each with its
 * path, method, body encoding and reply type; and the server's own pages the site links to (forms, OAuth, files).
 */

const LOGIN_PATH = '/login';
/** The login form's action without script (the same endpoint as `logIn`). */
export const LOGIN_FORM_ACTION = LOGIN_PATH;
export const logIn = (username: string, password: string, next: string) => apiPostForm<LoginReply>(LOGIN_PATH, { username, password, next });

export const signUp = (fields: SignupFields & { captcha: string; ageVerified: boolean }) =>
  apiPostForm<SignupReply>('/member/email-signup', { ...fields, app: 'web', ageVerified: fields.ageVerified ? '1' : undefined });
/** POST /v1/wp: a proof-of-work challenge for the signup CAPTCHA. */
export const getChallenge = () => apiPost<{ challenge: Challenge }>('/v1/wp');

export const forgotPassword = (email: string) => apiPostForm<EmptyReply>('/v1/user-forgot-password', { email });
export const checkResetToken = (token: string) => apiPostForm<EmptyReply>('/v1/reset-password-check', { token });
export const resetPassword = (token: string, password: string) => apiPostForm<ResetPasswordReply>('/member/reset-password', { token, password });

export const authProviders = () => apiGet<AuthProvidersReply>('/v1/auth-providers');
/** GET /connect/{provider}?next: the provider's sign-in page (a link, not a call). */
export const connectUrl = (provider: string, query: string) => `/connect/${provider}?${query}`;
export const unlink = (platform: string) => apiPostForm<EmptyReply>('/connect/unlink', { platform });

/** GET /v1/account-export: the member's own data as a JSON file (the server names it guffaw-{username}-{date}.json). */
export const ACCOUNT_EXPORT_URL = '/v1/account-export';

/** comments.md §9: pages of 20. */
export const BLOCK_PAGE_SIZE = 20;
export const blockList = (fromIndex: number) =>
  apiPostForm<BlockListReply>('/v1/user-block-list', { fromIndex, itemCount: BLOCK_PAGE_SIZE });

const wordPath = (kind: WordListKind) => (kind === 'mute' ? '/v1/user-mute-list' : '/v1/block-tag');
export const addWords = (kind: WordListKind, value: string) => apiPostForm<WordListReply>(wordPath(kind), { value });
export const removeWords = (kind: WordListKind, value: string) => apiDelete<WordListReply>(wordPath(kind), { value });

/** comments.md §7: POST /v1/follow-thread {threadId, follow} (JSON). */
export const setThreadFollowed = (threadId: string, follow: boolean) => apiPost<ThreadFollowReply>('/v1/follow-thread', { threadId, follow: follow ? 'true' : 'false' });
export const threadFollowStatus = (threadId: string) => apiPost<ThreadFollowReply>('/v1/follow-thread-status', { threadId });

/** The server's email notification calls (modules/email): the signed-in member's choice. */
export const loadEmailNotifications = () => apiGet<EmailNotificationsReply>('/v1/email-notifications');
export const saveEmailNotifications = (mode: EmailMode) => apiPost<EmailNotificationsReply>('/v1/email-notifications', { mode });
