import type { MemeTemplatesReply, OpTokenReply } from '@guffaw/api';
import { apiGet, apiPostForm } from '../api';
import type { Post, ListReply } from '../../feed/post-types';
import type { ListProfile as Profile, UploadStatus } from '@guffaw/api';

/** The main API's calls of a post's page, a profile and the upload page: one function per endpoint. */

/** GET /v1/post?id. */
export const getPost = (id: string, signal: AbortSignal) => apiGet<{ post: Post }>('/v1/post', { query: { id }, signal });

/** GET /v1/related-articles?id: the Explore more box. */
export const getRelatedArticles = (id: string, signal: AbortSignal) => apiGet<ListReply>('/v1/related-articles', { query: { id }, signal });

/** POST /v1/op-token form {id}: the uploader's token for commenting as OP. */
export const getOpToken = (id: string) => apiPostForm<OpTokenReply>('/v1/op-token', { id });

/** GET /v1/meme-templates: the meme maker's pictures. */
export const getMemeTemplates = (signal: AbortSignal) =>
  apiGet<MemeTemplatesReply>('/v1/meme-templates', { signal });
/** POST /submit takes the upload as multipart (upload-api.ts sends it with XMLHttpRequest, for its progress). */
export const SUBMIT_PATH = '/submit';
/** GET /v1/submit-status?id: an upload's processing state. */
export const getUploadStatus = (id: string, signal?: AbortSignal) =>
  apiGet<UploadStatus>('/v1/submit-status', { query: { id }, ...(signal ? { signal } : {}) });

/** GET /v1/user-profile?username. */
export const getProfile = (username: string, signal: AbortSignal) => apiGet<{ profile: Profile }>('/v1/user-profile', { query: { username }, signal });

/** The lists of a post's page, a collection page and a profile tab (fetched with lists.ts's `fetchList`). */
export const RELATED_POSTS_PATH = '/v1/related-posts';
export const COLLECTION_POSTS_PATH = '/v1/collection-posts';
/** §7: the list call of a profile tab. */
export const userListPath = (username: string, type: string) => `/v1/user-posts/username/${encodeURIComponent(username)}/type/${type}`;
