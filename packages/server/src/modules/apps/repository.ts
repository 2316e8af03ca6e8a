import { sql } from 'kysely';
import type { Database } from '../../db/index.js';

/**
 * The main-site accounts the console needs (users is the accounts module's table; read here as threads/service.ts
 * reads it): who is signed in with which rights, and usernames <-> public ids (users.user_id, the main app's
 * external ids and the apps' owner ids).
 */
export type ConsoleUser = { id: number; userId: string; username: string; isAdmin: boolean; emailVerified: boolean };

export const findConsoleUser = (db: Database, id: number): Promise<ConsoleUser | undefined> =>
  db
    .selectFrom('users')
    .select(['id', 'userId', 'username', 'isAdmin', 'emailVerified'])
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();

/** A live account by username (case-insensitive, as logins are). */
export const findAccountByUsername = (db: Database, username: string) =>
  db
    .selectFrom('users')
    .select(['userId', 'username'])
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .where('deletedAt', 'is', null)
    .executeTakeFirst();

/** Usernames of public ids (deleted accounts left out). */
export async function usernamesOf(db: Database, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['userId', 'username']).where('userId', 'in', userIds).where('deletedAt', 'is', null).execute();
  return new Map(rows.map((r) => [r.userId, r.username]));
}

/** Makes an account a main-site admin or takes it back (the CLI's admin:add / admin:remove). */
export async function setAdmin(db: Database, username: string, isAdmin: boolean): Promise<{ username: string } | undefined> {
  return db
    .updateTable('users')
    .set({ isAdmin })
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .where('deletedAt', 'is', null)
    .returning('username')
    .executeTakeFirst();
}

export const listAdmins = (db: Database) =>
  db.selectFrom('users').select(['username', 'userId']).where('isAdmin', '=', true).where('deletedAt', 'is', null).orderBy('username').execute();
