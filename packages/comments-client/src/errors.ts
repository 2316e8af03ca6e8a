import { ClientErrorCode, CommentMessages } from './constants.js';

/**
 * The comment service answered with an error (envelope status ERROR or a non-2xx reply), or could not be reached
 * (code NETWORK_ERROR, TIMEOUT, BAD_RESPONSE). `serverText` is the server's own message, '' when it sent none.
 */
export class CommentsApiError extends Error {
  override readonly name = 'CommentsApiError';
  constructor(
    readonly code: string,
    readonly serverText: string,
    readonly status?: number,
  ) {
    super(serverText || code);
  }
}

/**
 * The client refused a call before sending it: a guard (login required, a request already running, no next page) or
 * an upload check (type, size).
 */
export class CommentsClientError extends Error {
  override readonly name = 'CommentsClientError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

// Told apart by name, never by instanceof: the widget may run in an iframe, another realm.
const hasName = (e: unknown, name: string): boolean =>
  typeof e === 'object' && e !== null && (e as { name?: unknown }).name === name;

export const isCommentsApiError = (e: unknown): e is CommentsApiError => hasName(e, 'CommentsApiError');
export const isCommentsClientError = (e: unknown): e is CommentsClientError => hasName(e, 'CommentsClientError');
export const isAbortError = (e: unknown): boolean => hasName(e, 'AbortError');

/** The code of any comment error (server's or client's), else undefined. */
export const commentErrorCode = (e: unknown): string | undefined =>
  isCommentsApiError(e) || isCommentsClientError(e) ? e.code : undefined;

/**
 * The notice shown for a failed comment action: media codes get their fixed texts, a server text
 * replaces the default, the client's own guards show their spec texts, anything else the default.
 */
export function commentErrorNotice(error: unknown): string {
  const code = commentErrorCode(error);
  if (code === ClientErrorCode.imageInvalidType) return CommentMessages.unsupportedType;
  if (code === ClientErrorCode.imageInvalidSize) return CommentMessages.mediaTooLarge;
  if (isCommentsApiError(error) && error.serverText) return error.serverText;
  if (isCommentsClientError(error) && error.message) return error.message;
  return CommentMessages.errorDefault;
}

export const loginRequired = () => new CommentsClientError(ClientErrorCode.loginRequired, CommentMessages.loginRequired);
export const requestProcessing = () =>
  new CommentsClientError(ClientErrorCode.requestProcessing, CommentMessages.requestProcessing);
