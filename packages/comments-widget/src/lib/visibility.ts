import type { Comment } from '@guffaw/comments-client';

/** Our decision: a comment at least this many net dislikes below zero is masked as downvoted until revealed. */
export const DOWNVOTE_MASK_THRESHOLD = 5;

export type Viewer = {
  userId: string | null;
  moderator: boolean;
  blocklistIds: readonly string[];
  showOffensive: boolean;
  postBlocked: boolean;
};

/**
 * Comments by blocked accounts are filtered out; anonymous OP comments too when the post is blocked
 * for comments; hidden comments reach only moderators.
 */
export function isShown(comment: Comment, viewer: Viewer): boolean {
  if (viewer.blocklistIds.includes(comment.user.accountId)) return false;
  if (comment.opStatus === 2 && viewer.postBlocked) return false;
  if (comment.isHidden && !viewer.moderator && comment.user.userId !== viewer.userId) return false;
  return true;
}

export type MaskKind = 'sensitive' | 'offensive' | 'downvoted';

/**
 * Which mask covers a comment, if any. Offensive comments show only to their author, or with offensive mode on, or
 * when the post shows all.
 */
export function maskOf(comment: Comment, viewer: Viewer): MaskKind | null {
  if (comment.isDeleted) return null;
  const own = viewer.userId !== null && comment.user.userId === viewer.userId;
  if (comment.isOffensive && !own && !viewer.showOffensive) return 'offensive';
  if (comment.isSensitive && !own) return 'sensitive';
  if (comment.dislikeCount - comment.likeCount >= DOWNVOTE_MASK_THRESHOLD) return 'downvoted';
  return null;
}

/** The catalogue's text of each mask. */
export const MASK_KEY = { sensitive: 'maskedSensitive', offensive: 'maskedOffensive', downvoted: 'maskedDownvoted' } as const;

/** A profile link exists only when the url contains /u/. */
export const profileHref = (url: string): string | null => (url.includes('/u/') && /^https?:\/\/|^\//.test(url) ? url : null);
