import { apiGet, apiPost, apiPostForm, apiDelete } from '../lib/api';
import type { MainUser } from '../user';
import { solveProof, type Challenge } from './proof';

/** The account calls of shell §7 and comments.md §7, one typed function each, through the site's API client. */

export type LoginReply = { next: string; user: { username: string; userId: string } };

export const logIn = (username: string, password: string, next: string) => apiPostForm<LoginReply>('/login', { username, password, next });

export type SignupFields = { fullname: string; email: string; password: string; next: string; src: string; ref: string };

/** The CAPTCHA is a proof of work: solved here, sent as `captcha`; a failed solve is the server's "Wrong CAPTCHA.". */
/**
 * The answer is "check your mail" whoever owns the email: the account is made when the mailed link is opened (or, for
 * an email with an account already, its owner is mailed instead), so no one learns from it who has an account.
 */
export type SignupReply = { next: string; checkEmail: true };

export async function signUp(fields: SignupFields & { captcha: string; ageVerified: boolean }) {
  return apiPostForm<SignupReply>('/member/email-signup', { ...fields, app: 'web', ageVerified: fields.ageVerified ? '1' : undefined });
}

export async function solveCaptcha(signal?: AbortSignal): Promise<string> {
  const { challenge } = await apiPost<{ challenge: Challenge }>('/v1/wp');
  return solveProof(challenge, signal);
}

export type { Challenge } from './proof';

export const forgotPassword = (email: string) => apiPostForm<Record<string, never>>('/v1/user-forgot-password', { email });
export const checkResetToken = (token: string) => apiPostForm<Record<string, never>>('/v1/reset-password-check', { token });
export const resetPassword = (token: string, password: string) => apiPostForm<{ next: string }>('/member/reset-password', { token, password });

export const authProviders = () => apiGet<{ providers: Array<'google' | 'facebook' | 'apple'> }>('/v1/auth-providers');

export const saveSettings = (fields: Record<string, string>) => apiPostForm<{ user: MainUser | null; deleted?: boolean }>('/v1/settings', fields);
export const unlink = (platform: string) => apiPostForm<Record<string, never>>('/connect/unlink', { platform });

export type BlockedUser = { userId: string; accountId: string; username: string; fullName: string; avatarUrl: string };
/** comments.md §9: pages of 20. */
export const BLOCK_PAGE_SIZE = 20;
export const blockList = (fromIndex: number) =>
  apiPostForm<{ users: BlockedUser[]; didEndOfList: boolean }>('/v1/user-block-list', { fromIndex, itemCount: BLOCK_PAGE_SIZE });
export const setBlocked = (accountId: string, blocked: boolean) =>
  apiPostForm<Record<string, never>>('/v1/user-block', { accountId, _method: blocked ? 'post' : 'delete' });

export type WordListKind = 'mute' | 'tag';
const wordPath = (kind: WordListKind) => (kind === 'mute' ? '/v1/user-mute-list' : '/v1/block-tag');
export const addWords = (kind: WordListKind, value: string) => apiPostForm<{ list: string[] }>(wordPath(kind), { value });
export const removeWords = (kind: WordListKind, value: string) => apiDelete<{ list: string[] }>(wordPath(kind), { value });

/**
 * The block type of a post whose anonymous OP comments the member hid (shell §4 "Hide OP comments"; comments.md §5:
 * anonymous OP comments are filtered when the post is blocked for comments). Our name for it; 'post' hides the post.
 */
export const OP_COMMENTS_BLOCK_TYPE = 'comment';
export const hidePostOpComments = (postId: string) => apiPostForm<Record<string, unknown>>('/v1/block-post', { type: OP_COMMENTS_BLOCK_TYPE, id: postId });
/** comments.md §7: POST /v1/follow-thread {threadId, follow}. */
export const setThreadFollowed = (threadId: string, follow: boolean) => apiPost<{ followed: boolean }>('/v1/follow-thread', { threadId, follow: follow ? 'true' : 'false' });
