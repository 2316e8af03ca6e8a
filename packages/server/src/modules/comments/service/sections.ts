import { forbidden, notFound } from '../../../lib/envelope.js';
import * as repo from '../repo/index.js';
import type { AppRow, CommentRecord, SectionRow } from '../repo/index.js';
import { MISSING_POST_CACHE_MS } from './caches.js';
import type { CommentCore } from './core.js';
import { readAppSettings } from './settings.js';
import type { Viewer } from './types.js';

/**
 * comments.md §5-6: a locked section blocks everyone but moderators. Its status is ours to define (the spec names
 * none): 'open' takes part; any other ('closed', 'archived', the widget's choices) is closed the same way, with its
 * own code. Both refuse new comments, replies and votes; reading, reporting and deleting one's own stay.
 */
export function assertSectionOpen(section: SectionRow, viewer: Viewer): void {
  if (viewer.moderator) return;
  if (section.locked) throw forbidden('SECTION_LOCKED', 'Comments are locked on this post.');
  if (section.status !== 'open') throw forbidden('SECTION_CLOSED', 'Comments are closed on this post.');
}

/**
 * Whether a viewer may reach a comment: hidden ones are the moderators'; held ones (MODERATION.md) the moderators'
 * and their author's, who keeps seeing a rejected one as still awaiting approval.
 */
export function maySee(c: Pick<CommentRecord, 'isHidden' | 'heldAt' | 'userId'>, viewer: { moderator: boolean; user: { id: number } } | null): boolean {
  if (viewer?.moderator) return true;
  if (c.heldAt) return viewer !== null && c.userId === viewer.user.id;
  return !c.isHidden;
}

export const commentNotFound = () => notFound('COMMENT_NOT_FOUND', 'This comment does not exist or was removed.');

/** Sections (one per app and url) and the comments of them a viewer may reach. */
export function createSections(core: CommentCore) {
  const { db, caches } = core;

  async function ensureSection(app: AppRow, url: string): Promise<SectionRow> {
    const cached = await caches.section(app.id, url);
    if (cached.row) return cached.row;
    return repo.ensureSection(
      db,
      app.id,
      url,
      async () => {
        const postId = core.postOf(app.id, url);
        return postId ? ((await core.hostOf(app)?.post(postId))?.creatorAccountId ?? null) : null;
      },
      readAppSettings(app.settings).defaultSectionStatus,
    );
  }

  /** Whether `url` shows an anonymous post of the app's host; a post's anonymity never changes, so it is kept. */
  async function anonymousPost(appId: string, url: string): Promise<boolean> {
    const postId = core.postOf(appId, url);
    if (!postId) return false;
    const known = caches.anonymity.get(postId);
    if (known && (known.anonymous !== null || Date.now() - known.at < MISSING_POST_CACHE_MS)) return known.anonymous === true;
    const host = core.hostOf({ id: appId });
    if (!host) return false;
    const post = await host.post(postId);
    caches.anonymity.set(postId, { anonymous: post?.anonymous ?? null, at: Date.now() });
    return post?.anonymous === true;
  }

  /** A comment of this app (and of the section of `url` when given) that the viewer may see; else 404. */
  async function visibleComment(app: AppRow, commentId: string, url: string | undefined, viewer: Viewer | null): Promise<CommentRecord> {
    const c = await repo.findComment(db, commentId);
    if (!c || c.sectionAppId !== app.id || (url !== undefined && c.sectionUrl !== url) || !maySee(c, viewer)) throw commentNotFound();
    return c;
  }

  /** A thread is a top-level comment of this app that the viewer may see. */
  async function findThread(app: AppRow, threadId: string, viewer: Viewer): Promise<CommentRecord | null> {
    const c = await repo.findComment(db, threadId);
    return c && c.level === 1 && c.sectionAppId === app.id && maySee(c, viewer) ? c : null;
  }

  /**
   * Hides or unhides (with its audit row, in the same transaction). The section total counts the comments people can see (comments.md §3 "total"): a hidden one
   * leaves it and comes back when unhidden; a deleted one already left it. Only a real change moves it.
   */
  async function setHidden(c: CommentRecord, hidden: boolean, audit?: repo.ModActionRow): Promise<void> {
    await db.transaction().execute(async (trx) => {
      // A held comment was never counted (MODERATION.md): hiding or unhiding it moves nothing.
      if ((await repo.setHiddenFlag(trx, c.id, hidden)) && !c.isDeleted && !c.heldAt) await repo.addToSectionTotal(trx, c.sectionId, hidden ? -1 : 1);
      if (audit) await repo.recordModAction(trx, audit);
    });
  }

  return { ensureSection, anonymousPost, visibleComment, findThread, setHidden };
}

export type Sections = ReturnType<typeof createSections>;
