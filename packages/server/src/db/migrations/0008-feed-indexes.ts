import { sql, type Kysely } from 'kysely';

/**
 * Feed list indexes, measured on 100,000 posts (bench/feeds.mjs, bench/feeds-explain.mjs):
 *
 * - `posts_fresh_idx`, `posts_hot_idx` and `posts_type_fresh_idx` go: 0003-feeds' key indexes hold the same columns
 *   with the tie-breaking id in the lists' own direction, and every index of `posts` costs every statement that
 *   plans on it (the embedded database measures each index's size while planning) and every write.
 * - Top reads `posts_top_key_idx` with the creation time inside the index, so the timeframe is checked on the index
 *   entry: "top today" walks thousands of entries to find a page, and now fetches only the posts it keeps.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    'DROP INDEX IF EXISTS posts_fresh_idx',
    'DROP INDEX IF EXISTS posts_hot_idx',
    'DROP INDEX IF EXISTS posts_type_fresh_idx',
    'DROP INDEX IF EXISTS posts_top_key_idx',
    `CREATE INDEX IF NOT EXISTS posts_top_window_idx ON posts (up_vote_count DESC, id DESC, created_at) WHERE status = 'live'`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const statements = [
    'DROP INDEX IF EXISTS posts_top_window_idx',
    `CREATE INDEX IF NOT EXISTS posts_top_key_idx ON posts (up_vote_count DESC, id DESC) WHERE status = 'live'`,
    `CREATE INDEX IF NOT EXISTS posts_type_fresh_idx ON posts (type, created_at DESC, id) WHERE status = 'live'`,
    `CREATE INDEX IF NOT EXISTS posts_hot_idx ON posts (hot_score DESC, id) WHERE status = 'live'`,
    `CREATE INDEX IF NOT EXISTS posts_fresh_idx ON posts (created_at DESC, id) WHERE status = 'live'`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
