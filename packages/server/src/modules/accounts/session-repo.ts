import type { Database } from '../../db/index.js';

/** The SQL of the sessions table (rows keyed by the token's hash, lib/session.ts); sessions.ts holds the rules. */

export async function insertSession(db: Database, row: { id: string; userId: number; expiresAt: Date; ip: string; userAgent: string }): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

/**
 * A live session and its user (aliases `s` and `u`): unexpired, account not deleted. Every session lookup builds on
 * this, so a route that reads more of the user in the same statement keeps the same rules (posts' list viewer).
 */
export function liveSession(db: Database, sessionId: string) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.userId')
    .where('s.id', '=', sessionId)
    .where('s.expiresAt', '>', new Date())
    .where('u.deletedAt', 'is', null);
}

export async function deleteSession(db: Database, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/** Every session of a user but `exceptSessionId`. */
export async function deleteUserSessions(db: Database, userId: number, exceptSessionId: string | null): Promise<void> {
  let query = db.deleteFrom('sessions').where('userId', '=', userId);
  if (exceptSessionId) query = query.where('id', '!=', exceptSessionId);
  await query.execute();
}

/** Deletes the expired sessions; returns their ids. */
export async function deleteExpiredSessions(db: Database): Promise<string[]> {
  const rows = await db.deleteFrom('sessions').where('expiresAt', '<=', new Date()).returning('id').execute();
  return rows.map((r) => r.id);
}

/** The ids of a user's (users.user_id) live sessions. */
export async function liveSessionIdsOf(db: Database, userPublicId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.userId')
    .select('s.id')
    .where('u.userId', '=', userPublicId)
    .where('s.expiresAt', '>', new Date())
    .where('u.deletedAt', 'is', null)
    .execute();
  return rows.map((r) => r.id);
}
