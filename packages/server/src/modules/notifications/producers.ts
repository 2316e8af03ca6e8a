import type { Database } from '../../db/index.js';
import type { Bus } from '../../lib/pubsub.js';
import { isMilestone } from './catalogue.js';
import { creatorTotals, findPostForNotice, usersByPublicId } from './repository.js';
import { notify, notifyMilestone, type NotifyResult } from './service.js';

/**
 * One call per product action, for the modules where the actions happen (votes, comments, awards, pins). The group
 * keys live here so that every producer groups the same way. Ids are users.id; call after the action has committed,
 * with the counts as they are after it.
 */
export const groupKeys = {
  postUpvote: (postId: string) => `UPVOTE:post:${postId}`,
  postComment: (postId: string) => `COMMENT:post:${postId}`,
  commentUpvote: (commentId: string) => `COMMENT_UPVOTE:comment:${commentId}`,
  commentReply: (commentId: string) => `COMMENT_REPLY:comment:${commentId}`,
  commentMention: (threadId: string) => `COMMENT_MENTION:thread:${threadId}`,
  commentPin: (commentId: string) => `COMMENT_PIN:comment:${commentId}`,
  followThread: (threadId: string) => `FOLLOW_THREAD:thread:${threadId}`,
  featured: (postId: string) => `FEATURED:post:${postId}`,
  awardReceive: (postId: string) => `AWARD_RECEIVE:post:${postId}`,
  awardSend: (postId: string) => `AWARD_SEND:post:${postId}`,
  followers: () => 'USER:followers',
  followedPage: (kind: 'tag' | 'interest', key: string) => `FOLLOWED_PAGE:${kind}:${key}`,
  followUserUpload: (creatorId: number) => `FOLLOW_USER_UPLOAD:user:${creatorId}`,
  system: (key: string) => `SYSTEM:${key}`,
};

const postPath = (postId: string) => `/gag/${postId}`;

export type PostRef = { postId: string; title: string; ownerId: number | null };

/** An upvote on a post: UPVOTE to its creator, and the post's and the creator's overall upvote milestones. */
export async function postUpvoted(db: Database, bus: Bus, e: PostRef & { voterId: number; upVoteCount: number }): Promise<NotifyResult | null> {
  if (e.ownerId === null) return null;
  const result = await notify(db, bus, {
    userId: e.ownerId,
    type: 'UPVOTE',
    groupKey: groupKeys.postUpvote(e.postId),
    actorUserId: e.voterId,
    url: postPath(e.postId),
    postId: e.postId,
    title: e.title,
  });
  await notifyMilestone(db, bus, {
    type: 'MILESTONE_POST_UPVOTE',
    userId: e.ownerId,
    count: e.upVoteCount,
    subjectId: e.postId,
    url: postPath(e.postId),
    postId: e.postId,
    title: e.title,
  });
  const totals = await creatorTotals(db, e.ownerId);
  if (isMilestone('MILESTONE_OVERALL_UPVOTE', totals.upVotes)) {
    await notifyMilestone(db, bus, { type: 'MILESTONE_OVERALL_UPVOTE', userId: e.ownerId, count: totals.upVotes, subjectId: 'all', url: '/' });
  }
  return result;
}

/** A top-level comment on a post: COMMENT to its creator, and the comment-count milestones. */
export async function postCommented(
  db: Database,
  bus: Bus,
  e: PostRef & { commenterId: number; anonymous?: boolean; commentId: string; commentsCount: number; excerpt: string; url?: string },
): Promise<NotifyResult | null> {
  if (e.ownerId === null) return null;
  const result = await notify(db, bus, {
    userId: e.ownerId,
    type: 'COMMENT',
    groupKey: groupKeys.postComment(e.postId),
    actorUserId: e.commenterId,
    actorAnonymous: e.anonymous ?? false,
    url: e.url ?? `${postPath(e.postId)}#cs_comment_id=${e.commentId}`,
    postId: e.postId,
    title: e.excerpt,
  });
  await notifyMilestone(db, bus, {
    type: 'MILESTONE_POST_COMMENT',
    userId: e.ownerId,
    count: e.commentsCount,
    subjectId: e.postId,
    url: postPath(e.postId),
    postId: e.postId,
    title: e.title,
  });
  const totals = await creatorTotals(db, e.ownerId);
  if (isMilestone('MILESTONE_OVERALL_COMMENT', totals.comments)) {
    await notifyMilestone(db, bus, { type: 'MILESTONE_OVERALL_COMMENT', userId: e.ownerId, count: totals.comments, subjectId: 'all', url: '/' });
  }
  return result;
}

