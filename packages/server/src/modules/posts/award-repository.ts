import { sql } from 'kysely';
import type { Database } from '../../db/index.js';
import { forgetRow } from './repository.js';

/** Cheers: a member's balance, the posts they sent one to, and sending one. */

export async function findAwardBalance(db: Database, userId: number): Promise<number> {
  const row = await db.selectFrom('awardBalances').select('balance').where('userId', '=', userId).executeTakeFirst();
  return row?.balance ?? 0;
}

export async function findSentAwardPostIds(db: Database, userId: number): Promise<string[]> {
  const rows = await db.selectFrom('awards').select('postId').distinct().where('senderId', '=', userId).execute();
  return rows.map((r) => r.postId);
}

export type AwardOutcome = 'sent' | 'already-sent' | 'no-balance';

/**
 * Sends one Cheers: in one transaction the sender's balance row is locked and decremented (never below 0), the
 * award stored and the post's award count raised. One Cheers per post per sender.
 */
export async function sendAward(db: Database, senderId: number, postId: string, recipientId: number | null, type: string): Promise<AwardOutcome> {
  const outcome = await db.transaction().execute(async (trx): Promise<AwardOutcome> => {
    const balance = await sql<{ balance: number }>`select balance from award_balances where user_id = ${senderId} for update`.execute(trx);
    if ((balance.rows[0]?.balance ?? 0) < 1) return 'no-balance';
    const sent = await trx.selectFrom('awards').select('id').where('senderId', '=', senderId).where('postId', '=', postId).executeTakeFirst();
    if (sent) return 'already-sent';
    await trx.updateTable('awardBalances').set((eb) => ({ balance: eb('balance', '-', 1) })).where('userId', '=', senderId).execute();
    await trx.insertInto('awards').values({ postId, senderId, recipientId, type, amount: 1 }).execute();
    await trx.updateTable('posts').set((eb) => ({ awardsCount: eb('awardsCount', '+', 1) })).where('id', '=', postId).execute();
    return 'sent';
  });
  if (outcome === 'sent') forgetRow(db, postId);
  return outcome;
}
