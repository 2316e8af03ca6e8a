import type { Comment } from '@guffaw/comments-client';
import { presentComment } from '../present.js';
import * as repo from '../repo/index.js';
import type { AppRow, CommentRecord, Executor } from '../repo/index.js';
import type { OutboxEvent } from './add-comment/write.js';
import type { CommentCore } from './core.js';

/**
 * An approved held comment is counted and told as if posted at that moment (MODERATION.md "Held comments"), keeping
 * its createdAt: the section total and the thread's reply count (hot rank) take it, and its `comment.added` event
 * is queued in the approval's transaction (`count`); the post count, the webhook and the reply mail follow after
 * the commit (`announce`).
 */
export function createRelease(core: CommentCore) {
  const { db } = core;

  /** The event add-comment would have queued (write.ts outboxEvent): hosted apps, by one of the host's live accounts. */
  async function eventOf(app: AppRow, c: CommentRecord): Promise<OutboxEvent | null> {
    const host = core.hostOf(app);
    if (!host) return null;
    const poster = await repo.findUserById(db, c.userId);
    if (!poster || !(await host.liveAccounts([poster.externalId])).has(poster.externalId)) return null;
    const section = await repo.findSection(db, app.id, c.sectionUrl);
    const parent = c.parentId !== null ? await repo.findCommentById(db, c.parentId) : undefined;
    const names = Object.keys((c.mentionMapping && typeof c.mentionMapping === 'object' ? c.mentionMapping : {}) as Record<string, string>);
    const mentioned = names.length > 0 ? (await host.accountsByName(names)).map((a) => a.accountId) : [];
    return {
      appId: app.id,
      mainAppId: app.id,
      sectionUrl: c.sectionUrl,
      postId: core.postOf(app.id, c.sectionUrl),
      commentId: c.commentId,
      threadId: c.threadCommentId ?? c.commentId,
      text: c.text,
      actorExternalId: c.opStatus === 2 ? null : c.authorExternalId,
      actorRealExternalId: poster.externalId,
      actorName: c.authorDisplayName,
      parentAuthorExternalId: parent ? (parent.opStatus === 2 ? (section?.opExternalId ?? null) : parent.authorExternalId) : null,
      mentionedExternalIds: mentioned,
      parentCommentId: parent?.commentId ?? null,
    };
  }

  /** In the approval's transaction: counted where it is visible, and its event queued. */
  async function count(trx: Executor, app: AppRow, c: CommentRecord, event: OutboxEvent | null): Promise<void> {
    if (!c.isDeleted) await repo.addToSectionTotal(trx, c.sectionId, 1);
    if (c.level === 2 && c.threadId !== null) await repo.addToChildren(trx, c.threadId, 1);
    if (event) await repo.insertOutbox(trx, event);
  }

  /** After the commit: the post's count, the webhook and (apps without a host) the reply mail. */
  async function announce(app: AppRow, c: CommentRecord, comment: Comment, queued: boolean, drain: () => Promise<void>): Promise<void> {
    if (queued) void drain();
    core.syncPostCount(app.id, c.sectionUrl);
    await core.emit(app.id, 'comment.created', { url: c.sectionUrl, comment });
    if (c.level === 2 && c.parentId !== null && c.threadId !== null && !core.hostOf(app) && core.hooks.appReply) {
      const parent = await repo.findCommentById(db, c.parentId);
      if (parent) {
        await core.hooks
          .appReply({
            recipientId: parent.authorId, threadId: c.threadId, actorId: c.authorId, commentId: c.commentId, actorName: c.authorDisplayName, text: c.text,
            url: `${c.sectionUrl}#cs_comment_id=${c.commentId}`,
          })
          .catch(() => undefined);
      }
    }
  }

  const present = (app: AppRow, c: CommentRecord): Comment => presentComment(c, { app, url: c.sectionUrl, listUrl: core.listUrl });

  return { eventOf, count, announce, present };
}

export type Release = ReturnType<typeof createRelease>;
