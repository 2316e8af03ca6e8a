export { createCommentsClient } from './client.js';
export type {
  CommentsClient, CommentsClientOptions, ListOptions, ProofOfWorkProvider, RequestOptions, UploadOptions,
} from './client-api.js';
export * from './constants.js';
export {
  CommentsApiError, CommentsClientError, commentErrorCode, commentErrorNotice, isAbortError, isCommentsApiError,
  isCommentsClientError,
} from './errors.js';
export { checkMedia, sniffMediaType } from './media-check.js';
export { listKey, listLifetime } from './list-cache.js';
export type * from './types.js';
