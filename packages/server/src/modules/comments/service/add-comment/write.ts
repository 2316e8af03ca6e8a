import type { Quota } from '@guffaw/comments-client';
import { commentHotScore } from '../../hot-rank.js';
import * as repo from '../../repo/index.js';
import { CommentServiceError, newId } from '../types.js';
import { attachmentUsed, sectionOf, type AddContext } from './context.js';
import { quotaOf } from './phases/quota.js';

/**
 * The outbox row of a comment that notifies (comment_outbox.payload, migration 0007; sent as `comment.added`,
 * events.ts). Its field names stay as rows already queued have them.
 */
export type OutboxEvent = {
  appId: string;
  mainAppId: string;
  sectionUrl: string;
  postId: string | null;
  commentId: string;
  threadId: string;
  text: string;
  /** The author as shown; null when posted as the anonymous OP. */
  actorExternalId: string | null;
  actorRealExternalId: string;
  actorName: string;
  parentAuthorExternalId: string | null;
  mentionedExternalIds: string[];
  parentCommentId: string | null;
};
export type Written = {
  id: number; commentId: string; now: Date; total: number; quota: Quota; event: OutboxEvent | null; threadDbId: number | null; threadCommentId: string | null;
  /** Held for review (ctx.hold): counted nowhere, told to no one until approved. */
  held: string | null;
};

/**
 * `comment.added` goes out after the reply, from the outbox row written with the comment (durable). Only hosted apps
 * (the main one) tell it, and there only for a comment by one of the host's accounts (its subscribers, the
 * notifications module, know the host's accounts only).
 */
function outboxEvent(ctx: AddContext, commentId: string, threadCommentId: string | null): OutboxEvent | null {
  const { app, viewer, input, parent, core } = ctx;
  const author = ctx.delegate ?? viewer.user;
  if (!core.hostOf(app) || !viewer.mainUser) return null;
  return {
    appId: app.id,
    mainAppId: app.id,
    sectionUrl: input.url,
    postId: core.postOf(app.id, input.url),
    commentId,
    threadId: threadCommentId ?? commentId,
    text: ctx.text,
    actorExternalId: ctx.opStatus === 2 ? null : author.externalId,
    actorRealExternalId: viewer.user.externalId,
    actorName: author.displayName,
    parentAuthorExternalId: parent ? (parent.opStatus === 2 ? sectionOf(ctx).opExternalId : parent.authorExternalId) : null,
    mentionedExternalIds: ctx.mention.externalIds,
    parentCommentId: parent?.commentId ?? null,
  };
}

/**
 * Claims the attachments, then writes the comment with its quota, section total, thread count and outbox row in one
 * statement (group commit, batch.ts). A used-up quota writes nothing: 429 QUOTA_EXCEEDED with the quota; a comment
 * refused after the claim gives its tokens back.
 */
export async function writeNewComment(ctx: AddContext): Promise<Written> {
  const { app, viewer, parent, core } = ctx;
  const { db } = core;
  const section = sectionOf(ctx);
  const now = new Date();
  const commentId = newId();
  const level = parent ? 2 : 1;
  const threadDbId = parent ? (parent.level === 1 ? parent.id : parent.threadId) : null;
  const threadCommentId = parent ? (parent.level === 1 ? parent.commentId : parent.threadCommentId) : null;
  const held = ctx.hold?.reason ?? null;
  // A held comment tells no one until it is approved (moderation-desk.ts writes its event then).
  const event = held ? null : outboxEvent(ctx, commentId, threadCommentId);
  const shown = ctx.delegate ?? viewer.user;
  if ((await repo.claimMedia(db, app.id, viewer.user.id, ctx.tokens, commentId)) < ctx.tokens.length) {
    await repo.releaseMedia(db, commentId);
    throw attachmentUsed();
  }
  const written = await ctx.writeComment({
    comment: {
      commentId,
      sectionId: section.id,
      userId: viewer.user.id,
      delegateUserId: ctx.delegate?.id ?? null,
      parentId: parent?.id ?? null,
      threadId: threadDbId,
      level,
      type: ctx.media.length > 0 ? 'userMedia' : 'text',
      text: ctx.text,
      media: ctx.media,
      attachments: ctx.links.map((link) => ({ type: 'link', link })),
      mentionMapping: ctx.mention.mapping,
      opStatus: ctx.opStatus,
      createdAt: now,
      hotScore: commentHotScore(0, 0, 0, now),
      heldReason: held,
    },
    quotaLimit: app.quotaPerHour,
    outbox: event,
    holdAudit: held ? { appId: app.id, userId: shown.userId, name: shown.displayName, url: ctx.input.url } : null,
  }).catch(async (error: unknown) => {
    await repo.releaseMedia(db, commentId).catch(() => undefined);
    throw error;
  });
  if (written.id === null || written.used === null || written.windowStartedAt === null) {
    if (ctx.tokens.length > 0) await repo.releaseMedia(db, commentId);
    const q = quotaOf(app, await repo.readQuota(db, viewer.user.id), now);
    const h = Math.floor(q.wait / 3600);
    const m = Math.ceil((q.wait % 3600) / 60);
    throw new CommentServiceError(429, 'QUOTA_EXCEEDED', `You have reached your comment limit. Try again in ${h ? `${h}h ` : ''}${m}m.`, { quota: q });
  }
  return {
    id: written.id,
    commentId,
    now,
    total: written.total ?? (held ? section.total : section.total + 1),
    quota: quotaOf(app, { used: written.used, windowStartedAt: new Date(written.windowStartedAt) }, now),
    event,
    threadDbId,
    threadCommentId,
    held,
  };
}
