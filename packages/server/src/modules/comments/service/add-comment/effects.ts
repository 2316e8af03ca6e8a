import type { AddCommentResult, Comment } from '@guffaw/comments-client';
import { presentComment } from '../../present.js';
import type { CommentRecord } from '../../repo/index.js';
import { newId } from '../types.js';
import { sectionOf, type AddContext } from './context.js';
import type { Written } from './write.js';

/** The row as just written: no need to read it back. */
function recordOf(ctx: AddContext, w: Written): CommentRecord {
  const { app, viewer, input, parent } = ctx;
  const author = ctx.delegate ?? viewer.user;
  return {
    id: w.id, commentId: w.commentId, sectionId: sectionOf(ctx).id, userId: viewer.user.id, level: parent ? 2 : 1,
    type: ctx.media.length > 0 ? 'userMedia' : 'text', text: ctx.text, mediaText: '', media: ctx.media as CommentRecord['media'],
    attachments: ctx.links.map((link) => ({ type: 'link', link })), mentionMapping: ctx.mention.mapping, likeCount: 0, dislikeCount: 0,
    childrenTotal: 0, hotScore: 0, isPinned: false, isDeleted: false, isSensitive: false, isOffensive: false, isHidden: false,
    isCollapsed: false, opStatus: ctx.opStatus, createdAt: w.now, parentId: parent?.id ?? null, threadId: w.threadDbId,
    parentCommentId: parent?.commentId ?? null, threadCommentId: w.threadCommentId,
    authorId: author.id, authorUserId: author.userId, authorExternalId: author.externalId, authorDisplayName: author.displayName,
    authorAvatarUrl: author.avatarUrl, authorProfileUrl: author.profileUrl, authorCountry: author.country,
    authorEmojiStatus: author.emojiStatus, authorIsPro: author.isPro, authorIsProPlus: author.isProPlus,
    authorIsVerified: author.isVerified, authorPreferences: author.preferences, authorCreatedAt: author.createdAt,
    authorActiveAt: author.activeAt, sectionAppId: app.id, sectionUrl: input.url,
    heldAt: w.held ? w.now : null, heldReason: w.held, reportCount: 0,
  };
}

/**
 * After the write: this instance's caches follow it, the outbox is drained, the post's count follows, and the other
 * modules hear of it (webhooks, app reply mail, the main site's auto-follow). None of these fails the comment.
 */
export async function afterWrite(ctx: AddContext, w: Written): Promise<AddCommentResult> {
  const { app, viewer, input, parent, core } = ctx;
  const { hooks } = core;
  if (w.held) {
    // Held (MODERATION.md): the author's lists change (their own pages), nothing else until a moderator approves it.
    core.caches.touch(app.id, input.url);
    const comment = presentComment(recordOf(ctx, w), { app, url: input.url, listUrl: core.listUrl });
    return { comment, postId: input.url, quota: w.quota, total: w.total, wpTraceId: newId(6) };
  }
  core.caches.followWrite(app.id, input.url, sectionOf(ctx).id, w.total);
  if (w.event) void ctx.drainOutbox();
  core.syncPostCount(app.id, input.url);
  const author = ctx.delegate ?? viewer.user;
  const comment: Comment = presentComment(recordOf(ctx, w), { app, url: input.url, listUrl: core.listUrl });
  await core.emit(app.id, 'comment.created', { url: input.url, comment });
  // Other apps' members have no in-app notifications: a reply is mailed to the parent's author and to the thread's
  // followers (comment_thread_follows), each at most once, never to the replier.
  if (parent && w.threadDbId !== null && !core.hostOf(app) && hooks.appReply) {
    await hooks
      .appReply({
        recipientId: parent.authorId, threadId: w.threadDbId, actorId: author.id, commentId: w.commentId, actorName: author.displayName, text: ctx.text,
        url: `${input.url}#cs_comment_id=${w.commentId}`,
      })
      .catch(() => undefined);
  }
  // comments.md §4: after a reply the thread is followed when the user's autoFollowThreadReply is on. The service
  // does it (site, frame and npm widget alike) and says so, so the widget shows the follow without a second call.
  let follow: { threadFollowed: boolean; autoFollowed: boolean } | null = null;
  if (parent && w.threadCommentId && core.hostOf(app) && viewer.mainUser && hooks.followOnReply) {
    // A follow that fails must not fail the comment just posted: the widget then leaves the follow as it was.
    const done = await hooks.followOnReply(viewer.user.externalId, w.threadCommentId).catch(() => null);
    if (done) follow = { threadFollowed: done.followed, autoFollowed: done.started };
  }
  return { comment, postId: input.url, quota: w.quota, total: w.total, wpTraceId: newId(6), ...follow };
}
