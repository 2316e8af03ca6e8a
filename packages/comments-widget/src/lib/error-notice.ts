import { ClientErrorCode, CommentMessages, CommentsClientError, commentErrorNotice } from '@guffaw/comments-client';

/** The notice for any failed comment action, as the client maps it. */
export const errorNotice = commentErrorNotice;

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
