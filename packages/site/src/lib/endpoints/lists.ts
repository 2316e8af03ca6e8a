import type { BlockPostReply, DeletePostReply, DownloadReply, PostReportReply, ProfileReportReply, SaveReply, VoteReply } from '@guffaw/api';
import { apiDelete, apiGet, apiPost, apiPostForm, type Query } from '../api';
import type { ListReply } from '../../feed/post-types';

/**
 * The main API's list calls and the actions on a post in a list (posts-and-feeds.md §7, comments.md §7): one function
 * per endpoint, each with its path, method, body encoding and reply type. List paths are built here; the post store
 * fetches them with `fetchList`.
 */

/** §7: a list page: POST for members (their filters apply), GET for visitors (cacheable). */
export const fetchList = (path: string, query: Query, member: boolean) =>
  member ? apiPost<ListReply>(path, {}, { query }) : apiGet<ListReply>(path, { query });

/**
 * §7: the list call of a home list URL. Home, and fresh or explore without a timeframe, use /v1/feed-posts; the
 * others /v1/group-posts (the server answers both the same way).
 */
export function homeListPath(type: string, timeframe: string | undefined): string {
  const tf = timeframe ? `/timeframe/${encodeURIComponent(timeframe)}` : '';
  const feed = type === 'home' || ((type === 'fresh' || type === 'explore') && !timeframe);
  return `/v1/${feed ? 'feed-posts' : 'group-posts'}/type/${type}${tf}`;
}
export const HOME_LIST_PATH = '/v1/feed-posts/type/home';
/** The home lists (feed-posts, group-posts) share their filters and ads. */
export const isHomeList = (path: string) => path.startsWith('/v1/feed-posts/') || path.startsWith('/v1/group-posts/');
export const tagListPath = (tag: string, type: string) => `/v1/tag-posts/tag/${encodeURIComponent(tag)}/type/${encodeURIComponent(type)}`;
export const interestListPath = (interest: string, type: string) =>
  `/v1/interest-posts/interest/${encodeURIComponent(interest)}/type/${encodeURIComponent(type)}`;
export const SEARCH_PATH = '/v1/search-posts';

const VOTE_PATHS = { 1: '/v1/vote/like', [-1]: '/v1/vote/dislike', 0: '/v1/vote/unlike' } as const;
/** POST /v1/vote/{like|dislike|unlike} form {id}: the post's new counts. */
export const sendVote = (id: string, vote: 1 | -1 | 0) => apiPostForm<VoteReply>(VOTE_PATHS[vote], { id });

/** POST (save) or DELETE (unsave) /v1/save-post form {id}. */
export const setPostSaved = (id: string, saved: boolean) => (saved ? apiPostForm<SaveReply> : apiDelete<SaveReply>)('/v1/save-post', { id });

const BLOCK_POST_PATH = '/v1/block-post';
/** POST /v1/block-post form {type, id, action?}: 'post' hides the post, 'comment' its anonymous OP comments. */
export const blockPost = (id: string, type: string, unblock?: boolean) =>
  apiPostForm<BlockPostReply>(BLOCK_POST_PATH, { type, id, ...(unblock ? { action: 'unblock' } : {}) });
/** The same hide as a beacon, for a page being left (a fetch would be cancelled with it); false when not queued. */
export const beaconBlockPost = (id: string) => navigator.sendBeacon?.(BLOCK_POST_PATH, new URLSearchParams({ type: 'post', id })) ?? false;

/** POST /report form: a post ({entryId, type}) or a user ({username, type}); the reply says which was reported. */
export function sendReport(target: { entryId: string }, type: number): Promise<PostReportReply>;
export function sendReport(target: { username: string }, type: number): Promise<ProfileReportReply>;
export function sendReport(target: { entryId: string } | { username: string }, type: number) {
  return apiPostForm<PostReportReply | ProfileReportReply>('/report', { ...target, type });
}

/** DELETE /v1/post form {entryId}: own uploads only. */
export const removePost = (entryId: string) => apiDelete<DeletePostReply>('/v1/post', { entryId });

/** POST /v1/download-post form {id}: the media URL to save. */
export const getDownloadUrl = (id: string) => apiPostForm<DownloadReply>('/v1/download-post', { id });
