import type { Database } from '../../db/index.js';
import * as repo from './repo/index.js';

/**
 * The comment service's face for account deletion (modules/accounts): what a main-site account wrote in one app,
 * removed or anonymised, without the accounts module touching the comment tables.
 */

/** Rows read per statement while walking an author's comments. */
const PAGE = 200;

/** The comment user an account is in an app (the main app's external ids are users.user_id), if it ever commented. */
const authorOf = (db: Database, appId: string, externalId: string) =>
  db.selectFrom('commentUsers').select(['id']).where('appId', '=', appId).where('externalId', '=', externalId).executeTakeFirst();

/**
 * The author shows as a deleted account everywhere their comments are listed: no name, picture, profile link,
 * country, status or badges (the comments stay).
 */
export async function anonymiseAuthor(db: Database, appId: string, externalId: string): Promise<void> {
  await db
    .updateTable('commentUsers')
    .set({
      displayName: 'deleted', avatarUrl: '', profileUrl: '', country: '', emojiStatus: '', email: null,
      isPro: false, isProPlus: false, isVerified: false, preferences: JSON.stringify({}),
    })
    .where('appId', '=', appId)
    .where('externalId', '=', externalId)
    .execute();
}

/**
 * Deletes every comment the account wrote in the app by the deleted-comment rule of comments.md §4 (the one the
 * delete call applies): a comment others replied to stays as a deleted comment (no text, no author) so the replies
 * keep their thread; one without replies goes, its thread's reply count and its section's total follow. Newest first,
 * so the author's own replies go before the comments they answer. Returns the section urls that changed with their
 * totals now (the caller updates the posts' comment counts through the posts module).
 */
export async function removeAuthorComments(db: Database, appId: string, externalId: string): Promise<Map<string, number>> {
  const author = await authorOf(db, appId, externalId);
  const changed = new Map<string, number>();
  if (!author) return changed;
  let before: number | null = null;
  for (;;) {
    let q = db
      .selectFrom('comments')
      .innerJoin('commentSections as s', 's.id', 'comments.sectionId')
      .select(['comments.id', 'comments.level', 'comments.threadId', 'comments.childrenTotal', 'comments.isDeleted', 'comments.isHidden', 'comments.sectionId', 's.url'])
      .where('comments.userId', '=', author.id)
      .where('s.appId', '=', appId)
      .orderBy('comments.id', 'desc')
      .limit(PAGE);
    if (before !== null) q = q.where('comments.id', '<', before);
    const rows = await q.execute();
    if (rows.length === 0) break;
    before = Number(rows.at(-1)!.id);
    for (const row of rows) {
      if (row.isDeleted) continue;
      const c = { id: Number(row.id), level: row.level, threadId: row.threadId === null ? null : Number(row.threadId), childrenTotal: row.childrenTotal };
      const total = await db.transaction().execute(async (trx) => {
        // Re-read inside the transaction: a reply may have come or gone since the page was read.
        const fresh = await trx.selectFrom('comments').select(['childrenTotal', 'isDeleted']).where('id', '=', c.id).executeTakeFirst();
        if (!fresh || fresh.isDeleted) return null;
        if (await repo.hasReplies(trx, { ...c, childrenTotal: fresh.childrenTotal })) await repo.markDeleted(trx, c.id);
        else {
          await repo.deleteCommentRow(trx, c.id);
          if (c.level === 2 && c.threadId !== null) {
            await repo.addToChildren(trx, c.threadId, -1);
            const pruned = await repo.pruneDeletedReplies(trx, c.threadId);
            if (pruned > 0) await repo.addToChildren(trx, c.threadId, -pruned);
            await repo.deleteThreadIfAllDeleted(trx, c.threadId);
          }
        }
        // A hidden comment already left the total.
        return row.isHidden ? null : repo.addToSectionTotal(trx, Number(row.sectionId), -1);
      });
      if (total !== null) changed.set(row.url, total);
    }
  }
  // Totals as they are now (another change may have moved one meanwhile).
  for (const url of changed.keys()) {
    const section = await repo.findSection(db, appId, url);
    if (section) changed.set(url, section.total);
  }
  return changed;
}

export type ExportedComment = { commentId: string; url: string; text: string; level: number; parentCommentId: string | null; createdAt: Date; isDeleted: boolean; likeCount: number; dislikeCount: number };
export type ExportedLike = { commentId: string; url: string; value: number; createdAt: Date };

/** A page of the comments the account wrote in the app, oldest first, after the row `afterId` (0 = from the start). */
export async function authorCommentsPage(db: Database, appId: string, externalId: string, afterId: number, limit: number) {
  const author = await authorOf(db, appId, externalId);
  if (!author) return { rows: [] as ExportedComment[], lastId: afterId };
  const rows = await db
    .selectFrom('comments')
    .innerJoin('commentSections as s', 's.id', 'comments.sectionId')
    .leftJoin('comments as p', 'p.id', 'comments.parentId')
    .select([
      'comments.id', 'comments.commentId', 's.url', 'comments.text', 'comments.level', 'p.commentId as parentCommentId', 'comments.createdAt',
      'comments.isDeleted', 'comments.likeCount', 'comments.dislikeCount',
    ])
    .where('comments.userId', '=', author.id)
    .where('s.appId', '=', appId)
    .where('comments.id', '>', afterId)
    .orderBy('comments.id')
    .limit(limit)
    .execute();
  return { rows: rows.map(({ id: _id, ...r }) => r as ExportedComment), lastId: rows.length ? Number(rows.at(-1)!.id) : afterId };
}

/** A page of the account's likes (1) and dislikes (-1) of comments in the app, by comment row after `afterId`. */
export async function authorLikesPage(db: Database, appId: string, externalId: string, afterId: number, limit: number) {
  const author = await authorOf(db, appId, externalId);
  if (!author) return { rows: [] as ExportedLike[], lastId: afterId };
  const rows = await db
    .selectFrom('commentLikes as l')
    .innerJoin('comments as c', 'c.id', 'l.commentId')
    .innerJoin('commentSections as s', 's.id', 'c.sectionId')
    .select(['l.commentId as rowId', 'c.commentId', 's.url', 'l.value', 'l.createdAt'])
    .where('l.userId', '=', author.id)
    .where('s.appId', '=', appId)
    .where('l.commentId', '>', afterId)
    .orderBy('l.commentId')
    .limit(limit)
    .execute();
  return { rows: rows.map(({ rowId: _r, ...r }) => r as ExportedLike), lastId: rows.length ? Number(rows.at(-1)!.rowId) : afterId };
}
