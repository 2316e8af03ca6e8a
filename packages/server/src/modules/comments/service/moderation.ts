import { badRequest, forbidden } from '../../../lib/envelope.js';
import * as repo from '../repo/index.js';
import type { AppRow, CommentRecord, ModActor, SectionRow } from '../repo/index.js';
import { moderatorActor } from './moderation-desk.js';
import type { CommentCore } from './core.js';
import type { Sections } from './sections.js';
import { MAX_PINNED, type Viewer } from './types.js';
import { requireActive, requireModerator } from './viewers.js';

/** The OP as the audit log names them. */
const opActor = (viewer: Viewer): ModActor => ({ kind: 'op', id: viewer.user.externalId, name: viewer.user.displayName });

/**
 * The OP's and the moderators' tools: pins, hiding, flags and section lock and status (README "Roles"; bans are in
 * moderation-desk.ts). Each change writes its audit row in its own transaction.
 */
export function createModeration(core: CommentCore, sections: Sections) {
  const { db, caches } = core;

  const auditOf = (app: AppRow, actor: ModActor, action: string, c: CommentRecord): repo.ModActionRow => ({
    appId: app.id, actor, action, commentId: c.commentId, target: { userId: c.authorUserId, name: c.authorDisplayName }, url: c.sectionUrl,
  });

  /** Flags and their audit row in one transaction. */
  async function flag(c: CommentRecord, flags: { isSensitive?: boolean; isPinned?: boolean }, audit: repo.ModActionRow): Promise<void> {
    await db.transaction().execute(async (trx) => {
      await repo.setCommentFlags(trx, c.id, flags);
      await repo.recordModAction(trx, audit);
    });
  }

  async function setPinned(app: AppRow, c: CommentRecord, pinned: boolean, actor: ModActor): Promise<string[]> {
    if (c.level !== 1) throw badRequest('PIN_LEVEL', 'Only top-level comments can be pinned.');
    if (pinned && c.isDeleted) throw badRequest('COMMENT_DELETED', 'This comment was deleted.');
    if (pinned && c.heldAt) throw badRequest('COMMENT_HELD', 'A comment awaiting approval cannot be pinned.');
    const current = await repo.pinnedCommentIds(db, c.sectionId);
    if (pinned && !c.isPinned && current.length >= MAX_PINNED) throw badRequest('PIN_LIMIT', `At most ${MAX_PINNED} comments can be pinned.`);
    if (c.isPinned !== pinned) await flag(c, { isPinned: pinned }, auditOf(app, actor, pinned ? 'pin' : 'unpin', c));
    caches.touch(app.id, c.sectionUrl);
    return repo.pinnedCommentIds(db, c.sectionId);
  }

  async function requireOp(app: AppRow, viewerIn: Viewer | null, url: string): Promise<Viewer> {
    const viewer = requireActive(viewerIn);
    const section = await repo.findSection(db, app.id, url);
    if (!section || section.opExternalId === null || section.opExternalId !== viewer.user.externalId) {
      throw forbidden('NOT_OP', 'Only the original poster can do this.');
    }
    return viewer;
  }

  async function opPin(app: AppRow, viewerIn: Viewer | null, commentId: string, url: string, pinned: boolean) {
    const viewer = await requireOp(app, viewerIn, url);
    return { pinned: await setPinned(app, await sections.visibleComment(app, commentId, url, viewer), pinned, opActor(viewer)) };
  }

  async function opHide(app: AppRow, viewerIn: Viewer | null, commentId: string, url: string) {
    const viewer = await requireOp(app, viewerIn, url);
    const c = await sections.visibleComment(app, commentId, url, viewer);
    await sections.setHidden(c, true, c.isHidden ? undefined : auditOf(app, opActor(viewer), 'hide', c));
    caches.touch(app.id, url);
    core.syncPostCount(app.id, url);
    if (!c.isHidden) await core.emit(app.id, 'comment.hidden', { url, commentId, by: 'op' });
    return { commentId, hidden: true };
  }

  async function adminFlag(app: AppRow, viewerIn: Viewer | null, commentId: string, url: string, flags: { isHidden?: boolean; isSensitive?: boolean }) {
    const viewer = requireModerator(viewerIn);
    const c = await sections.visibleComment(app, commentId, url, viewer);
    const { isHidden, ...others } = flags;
    const actor = moderatorActor(viewer);
    if (others.isSensitive !== undefined) await flag(c, others, auditOf(app, actor, others.isSensitive ? 'mask' : 'unmask', c));
    if (isHidden !== undefined) await sections.setHidden(c, isHidden, auditOf(app, actor, isHidden ? 'hide' : 'unhide', c));
    caches.touch(app.id, url);
    if (isHidden !== undefined) core.syncPostCount(app.id, url);
    if (isHidden === true && !c.isHidden) await core.emit(app.id, 'comment.hidden', { url, commentId, by: 'moderator' });
    return { commentId, hidden: flags.isHidden ?? c.isHidden, sensitive: flags.isSensitive ?? c.isSensitive, pinned: c.isPinned, banned: false };
  }

  async function adminPin(app: AppRow, viewerIn: Viewer | null, commentId: string, url: string, pinned: boolean) {
    const viewer = requireModerator(viewerIn);
    return { pinned: await setPinned(app, await sections.visibleComment(app, commentId, url, viewer), pinned, moderatorActor(viewer)) };
  }

  async function adminUpdate(app: AppRow, viewerIn: Viewer | null, url: string, update: { locked?: boolean; status?: string }) {
    const viewer = requireModerator(viewerIn);
    if (update.locked === undefined && update.status === undefined) throw badRequest('NOTHING_TO_UPDATE', 'Send lock or status.');
    const section = await sections.ensureSection(app, url);
    const actor = moderatorActor(viewer);
    await db.transaction().execute(async (trx) => {
      await repo.updateSection(trx, section.id, update);
      if (update.locked !== undefined && update.locked !== section.locked) {
        await repo.recordModAction(trx, { appId: app.id, actor, action: update.locked ? 'lock' : 'unlock', url });
      }
      if (update.status !== undefined && update.status !== section.status) {
        await repo.recordModAction(trx, { appId: app.id, actor, action: 'status', url, detail: { from: section.status, to: update.status } });
      }
    });
    caches.touch(app.id, url);
    const after = (await repo.findSection(db, app.id, url)) as SectionRow;
    return { url, lock: after.locked, status: after.status };
  }

  return { opPin, opHide, adminFlag, adminPin, adminUpdate };
}
