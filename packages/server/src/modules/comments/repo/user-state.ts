import type { Executor } from './types.js';

// --- the comment-user state -------------------------------------------------------------------------------

export async function commentedUrls(db: Executor, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('comments')
    .innerJoin('commentSections as s', 's.id', 'comments.sectionId')
    .select('s.url')
    .select((eb) => eb.fn.max('comments.createdAt').as('last'))
    .where('comments.userId', '=', userId)
    .groupBy('s.url')
    .orderBy('last', 'desc')
    .limit(100)
    .execute();
  return rows.map((r) => r.url);
}

export async function reportedUrls(db: Executor, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('commentReports as r')
    .innerJoin('comments as c', 'c.id', 'r.commentId')
    .innerJoin('commentSections as s', 's.id', 'c.sectionId')
    .select('s.url')
    .where('r.reporterId', '=', userId)
    .groupBy('s.url')
    .limit(100)
    .execute();
  return rows.map((r) => r.url);
}

/** The user's votes, for one section when given, else the latest 500. */
export async function likeMapping(db: Executor, userId: number, sectionId: number | null): Promise<Record<string, 1 | -1>> {
  let q = db
    .selectFrom('commentLikes as l')
    .innerJoin('comments as c', 'c.id', 'l.commentId')
    .select(['c.commentId', 'l.value'])
    .where('l.userId', '=', userId);
  if (sectionId !== null) q = q.where('c.sectionId', '=', sectionId);
  const rows = await q.orderBy('l.createdAt', 'desc').limit(500).execute();
  const out: Record<string, 1 | -1> = {};
  for (const r of rows) out[r.commentId] = r.value === 1 ? 1 : -1;
  return out;
}

// --- thread follows and user blocks of app users (migration 0017; the main app keeps thread_follows, user_blocks) ---

/** Whether the comment user `userId` follows the thread of the top-level comment `threadId` (comments.id). */
export async function isFollowingThread(db: Executor, userId: number, threadId: number): Promise<boolean> {
  const row = await db.selectFrom('commentThreadFollows').select('followed').where('userId', '=', userId).where('threadId', '=', threadId).executeTakeFirst();
  return row?.followed === true;
}

/** Unfollowing keeps the row (followed = false), so an explicit "no" is remembered, as thread_follows does. */
export async function setFollowingThread(db: Executor, userId: number, threadId: number, followed: boolean): Promise<void> {
  await db
    .insertInto('commentThreadFollows')
    .values({ userId, threadId, followed })
    .onConflict((oc) => oc.columns(['userId', 'threadId']).doUpdateSet({ followed, updatedAt: new Date() }))
    .execute();
}

/** Blocks (true) or unblocks (false) `blockedUserId` for `userId`; both are comment users of one app. */
export async function setUserBlock(db: Executor, userId: number, blockedUserId: number, blocked: boolean): Promise<void> {
  if (blocked) {
    await db.insertInto('commentUserBlocks').values({ userId, blockedUserId }).onConflict((oc) => oc.columns(['userId', 'blockedUserId']).doNothing()).execute();
  } else {
    await db.deleteFrom('commentUserBlocks').where('userId', '=', userId).where('blockedUserId', '=', blockedUserId).execute();
  }
}

/** The comment users (ids) `userId` blocked: the list filter. */
export async function blockedUserIds(db: Executor, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('commentUserBlocks').select('blockedUserId').where('userId', '=', userId).orderBy('blockedUserId').execute();
  return rows.map((r) => r.blockedUserId);
}

/** The users `userId` blocked, newest first (at most `limit`), as the widget's blocklist shows them. */
export async function blockedUsers(db: Executor, userId: number, limit: number): Promise<{ accountId: string; name: string }[]> {
  const rows = await db
    .selectFrom('commentUserBlocks as b')
    .innerJoin('commentUsers as u', 'u.id', 'b.blockedUserId')
    .select(['u.externalId', 'u.displayName'])
    .where('b.userId', '=', userId)
    .orderBy('b.createdAt', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ accountId: r.externalId, name: r.displayName }));
}
