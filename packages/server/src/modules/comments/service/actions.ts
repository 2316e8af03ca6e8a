import type { Attachment, Comment, LikeValue, LinkPreview } from '@guffaw/comments-client';
import { badRequest, forbidden } from '../../../lib/envelope.js';
import * as repo from '../repo/index.js';
import type { AppRow, CommentRecord } from '../repo/index.js';
import { moderatorActor } from './moderation-desk.js';
import { readAppSettings } from './settings.js';
import type { CommentCore } from './core.js';
import { assertSectionOpen, type Sections } from './sections.js';
import type { Viewer } from './types.js';
import { requireActive } from './viewers.js';

/** What members do to a comment besides writing it: votes, deletes, reports; and their uploads waiting for a comment. */
export function createCommentActions(core: CommentCore, sections: Sections) {
  const { db, caches } = core;

  async function like(app: AppRow, viewerIn: Viewer | null, commentId: string, value: LikeValue, url: string | undefined) {
    const viewer = requireActive(viewerIn);
    const c = await sections.visibleComment(app, commentId, url, viewer);
    if (c.isDeleted) throw badRequest('COMMENT_DELETED', 'This comment was deleted.');
    const section = (await caches.section(app.id, c.sectionUrl)).row;
    if (section) assertSectionOpen(section, viewer);
    const counts = await repo.setLike(db, c.id, viewer.user.id, value);
    caches.touch(app.id, c.sectionUrl);
    return { commentId, value, ...counts };
  }

  /**
   * comments.md §4: a comment with replies is kept, marked deleted; one without is removed. With `audit` (a
   * moderator's or the console's delete of someone else's comment) its audit row is written in the same transaction.
   */
  async function removeComment(app: AppRow, c: CommentRecord, by: 'author' | 'moderator', audit: repo.ModActionRow | null): Promise<void> {
    if (c.isDeleted) return;
    await db.transaction().execute(async (trx) => {
      if (await repo.hasReplies(trx, c)) await repo.markDeleted(trx, c.id);
      else {
        await repo.deleteCommentRow(trx, c.id);
        // A held reply was never counted in its thread (MODERATION.md).
        if (c.level === 2 && c.threadId !== null) {
          if (!c.heldAt) await repo.addToChildren(trx, c.threadId, -1);
          // A deleted comment was kept only for its replies: deleted replies left without any go, and a thread of
          // nothing but deleted comments goes whole (it would hold no text, only who wrote what was deleted).
          const pruned = await repo.pruneDeletedReplies(trx, c.threadId);
          if (pruned > 0) await repo.addToChildren(trx, c.threadId, -pruned);
          await repo.deleteThreadIfAllDeleted(trx, c.threadId);
        }
      }
      // A hidden or held comment already left the total (or never entered it).
      if (!c.isHidden && !c.heldAt) await repo.addToSectionTotal(trx, c.sectionId, -1);
      if (audit) await repo.recordModAction(trx, audit);
    });
    caches.touch(app.id, c.sectionUrl);
    core.syncPostCount(app.id, c.sectionUrl);
    await core.emit(app.id, 'comment.deleted', { url: c.sectionUrl, commentId: c.commentId, by });
  }

  /** Author or moderator; a moderator's delete of another's comment is audited. */
  async function deleteComment(app: AppRow, viewerIn: Viewer | null, commentId: string, url: string | undefined) {
    const viewer = requireActive(viewerIn);
    const c = await sections.visibleComment(app, commentId, url, viewer);
    const isAuthor = c.userId === viewer.user.id || c.authorId === viewer.user.id;
    if (!isAuthor && !viewer.moderator) throw forbidden('NOT_AUTHOR', 'You can delete only your own comments.');
    const audit: repo.ModActionRow | null = isAuthor
      ? null
      : { appId: app.id, actor: moderatorActor(viewer), action: 'delete', commentId, target: { userId: c.authorUserId, name: c.authorDisplayName }, url: c.sectionUrl };
    await removeComment(app, c, isAuthor ? 'author' : 'moderator', audit);
    return { commentId, deleted: true };
  }

  /**
   * One report per user and comment (a repeat replaces its reason and counts once); `report_count` keeps the open
   * reports, and reaching the app's reportThreshold hides the comment (the system's `auto-hide`, MODERATION.md).
   */
  async function report(app: AppRow, viewerIn: Viewer | null, commentId: string, url: string | undefined, data: { reason: number; text: string }) {
    const viewer = requireActive(viewerIn);
    const c = await sections.visibleComment(app, commentId, url, viewer);
    if (c.userId === viewer.user.id || c.authorId === viewer.user.id) throw badRequest('CANNOT_REPORT_OWN', 'You cannot report your own comment.');
    const threshold = readAppSettings(app.settings).reportThreshold;
    const hid = await db.transaction().execute(async (trx) => {
      await repo.upsertReport(trx, c.id, viewer.user.id, data);
      const open = await repo.recountReports(trx, c.id);
      if (open < threshold || c.isHidden || !(await repo.setHiddenFlag(trx, c.id, true))) return false;
      if (!c.isDeleted && !c.heldAt) await repo.addToSectionTotal(trx, c.sectionId, -1);
      await repo.recordModAction(trx, {
        appId: app.id, actor: { kind: 'system', id: null, name: 'system' }, action: 'auto-hide', commentId,
        target: { userId: c.authorUserId, name: c.authorDisplayName }, url: c.sectionUrl, detail: { reports: open, threshold },
      });
      return true;
    });
    caches.touch(app.id, c.sectionUrl);
    await core.emit(app.id, 'comment.reported', { url: c.sectionUrl, commentId, reason: data.reason, text: data.text, reporter: { userId: viewer.user.userId } });
    if (hid) {
      core.syncPostCount(app.id, c.sectionUrl);
      await core.emit(app.id, 'comment.hidden', { url: c.sectionUrl, commentId, by: 'system' });
    }
    return { commentId, reported: true };
  }

  async function storeAttachment(app: AppRow, viewer: Viewer, attachment: { kind: 'userMedia'; item: unknown; token: string } | { kind: 'link'; item: LinkPreview; token: string }): Promise<Attachment> {
    await repo.insertMedia(db, { token: attachment.token, appId: app.id, userId: viewer.user.id, kind: attachment.kind, item: attachment.item });
    return attachment.kind === 'link'
      ? { type: 'link', token: attachment.token, link: attachment.item }
      : { type: 'userMedia', token: attachment.token, media: attachment.item as Comment['media'][number] };
  }

  return { like, removeComment, deleteComment, report, storeAttachment };
}
