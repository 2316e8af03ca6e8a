import { sql } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/index.js';
import { isSessionTagLive } from './sessions.js';

/**
 * The accounts module's part of the comment service's host port (comments/service/host.ts, composed in
 * src/comment-hooks.ts): what the main app's comments need to know about the site's accounts, read from this
 * module's tables (users, user_blocks, sessions) so the comment module reads none of them.
 */
export function accountsCommentPort(db: Database, config: Config) {
  return {
    sessionLive: (accountId: string, sid: string) => isSessionTagLive(db, accountId, sid),

    async liveAccounts(accountIds: string[]): Promise<Set<string>> {
      if (accountIds.length === 0) return new Set();
      const rows = await db.selectFrom('users').select('userId').where('userId', 'in', accountIds).where('deletedAt', 'is', null).execute();
      return new Set(rows.map((r) => r.userId));
    },

    /** The account's offensive mode and the accounts it blocked (their public ids). */
    async viewer(accountId: string): Promise<{ offensiveMode: boolean; blockedAccountIds: string[] }> {
      const res = await sql<{ offensiveMode: boolean | null; blocked: string[] | null }>`
        select
          (select offensive_mode from users where user_id = ${accountId}) as offensive_mode,
          (select json_agg(bu.user_id) from user_blocks b
             join users u on u.id = b.user_id
             join users bu on bu.id = b.blocked_user_id
           where u.user_id = ${accountId}) as blocked`.execute(db);
      const row = res.rows[0];
      return { offensiveMode: row?.offensiveMode === true, blockedAccountIds: row?.blocked ?? [] };
    },

    /** Live accounts by username, case-insensitive (mentions), with their profile urls. */
    async accountsByName(names: string[]): Promise<{ accountId: string; username: string; profileUrl: string }[]> {
      if (names.length === 0) return [];
      const rows = await db
        .selectFrom('users')
        .select(['userId', 'username'])
        .where(sql<string>`lower(username)`, 'in', names.map((n) => n.toLowerCase()))
        .where('deletedAt', 'is', null)
        .execute();
      return rows.map((u) => ({ accountId: u.userId, username: u.username, profileUrl: `${config.publicUrl}/u/${encodeURIComponent(u.username)}` }));
    },
  };
}
