import { ClientErrorCode, CommentMessages, CommentsClientError, commentErrorNotice } from '@guffaw/comments-client';

/** The notice for any failed comment action (comments.md §8), as the client maps it. */
export const errorNotice = commentErrorNotice;

/** The guard errors of comments.md §8, raised by the stores in the client's own shape. */
export const guardError = (kind: 'busy' | 'next' | 'prev' | 'login'): CommentsClientError => {
  switch (kind) {
    case 'busy': return new CommentsClientError(ClientErrorCode.requestProcessing, CommentMessages.requestProcessing);
    case 'next': return new CommentsClientError(ClientErrorCode.nextCursorEmpty, CommentMessages.nextCursorEmpty);
    case 'prev': return new CommentsClientError(ClientErrorCode.prevCursorEmpty, CommentMessages.prevCursorEmpty);
    case 'login': return new CommentsClientError(ClientErrorCode.loginRequired, CommentMessages.loginRequired);
  }
};
export { CommentMessages };
