import { sql } from 'kysely';
import type { Executor } from './types.js';

export async function claimOutbox(db: Executor, limit: number, leaseSeconds: number): Promise<{ id: number; payload: unknown }[]> {
  const res = await sql<{ id: number; payload: unknown }>`
    update comment_outbox set claimed_until = now() + ${`${leaseSeconds} seconds`}::interval
    where id in (
      select id from comment_outbox where claimed_until is null or claimed_until < now()
      order by id limit ${limit} for update skip locked)
    returning id, payload`.execute(db);
  return res.rows.sort((a, b) => a.id - b.id);
}

export async function deleteOutbox(db: Executor, ids: number[]): Promise<void> {
  if (ids.length > 0) await sql`delete from comment_outbox where id = any(${ids}::bigint[])`.execute(db);
}

/** Queues one event (an approved held comment's, written in the approval's transaction). */
export async function insertOutbox(db: Executor, payload: unknown): Promise<void> {
  await db.insertInto('commentOutbox').values({ payload: JSON.stringify(payload) }).execute();
}
