import { sql } from 'kysely';
import type { Executor } from './types.js';

/**
 * Main-site data the viewer filter needs (only for the main app, whose external ids are users.user_id). `postBlocked`:
 * the viewer blocked the post for comments (post_blocks type 'comment', comments.md §5); hiding the post is another type.
 */
export async function mainSiteViewer(db: Executor, externalId: string, postId: string | null, appId: string) {
  const res = await sql<{ offensiveMode: boolean | null; postBlocked: boolean; blocked: number[] | null }>`
    select
      (select offensive_mode from users where user_id = ${externalId}) as offensive_mode,
      exists(select 1 from post_blocks pb join users u on u.id = pb.user_id
         where u.user_id = ${externalId} and pb.post_id = ${postId ?? ''} and pb.type = 'comment') as post_blocked,
      (select json_agg(cu.id) from user_blocks b
         join users u on u.id = b.user_id
         join users bu on bu.id = b.blocked_user_id
         join comment_users cu on cu.app_id = ${appId} and cu.external_id = bu.user_id
       where u.user_id = ${externalId}) as blocked`.execute(db);
  const row = res.rows[0];
  return { offensiveMode: row?.offensiveMode === true, postBlocked: row?.postBlocked === true, blocked: row?.blocked ?? [] };
}

/** The creator of a product post, as a main-site user id (the OP of its comment section). */
export async function postCreatorUserId(db: Executor, postId: string): Promise<string | null> {
  const row = await db
    .selectFrom('posts')
    .innerJoin('users', 'users.id', 'posts.creatorId')
    .select('users.userId')
    .where('posts.id', '=', postId)
    .executeTakeFirst();
  return row?.userId ?? null;
}

/** Whether a product post was uploaded anonymously; null for a post that does not exist. */
export async function postIsAnonymous(db: Executor, postId: string): Promise<boolean | null> {
  const row = await db.selectFrom('posts').select('isAnonymous').where('id', '=', postId).executeTakeFirst();
  return row ? row.isAnonymous : null;
}

/** Main-site users by username (mentions in the main app). */
export const mainUsersByUsername = (db: Executor, names: string[]) =>
  names.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('users')
        .select(['id', 'userId', 'username'])
        .where(sql<string>`lower(username)`, 'in', names.map((n) => n.toLowerCase()))
        .where('deletedAt', 'is', null)
        .execute();