export type CommentRef = { commentId: string; authorId: number; url: string; postId: string | null; excerpt: string };

/** A like on a comment: COMMENT_UPVOTE to its author, and the comment's upvote milestone. */
export async function commentUpvoted(db: Database, bus: Bus, e: CommentRef & { voterId: number; likeCount: number }): Promise<NotifyResult> {
  const result = await notify(db, bus, {
    userId: e.authorId,
    type: 'COMMENT_UPVOTE',
    groupKey: groupKeys.commentUpvote(e.commentId),
    actorUserId: e.voterId,
    url: e.url,
    postId: e.postId,
    title: e.excerpt,
  });
  await notifyMilestone(db, bus, {
    type: 'MILESTONE_COMMENT_UPVOTE',
    userId: e.authorId,
    count: e.likeCount,
    subjectId: e.commentId,
    url: e.url,
    postId: e.postId,
    title: e.excerpt,
  });
  return result;
}

/** The reply milestone of a comment (the reply itself is notified by the comment service: COMMENT_REPLY). */
export function commentRepliesCounted(db: Database, bus: Bus, e: CommentRef & { replyCount: number }): Promise<NotifyResult | null> {
  return notifyMilestone(db, bus, {
    type: 'MILESTONE_COMMENT_REPLY',
    userId: e.authorId,
    count: e.replyCount,
    subjectId: e.commentId,
    url: e.url,
    postId: e.postId,
    title: e.excerpt,
  });
}

/** The OP pinned a comment: COMMENT_PIN to its author. */
export function commentPinned(db: Database, bus: Bus, e: CommentRef & { pinnedById: number; anonymous?: boolean }): Promise<NotifyResult> {
  return notify(db, bus, {
    userId: e.authorId,
    type: 'COMMENT_PIN',
    groupKey: groupKeys.commentPin(e.commentId),
    actorUserId: e.pinnedById,
    actorAnonymous: e.anonymous ?? false,
    url: e.url,
    postId: e.postId,
    title: e.excerpt,
  });
}

/**
 * Cheers sent: AWARD_RECEIVE to the post's creator and AWARD_SEND to the sender (naming the creator, or "OP" for an
 * anonymous post: the sender must not learn who uploaded it).
 */
export async function awardSent(
  db: Database,
  bus: Bus,
  e: PostRef & { senderId: number; anonymous?: boolean },
): Promise<{ receive: NotifyResult | null; send: NotifyResult | null }> {
  if (e.ownerId === null) return { receive: null, send: null };
  const common = { url: postPath(e.postId), postId: e.postId, title: e.title };
  const receive = await notify(db, bus, {
    ...common,
    userId: e.ownerId,
    type: 'AWARD_RECEIVE',
    groupKey: groupKeys.awardReceive(e.postId),
    actorUserId: e.senderId,
  });
  // AWARD_SEND tells senders about their own action by design; its actor is the creator they cheered.
  const send = await notify(db, bus, {
    ...common,
    userId: e.senderId,
    type: 'AWARD_SEND',
    groupKey: groupKeys.awardSend(e.postId),
    actorUserId: e.ownerId,
    actorAnonymous: e.anonymous ?? false,
  });
  return { receive, send };
}

