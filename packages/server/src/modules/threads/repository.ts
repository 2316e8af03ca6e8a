import type { Database } from '../../db/index.js';
import { sql } from 'kysely';

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

/**
 * After a reply by the main-site account `externalUserId` (users.user_id): follows the thread when the account's
 * autoFollowThreadReply setting is on and it does not follow yet, in one statement. Null when there is no such live
 * account; else whether it follows now and whether this reply started it.
 */
export async function followOnReply(db: Database, externalUserId: string, threadId: string): Promise<{ followed: boolean; started: boolean } | null> {
  const { rows } = await sql<{ auto: boolean | null; before: boolean; started: boolean }>`
    with u as (select id, auto_follow_thread_reply as auto from users where user_id = ${externalUserId} and deleted_at is null),
    cur as (select f.followed from thread_follows f join u on f.user_id = u.id where f.thread_id = ${threadId}),
    ins as (
      insert into thread_follows (user_id, thread_id, followed)
      select u.id, ${threadId}, true from u where u.auto and not coalesce((select followed from cur), false)
      on conflict (user_id, thread_id) do update set followed = true, updated_at = now()
      returning 1
    )
    select (select auto from u) as auto, coalesce((select followed from cur), false) as before, exists (select 1 from ins) as started`.execute(db);
  const row = rows[0];
  if (!row || row.auto === null) return null;
  return { followed: row.before || row.started, started: row.started };
}

/** The accounts (users.user_id) following a thread (the notifications of its replies); at most 10,000. */
export async function followerAccountIds(db: Database, threadId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('threadFollows')
    .innerJoin('users', 'users.id', 'threadFollows.userId')
    .select('users.userId')
    .where('threadFollows.threadId', '=', threadId)
    .where('threadFollows.followed', '=', true)
    .limit(10_000)
    .execute();
  return rows.map((r) => r.userId);
}
