import { sql, type Kysely } from 'kysely';

/**
 * Stable hot paging of comments (modules/comments/cursor.ts): `comment_rank_changes` logs, for every update that
 * moves a top-level comment in the hot list (its hot score, or in and out of the pinned block), the values it had
 * before, so a cursor can read the list as it stood when its first page was served. The same idea as
 * `post_rank_changes` of 0003-feeds. No foreign key: rows of a deleted comment simply find nothing to join, and the
 * service prunes the log past a snapshot's lifetime.
 */
const statements = [
  `CREATE TABLE IF NOT EXISTS comment_rank_changes (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    comment_id bigint NOT NULL,
    section_id bigint NOT NULL,
    changed_at timestamptz NOT NULL DEFAULT clock_timestamp(),
    hot_score double precision NOT NULL,
    is_pinned boolean NOT NULL
  )`,
  `CREATE INDEX IF NOT EXISTS comment_rank_changes_section_idx ON comment_rank_changes (section_id, changed_at)`,
  `CREATE INDEX IF NOT EXISTS comment_rank_changes_time_idx ON comment_rank_changes (changed_at)`,
  `CREATE OR REPLACE FUNCTION comments_rank_log() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     INSERT INTO comment_rank_changes (comment_id, section_id, hot_score, is_pinned)
     VALUES (OLD.id, OLD.section_id, OLD.hot_score, OLD.is_pinned);
     RETURN NULL;
   END
   $$`,
  `CREATE OR REPLACE TRIGGER comments_rank_log AFTER UPDATE OF hot_score, is_pinned ON comments FOR EACH ROW
   WHEN (OLD.level = 1 AND (OLD.hot_score IS DISTINCT FROM NEW.hot_score OR OLD.is_pinned IS DISTINCT FROM NEW.is_pinned))
   EXECUTE FUNCTION comments_rank_log()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const drops = [
    'DROP TRIGGER IF EXISTS comments_rank_log ON comments',
    'DROP FUNCTION IF EXISTS comments_rank_log()',
    'DROP TABLE IF EXISTS comment_rank_changes',
  ];
  for (const statement of drops) await sql.raw(statement).execute(db);
}
