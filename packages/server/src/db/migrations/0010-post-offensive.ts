import { sql, type Kysely } from 'kysely';

/**
 * posts-and-feeds.md §5 Offensive mask: a post carries `is_offensive`, set by a moderator of the main site or once
 * enough members report it for an offensive reason (modules/posts/actions.ts). No index: the flag is only read with
 * the rest of a post's row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE posts ADD COLUMN IF NOT EXISTS is_offensive boolean NOT NULL DEFAULT false`.execute(db);
  // A moderator's last decision on the flag: reports made before it no longer count towards marking the post.
  await sql`ALTER TABLE posts ADD COLUMN IF NOT EXISTS offensive_reviewed_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE posts DROP COLUMN IF EXISTS offensive_reviewed_at`.execute(db);
  await sql`ALTER TABLE posts DROP COLUMN IF EXISTS is_offensive`.execute(db);
}
