import type { Database } from '../../db/index.js';

/** A post's poll: its options and end, the votes per option, and each member's one vote. */

export async function findPoll(db: Database, postId: string) {
  return db
    .selectFrom('polls')
    .innerJoin('posts', 'posts.id', 'polls.postId')
    .select(['polls.postId', 'polls.options', 'polls.endsAt'])
    .where('polls.postId', '=', postId)
    .where('posts.status', '=', 'live')
    .executeTakeFirst();
}

export async function countPollVotes(db: Database, postId: string): Promise<{ optionIndex: number; n: number }[]> {
  const rows = await db
    .selectFrom('pollVotes')
    .select(['optionIndex', (eb) => eb.fn.countAll<number>().as('n')])
    .where('postId', '=', postId)
    .groupBy('optionIndex')
    .execute();
  return rows.map((r) => ({ optionIndex: r.optionIndex, n: Number(r.n) }));
}

export async function findPollVote(db: Database, postId: string, userId: number): Promise<number | null> {
  const row = await db.selectFrom('pollVotes').select('optionIndex').where('postId', '=', postId).where('userId', '=', userId).executeTakeFirst();
  return row?.optionIndex ?? null;
}

/** Votes once; false when the user had already voted (a vote is final). */
export async function insertPollVote(db: Database, postId: string, userId: number, optionIndex: number): Promise<boolean> {
  const rows = await db.insertInto('pollVotes').values({ postId, userId, optionIndex }).onConflict((oc) => oc.doNothing()).returning('postId').execute();
  return rows.length > 0;
}
