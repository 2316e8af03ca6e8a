import { badRequest, forbidden, notFound } from '../../../lib/envelope.js';
import * as repo from '../repo/index.js';
import type { AppRow, CommentRecord, SectionRow } from '../repo/index.js';
import type { CommentCore } from './core.js';
import type { Sections } from './sections.js';
import { MAX_PINNED, type Viewer } from './types.js';
import { requireActive, requireModerator } from './viewers.js';

/** The OP's and the moderators' tools: pins, hiding, flags, bans and section lock and status (README "Roles"). */
export function createModeration(core: CommentCore, sections: Sections) {
  const { db, caches } = core;

  async function setPinned(app: AppRow, c: CommentRecord, pinned: boolean): Promise<string[]> {
    if (c.level !== 1) throw badRequest('PIN_LEVEL', 'Only top-level comments can be pinned.');
    if (pinned && c.isDeleted) throw badRequest('COMMENT_DELETED', 'This comment was deleted.');
    const current = await repo.pinnedCommentIds(db, c.sectionId);
    if (pinned && !c.isPinned && current.length >= MAX_PINNED) throw badRequest('PIN_LIMIT', `At most ${MAX_PINNED} comments can be pinned.`);
    if (c.isPinned !== pinned) await repo.setCommentFlags(db, c.id, { isPinned: pinned });
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
    return { pinned: await setPinned(app, await sections.visibleComment(app, commentId, url, viewer), pinned) };
  }

  async function opHide(app: AppRow, viewerIn: Viewer | null, commentId: string, url: string) {
    const viewer = await requireOp(app, viewerIn, url);
    const c = await sections.visibleComment(app, commentId, url, viewer);
    await sections.setHidden(c, true);
    caches.touch(app.id, url);
    core.syncPostCount(app.id, url);
    if (!c.isHidden) await core.emit(app.id, 'comment.hidden', { url, commentId, by: 'op' });
    return { commentId, hidden: true };
  }

  async function adminFlag(app: AppRow, viewerIn: Viewer | null, commentId: string, url: string, flags: { isHidden?: boolean; isSensitive?: boolean }) {
    const viewer = requireModerator(viewerIn);
    const c = await sections.visibleComment(app, commentId, url, viewer);
    const { isHidden, ...others } = flags;
    if (others.isSensitive !== undefined) await repo.setCommentFlags(db, c.id, others);
    if (isHidden !== undefined) await sections.setHidden(c, isHidden);
    caches.touch(app.id, url);
    if (isHidden !== undefined) core.syncPostCount(app.id, url);
    if (isHidden === true && !c.isHidden) await core.emit(app.id, 'comment.hidden', { url, commentId, by: 'moderator' });
    return { commentId, hidden: flags.isHidden ?? c.isHidden, sensitive: flags.isSensitive ?? c.isSensitive, pinned: c.isPinned, banned: false };
  }

  async function adminPin(app: AppRow, viewerIn: Viewer | null, commentId: string, url: string, pinned: boolean) {
    const viewer = requireModerator(viewerIn);
    return { pinned: await setPinned(app, await sections.visibleComment(app, commentId, url, viewer), pinned) };
  }

  async function adminBan(app: AppRow, viewerIn: Viewer | null, userId: string, banned: boolean) {
    const viewer = requireModerator(viewerIn);
    const target = await repo.findUserByPublicId(db, app.id, userId);
    if (!target) throw notFound('USER_NOT_FOUND', 'This user does not exist.');
    if (target.id === viewer.user.id) throw badRequest('CANNOT_BAN_SELF', 'You cannot ban yourself.');
    if (banned && (await repo.isModerator(db, app.id, target.externalId))) throw forbidden('CANNOT_BAN_MODERATOR', 'Moderators cannot be banned.');
    await repo.setBanned(db, target.id, banned ? new Date() : null);
    if (banned && !target.bannedAt) {
      await core.emit(app.id, 'user.banned', { user: { userId: target.userId, accountId: target.externalId, displayName: target.displayName }, by: { userId: viewer.user.userId } });
    }
    // Cached viewers carry the ban state: drop them so it applies at once on this instance.
    caches.viewers.clear();
    return { userId, banned };
  }

  async function adminUpdate(app: AppRow, viewerIn: Viewer | null, url: string, update: { locked?: boolean; status?: string }) {
    requireModerator(viewerIn);
    if (update.locked === undefined && update.status === undefined) throw badRequest('NOTHING_TO_UPDATE', 'Send lock or status.');
    const section = await sections.ensureSection(app, url);
    await repo.updateSection(db, section.id, update);
    caches.touch(app.id, url);
    const after = (await repo.findSection(db, app.id, url)) as SectionRow;
    return { url, lock: after.locked, status: after.status };
  }

  return { opPin, opHide, adminFlag, adminPin, adminBan, adminUpdate };
}
