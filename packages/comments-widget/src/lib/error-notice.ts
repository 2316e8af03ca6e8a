import { ClientErrorCode, CommentMessages, CommentsClientError, commentErrorNotice } from '@guffaw/comments-client';
import type { Translate } from '../i18n/translate.js';

/**
 * The notice for any failed comment action, as the client maps it; the client's own notices (its CommentMessages) in
 * the reader's language. A server's text stays as the server wrote it.
 */
export function errorNotice(error: unknown, t?: Translate): string {
  const notice = commentErrorNotice(error);
  const key = (Object.keys(CommentMessages) as (keyof typeof CommentMessages)[]).find((k) => CommentMessages[k] === notice);
  return t && key ? t(key) : notice;
}

/** The guard errors (busy, no next or earlier page, login required) the stores raise, in the client's shape. */
export const guardError = (kind: 'busy' | 'next' | 'prev' | 'login'): CommentsClientError => {
  switch (kind) {
    case 'busy': return new CommentsClientError(ClientErrorCode.requestProcessing, CommentMessages.requestProcessing);
    case 'next': return new CommentsClientError(ClientErrorCode.nextCursorEmpty, CommentMessages.nextCursorEmpty);
    case 'prev': return new CommentsClientError(ClientErrorCode.prevCursorEmpty, CommentMessages.prevCursorEmpty);
    case 'login': return new CommentsClientError(ClientErrorCode.loginRequired, CommentMessages.loginRequired);
  }
};
export { CommentMessages };
