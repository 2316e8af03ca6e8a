import { sql } from 'kysely';
import { commentHotScoreSql } from '../hot-rank.js';
import type { Executor } from './types.js';

export async function addToChildren(db: Executor, threadId: number, delta: number): Promise<number> {
  const children = sql`greatest(children_total + ${delta}, 0)`;
  const row = await db
    .updateTable('comments')
    .set({ childrenTotal: sql<number>`${children}`, hotScore: commentHotScoreSql(sql`like_count`, sql`dislike_count`, children) })
    .where('id', '=', threadId)
    .returning('childrenTotal')
    .executeTakeFirst();
  return row?.childrenTotal ?? 0;
}

export async function hasReplies(db: Executor, c: { id: number; level: number; threadId: number | null; childrenTotal: number }): Promise<boolean> {
  if (c.level === 1) return c.childrenTotal > 0;
  const row = await db
    .selectFrom('comments')
    .select('id')
    .where('threadId', '=', c.threadId)
    .where('parentId', '=', c.id)
    .where('level', '=', 2)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function markDeleted(db: Executor, id: number): Promise<void> {
  await db
    .updateTable('comments')
    .set({ isDeleted: true, text: '', mediaText: '', media: '[]', attachments: '[]', mentionMapping: '{}', isPinned: false, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Removes the thread's deleted replies that no reply answers any more (a chain, one link a statement); how many. */
export async function pruneDeletedReplies(db: Executor, threadId: number): Promise<number> {
  let removed = 0;
  for (;;) {
    const { rows } = await sql<{ id: number }>`
      delete from comments c where c.thread_id = ${threadId} and c.is_deleted
        and not exists (select 1 from comments r where r.parent_id = c.id)
      returning c.id`.execute(db);
    if (rows.length === 0) return removed;
    removed += rows.length;
  }
}

/** Removes a deleted top-level comment whose replies are all deleted too (they go with it, by cascade). */
export async function deleteThreadIfAllDeleted(db: Executor, threadId: number): Promise<void> {
  await sql`
    delete from comments t where t.id = ${threadId} and t.is_deleted
      and not exists (select 1 from comments r where r.thread_id = t.id and not r.is_deleted)`.execute(db);
}

export async function deleteCommentRow(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('comments').where('id', '=', id).execute();
}

export async function setCommentFlags(
  db: Executor,
  id: number,
  flags: { isHidden?: boolean; isSensitive?: boolean; isPinned?: boolean },
): Promise<void> {
  const set: Record<string, unknown> = { ...flags, updatedAt: new Date() };
  if (flags.isPinned !== undefined) set.pinnedAt = flags.isPinned ? new Date() : null;
  await db.updateTable('comments').set(set).where('id', '=', id).execute();
}

/** Sets is_hidden; true when it changed (so the section total moves once, however many moderators click). */
export async function setHiddenFlag(db: Executor, id: number, hidden: boolean): Promise<boolean> {
  const res = await db
    .updateTable('comments')
    .set({ isHidden: hidden, updatedAt: new Date() })
    .where('id', '=', id)
    .where('isHidden', '=', !hidden)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function pinnedCommentIds(db: Executor, sectionId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('comments')
    .select('commentId')
    .where('sectionId', '=', sectionId)
    .where('isPinned', '=', true)
    .orderBy('pinnedAt')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.commentId);
}

// --- likes, reports, quota, media -------------------------------------------------------------------------

/** Sets (1, -1) or clears (0) the user's vote, then recounts from the votes themselves: idempotent, never below 0. */
export async function setLike(db: Executor, commentId: number, userId: number, value: 1 | -1 | 0): Promise<{ likeCount: number; dislikeCount: number }> {
  if (value === 0) {
    await db.deleteFrom('commentLikes').where('commentId', '=', commentId).where('userId', '=', userId).execute();
  } else {
    await db
      .insertInto('commentLikes')
      .values({ commentId, userId, value })
      .onConflict((oc) => oc.columns(['commentId', 'userId']).doUpdateSet({ value }))
      .execute();
  }
  const likes = sql`(select count(*) from comment_likes where comment_id = ${commentId} and value = 1)`;
  const dislikes = sql`(select count(*) from comment_likes where comment_id = ${commentId} and value = -1)`;
  const res = await sql<{ likeCount: number; dislikeCount: number }>`
    update comments set like_count = n.l, dislike_count = n.d, hot_score = ${commentHotScoreSql(sql`n.l`, sql`n.d`, sql`children_total`)}
    from (select ${likes}::int as l, ${dislikes}::int as d) n
    where id = ${commentId}
    returning like_count, dislike_count`.execute(db);
  return res.rows[0] ?? { likeCount: 0, dislikeCount: 0 };
}

export async function upsertReport(db: Executor, commentId: number, reporterId: number, data: Record<string, unknown>): Promise<void> {
  await db
    .insertInto('commentReports')
    .values({ commentId, reporterId, data: JSON.stringify(data) })
    .onConflict((oc) => oc.columns(['commentId', 'reporterId']).doUpdateSet({ data: JSON.stringify(data), createdAt: new Date(), resolvedAt: null }))
    .execute();
}
