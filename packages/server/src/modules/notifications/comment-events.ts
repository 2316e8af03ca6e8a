import type { Database } from '../../db/index.js';
import type { Bus } from '../../lib/pubsub.js';
import type { CommentAdded } from '../comments/index.js';
import { commentAdded } from './producers.js';

/**
 * The notifications a new comment causes (the comment service's `comment.added`, routed here by app.ts): the
 * notifications module makes the rows (its group keys, actor ids and templates, so the list shows users and links)
 * and pushes the new unread count to each recipient's open pages at once. Only main-site accounts are notified (the
 * event's account ids are users.user_id). `followers`: the thread's followers (the threads module).
 *
 * - COMMENT_REPLY  to the author of the comment replied to;
 * - FOLLOW_THREAD  to every follower of the thread (thread_follows.thread_id = the top-level commentId);
 * - COMMENT_MENTION to each @mentioned user.
 */
export async function notifyCommentAdded(db: Database, bus: Bus, e: CommentAdded, followers: (threadId: string) => Promise<string[]>): Promise<number> {
  const threadFollowerUserIds = e.parentCommentId ? await followers(e.threadId) : [];
  return commentAdded(db, bus, {
    commentId: e.commentId,
    threadId: e.threadId,
    url: `${e.sectionUrl}#cs_comment_id=${e.commentId}`,
    postId: e.postId,
    text: e.text,
    authorUserId: e.actorRealAccountId,
    anonymous: e.actorAccountId === null,
    parentCommentId: e.parentCommentId,
    parentAuthorUserId: e.parentAuthorAccountId,
    mentionedUserIds: e.mentionedAccountIds,
    threadFollowerUserIds,
  });
}
