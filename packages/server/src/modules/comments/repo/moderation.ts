import { sql } from 'kysely';
import type { CommentRecord, Executor } from './types.js';
import { findCommentsByIds } from './comment-reads.js';

/** The queue's lists (MODERATION.md): open reports, held for review, or everything recent; never deleted comments. */
export type QueueView = 'reported' | 'held' | 'recent';
export type QueueSort = 'newest' | 'reports';
/** A keyset position of the queue: the sort key (created_at ms, or report_count) and the row id. */
export type QueueKey = { k: number; id: number };

/** A page of the app's queue after `after`, in the sort's order; each comment as moderators see it. */
export async function queueComments(db: Executor, appId: string, view: QueueView, sort: QueueSort, after: QueueKey | null, limit: number): Promise<CommentRecord[]> {
  let q = db
    .selectFrom('comments as c')
    .innerJoin('commentSections as s', 's.id', 'c.sectionId')
    .select(['c.id'])
    .where('s.appId', '=', appId)
    .where('c.isDeleted', '=', false);
  if (view === 'reported') q = q.where('c.reportCount', '>', 0);
  if (view === 'held') q = q.where('c.heldAt', 'is not', null).where('c.isHidden', '=', false);
  if (sort === 'reports') {
    if (after) q = q.where((eb) => eb(eb.refTuple('c.reportCount', 'c.id'), '<', eb.tuple(after.k, after.id)));
    q = q.orderBy('c.reportCount', 'desc').orderBy('c.id', 'desc');
  } else {
    if (after) q = q.where((eb) => eb(eb.refTuple('c.createdAt', 'c.id'), '<', eb.tuple(new Date(after.k), after.id)));
    q = q.orderBy('c.createdAt', 'desc').orderBy('c.id', 'desc');
  }
  const ids = (await q.limit(limit).execute()).map((r) => r.id);
  return findCommentsByIds(db, ids);
}

export async function queueCounts(db: Executor, appId: string): Promise<{ reported: number; held: number }> {
  const { rows } = await sql<{ reported: number; held: number }>`
    select count(*) filter (where c.report_count > 0)::int as reported,
           count(*) filter (where c.held_at is not null and not c.is_hidden)::int as held
    from comments c join comment_sections s on s.id = c.section_id
    where s.app_id = ${appId} and not c.is_deleted and (c.report_count > 0 or c.held_at is not null)`.execute(db);
  return rows[0] ?? { reported: 0, held: 0 };
}

export type OpenReport = { commentId: number; reason: number; text: string; at: Date };

/** The open reports of these comments, newest first. */
export async function openReports(db: Executor, commentIds: number[]): Promise<OpenReport[]> {
  if (commentIds.length === 0) return [];
  const rows = await db
    .selectFrom('commentReports')
    .select(['commentId', 'data', 'createdAt'])
    .where('commentId', 'in', commentIds)
    .where('resolvedAt', 'is', null)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => {
    const d = (r.data && typeof r.data === 'object' ? r.data : {}) as { reason?: unknown; text?: unknown };
    return { commentId: Number(r.commentId), reason: typeof d.reason === 'number' ? d.reason : 0, text: typeof d.text === 'string' ? d.text : '', at: r.createdAt };
  });
}

/** Keeps `report_count` = the comment's open reports (one per reporter); the new count. */
export async function recountReports(db: Executor, commentId: number): Promise<number> {
  const { rows } = await sql<{ reportCount: number }>`
    update comments set report_count = (select count(*) from comment_reports r where r.comment_id = ${commentId} and r.resolved_at is null)
    where id = ${commentId}
    returning report_count`.execute(db);
  return rows[0]?.reportCount ?? 0;
}

/** Resolves the comment's open reports (approve, reject): report_count 0. */
export async function resolveReports(db: Executor, commentId: number): Promise<void> {
  await db.updateTable('commentReports').set({ resolvedAt: new Date() }).where('commentId', '=', commentId).where('resolvedAt', 'is', null).execute();
  await db.updateTable('comments').set({ reportCount: 0 }).where('id', '=', commentId).execute();
}

/** Releases a held comment (approve): no longer held; true when it was. */
export async function releaseHold(db: Executor, id: number): Promise<boolean> {
  const res = await db.updateTable('comments').set({ heldAt: null, updatedAt: new Date() }).where('id', '=', id).where('heldAt', 'is not', null).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export type BanRow = {
  id: number;
  userId: string;
  externalId: string;
  displayName: string;
  avatarUrl: string;
  banReason: string;
  bannedAt: Date;
  bannedUntil: Date | null;
  bannedBy: string | null;
};

/** Bans in force (an ended one is none), newest first, after the keyset `after` (banned_at ms, id). */
export async function activeBans(db: Executor, appId: string, after: { k: number; id: number } | null, limit: number): Promise<BanRow[]> {
  let q = db
    .selectFrom('commentUsers')
    .select(['id', 'userId', 'externalId', 'displayName', 'avatarUrl', 'banReason', 'bannedAt', 'bannedUntil', 'bannedBy'])
    .where('appId', '=', appId)
    .where('bannedAt', 'is not', null)
    .where((eb) => eb.or([eb('bannedUntil', 'is', null), eb('bannedUntil', '>', sql<Date>`now()`)]));
  if (after) q = q.where((eb) => eb(eb.refTuple('bannedAt', 'id'), '<', eb.tuple(new Date(after.k), after.id)));
  return (await q.orderBy('bannedAt', 'desc').orderBy('id', 'desc').limit(limit).execute()) as BanRow[];
}

/** Sets or clears (null) a user's ban with its reason, end and who banned. */
export async function setBan(db: Executor, id: number, ban: { at: Date; until: Date | null; reason: string; by: string } | null): Promise<void> {
  await db
    .updateTable('commentUsers')
    .set(ban ? { bannedAt: ban.at, bannedUntil: ban.until, banReason: ban.reason, bannedBy: ban.by } : { bannedAt: null, bannedUntil: null, banReason: '', bannedBy: null })
    .where('id', '=', id)
    .execute();
}
