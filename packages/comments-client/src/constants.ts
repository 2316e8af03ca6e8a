/** Business constants of the comment system and the texts of the client's guards. */

/** Largest upload, in bytes (10 MB). */
export const MAX_UPLOAD_BYTES = 10_485_760;
/** Comments per list page. */
export const COMMENT_PAGE_COUNT = 10;
/** Longest comment when the app does not say otherwise. */
export const DEFAULT_MAX_MESSAGE_LENGTH = 1000;
/** How long a cached list page stays fresh, by sort type; threads use the hot lifetime. */
export const LIST_CACHE_MS = { hot: 300_000, new: 60_000, old: 60_000 } as const;
export const THREAD_CACHE_MS = LIST_CACHE_MS.hot;
/** Identical list requests started within this window share one request. */
export const LIST_DEDUPE_MS = 1000;
/** Sensitive calls poll the proof-of-work provider this often. */
export const PROOF_OF_WORK_POLL_MS = 100;
/**
 * Our decision: a sensitive call waits at most this long for a proof-of-work value, then fails with
 * PROOF_OF_WORK_TIMEOUT instead of hanging (the browser solves a challenge in well under a second).
 */
export const PROOF_OF_WORK_TIMEOUT_MS = 15_000;
/** Media the comment service accepts. */
export const MEDIA_TYPES: readonly string[] = ['image/gif', 'image/jpeg', 'image/png', 'video/mp4', 'video/webm'];

/** Codes of the errors the client raises itself, before or instead of a request. */
export const ClientErrorCode = {
  loginRequired: 'LOGIN_REQUIRED',
  requestProcessing: 'REQUEST_PROCESSING',
  nextCursorEmpty: 'NEXT_CURSOR_EMPTY',
  prevCursorEmpty: 'PREV_CURSOR_EMPTY',
  imageInvalidType: 'IMAGE_INVALID_TYPE',
  imageInvalidSize: 'IMAGE_INVALID_SIZE',
  proofOfWorkTimeout: 'PROOF_OF_WORK_TIMEOUT',
  network: 'NETWORK_ERROR',
  timeout: 'TIMEOUT',
  badResponse: 'BAD_RESPONSE',
} as const;

/** The texts the comment system shows: guards, notices, confirmations. */
export const CommentMessages = {
  loginRequired: 'You must be logged in',
  requestProcessing: 'The request is already processing',
  nextCursorEmpty: 'Next cursor is empty',
  prevCursorEmpty: 'Prev cursor is empty',
  errorDefault: 'Error occurred. Please try again later.',
  unsupportedType: 'Unsupported type.',
  mediaTooLarge: 'Media size should be less than 10MB',
} as const;
