import type { Database } from '../../db/index.js';

/** Thread follows of main-site users (thread_follows.thread_id = the top-level comment's commentId). */
export async function isFollowing(db: Database, userId: number, threadId: string): Promise<boolean> {
  const row = await db
    .selectFrom('threadFollows')
    .select('followed')
    .where('userId', '=', userId)
    .where('threadId', '=', threadId)
    .executeTakeFirst();
  return row?.followed === true;
}

export async function setFollowing(db: Database, userId: number, threadId: string, followed: boolean): Promise<void> {
  await db
    .insertInto('threadFollows')
    .values({ userId, threadId, followed })
    .onConflict((oc) => oc.columns(['userId', 'threadId']).doUpdateSet({ followed, updatedAt: new Date() }))
    .execute();
}