/** A post reached the Hot list: FEATURED to its creator. */
export async function postFeatured(db: Database, bus: Bus, e: PostRef): Promise<NotifyResult | null> {
  if (e.ownerId === null) return null;
  return notify(db, bus, {
    userId: e.ownerId,
    type: 'FEATURED',
    groupKey: groupKeys.featured(e.postId),
    url: postPath(e.postId),
    postId: e.postId,
    title: e.title,
    once: true,
  });
}

/** A new comment on the main site, as the comment service knows it (ids are users.user_id, its external ids). */
export type CommentAdded = {
  commentId: string;
  /** The top-level comment's id (the thread). */
  threadId: string;
  /** The comment's permalink. */
  url: string;
  /** The product post the thread belongs to, if any. */
  postId: string | null;
  text: string;
  authorUserId: string;
  /** Posted as anonymous OP: named "OP", never linked. */
  anonymous: boolean;
  /** Replies: the comment replied to and its author. */
  parentCommentId: string | null;
  parentAuthorUserId: string | null;
  mentionedUserIds: readonly string[];
  /** Replies: the thread's followers (comments.md §4 follow), as the comment service keeps them. */
  threadFollowerUserIds: readonly string[];
};

const EXCERPT_LENGTH = 120;

/**
 * Everything a new comment notifies, each recipient once (reply beats mention beats follow beats the post's creator),
 * never its author: COMMENT_REPLY to the parent's author, COMMENT_MENTION to each mentioned user, FOLLOW_THREAD to
 * the thread's followers, and COMMENT (with the post's comment milestones) to the post's creator for a top-level comment.
 * Returns how many notifications were created or grouped.
 */
export async function commentAdded(db: Database, bus: Bus, e: CommentAdded): Promise<number> {
  const ids = await usersByPublicId(db, [
    e.authorUserId,
    ...(e.parentAuthorUserId ? [e.parentAuthorUserId] : []),
    ...e.mentionedUserIds,
    ...e.threadFollowerUserIds,
  ]);
  const authorId = ids.get(e.authorUserId);
  if (authorId === undefined) return 0;
  const excerpt = e.text.length > EXCERPT_LENGTH ? `${e.text.slice(0, EXCERPT_LENGTH - 3)}...` : e.text;
  const recipients = new Map<number, { type: 'COMMENT_REPLY' | 'COMMENT_MENTION' | 'FOLLOW_THREAD'; groupKey: string }>();
  const add = (publicId: string | null, type: 'COMMENT_REPLY' | 'COMMENT_MENTION' | 'FOLLOW_THREAD', groupKey: string) => {
    const id = publicId === null ? undefined : ids.get(publicId);
    if (id !== undefined && id !== authorId && !recipients.has(id)) recipients.set(id, { type, groupKey });
  };
  if (e.parentCommentId) add(e.parentAuthorUserId, 'COMMENT_REPLY', groupKeys.commentReply(e.parentCommentId));
  for (const id of e.mentionedUserIds) add(id, 'COMMENT_MENTION', groupKeys.commentMention(e.threadId));
  if (e.parentCommentId) for (const id of e.threadFollowerUserIds) add(id, 'FOLLOW_THREAD', groupKeys.followThread(e.threadId));

  let count = 0;
  const counted = (r: NotifyResult | null) => {
    if (r && r.status !== 'skipped') count++;
  };
  for (const [userId, r] of recipients) {
    counted(
      await notify(db, bus, {
        userId,
        type: r.type,
        groupKey: r.groupKey,
        actorUserId: authorId,
        actorAnonymous: e.anonymous,
        url: e.url,
        postId: e.postId,
        title: excerpt,
      }),
    );
  }
  const post = !e.parentCommentId && e.postId ? await findPostForNotice(db, e.postId) : undefined;
  if (post && e.postId && post.creatorId !== null && !recipients.has(post.creatorId)) {
    counted(
      await postCommented(db, bus, {
        postId: e.postId,
        title: post.title,
        ownerId: post.creatorId,
        commenterId: authorId,
        anonymous: e.anonymous,
        commentId: e.commentId,
        commentsCount: post.commentsCount,
        excerpt,
        url: e.url,
      }),
    );
  }
  return count;
}
