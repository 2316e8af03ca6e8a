import { sql, type Kysely } from 'kysely';

/**
 * Feeds (posts-and-feeds.md §7, modules/posts/ranking.ts): the stored ranking keys kept by the database itself, the
 * rank-change log that lets a cursor replay the order a list had when its first page was served, and the indexes
 * every list walks.
 *
 * - `post_hot_score()` is the hot formula of ranking.ts; the `posts_rank_keys` trigger recomputes `hot_score` on
 *   every insert and update, so whoever changes a count (votes here, comments in the comment service) keeps it right.
 * - `trending_add()` folds one event into the decayed velocity `trending_score` (NULL = no activity yet).
 * - `post_rank_changes` holds, for every update that moved a ranking key, the keys the post had before it.
 * - `word_pattern()` is the whole-word, case-insensitive regular expression of a muted word or blocked tag.
 */
const statements = [
  `ALTER TABLE posts ADD COLUMN IF NOT EXISTS trending_score double precision`,
  `CREATE OR REPLACE FUNCTION post_hot_score(up integer, down integer, comments integer, created timestamptz)
   RETURNS double precision LANGUAGE sql IMMUTABLE AS $$
     SELECT sign(s) * log(greatest(abs(s), 1)) + (extract(epoch FROM created)::float8 - 1700000000) / 45000
     FROM (SELECT (up - down + comments / 2.0)::float8 AS s) v
   $$`,
  `CREATE OR REPLACE FUNCTION trending_add(score double precision, at timestamptz, weight double precision)
   RETURNS double precision LANGUAGE sql IMMUTABLE AS $$
     SELECT CASE
       WHEN weight = 0 THEN score
       WHEN weight > 0 AND score IS NULL THEN x
       WHEN weight > 0 THEN greatest(score, x) + ln(1 + power(2::float8, greatest(least(score, x) - greatest(score, x), -60))) / ln(2)
       WHEN score IS NULL OR score - x < 1e-9 THEN NULL
       ELSE score + ln(1 - power(2::float8, greatest(x - score, -60))) / ln(2)
     END
     FROM (SELECT (extract(epoch FROM at)::float8 - 1700000000) / 21600 + ln(abs(nullif(weight, 0))) / ln(2) AS x) v
   $$`,
  `CREATE OR REPLACE FUNCTION word_pattern(word text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
     SELECT '(^|[^[:alnum:]_])' || regexp_replace(trim(word), '([^[:alnum:][:space:]])', '\\\\\\1', 'g') || '($|[^[:alnum:]_])'
   $$`,
  `CREATE TABLE IF NOT EXISTS post_rank_changes (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    post_id text NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
    changed_at timestamptz NOT NULL DEFAULT clock_timestamp(),
    hot_score double precision NOT NULL,
    trending_score double precision,
    up_vote_count integer NOT NULL
  )`,
  `CREATE INDEX IF NOT EXISTS post_rank_changes_post_idx ON post_rank_changes (post_id, changed_at)`,
  `CREATE INDEX IF NOT EXISTS post_rank_changes_time_idx ON post_rank_changes (changed_at)`,
  `CREATE OR REPLACE FUNCTION posts_rank_keys() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     NEW.hot_score := post_hot_score(NEW.up_vote_count, NEW.down_vote_count, NEW.comments_count, NEW.created_at);
     IF TG_OP = 'UPDATE' THEN
       IF NEW.comments_count > OLD.comments_count THEN
         NEW.trending_score := trending_add(NEW.trending_score, clock_timestamp(), NEW.comments_count - OLD.comments_count);
       END IF;
       IF NEW.hot_score IS DISTINCT FROM OLD.hot_score OR NEW.trending_score IS DISTINCT FROM OLD.trending_score
          OR NEW.up_vote_count <> OLD.up_vote_count THEN
         INSERT INTO post_rank_changes (post_id, hot_score, trending_score, up_vote_count)
         VALUES (OLD.id, OLD.hot_score, OLD.trending_score, OLD.up_vote_count);
       END IF;
     END IF;
     RETURN NEW;
   END
   $$`,
  `UPDATE posts SET hot_score = post_hot_score(up_vote_count, down_vote_count, comments_count, created_at)`,
  `CREATE OR REPLACE TRIGGER posts_rank_keys BEFORE INSERT OR UPDATE ON posts FOR EACH ROW EXECUTE FUNCTION posts_rank_keys()`,
  `CREATE INDEX IF NOT EXISTS posts_hot_key_idx ON posts (hot_score DESC, id DESC) WHERE status = 'live'`,
  `CREATE INDEX IF NOT EXISTS posts_fresh_key_idx ON posts (created_at DESC, id DESC) WHERE status = 'live'`,
  `CREATE INDEX IF NOT EXISTS posts_top_key_idx ON posts (up_vote_count DESC, id DESC) WHERE status = 'live'`,
  `CREATE INDEX IF NOT EXISTS posts_trending_key_idx ON posts (trending_score DESC, id DESC)
   WHERE status = 'live' AND trending_score IS NOT NULL`,
  `CREATE INDEX IF NOT EXISTS posts_type_key_idx ON posts (type, created_at DESC, id DESC) WHERE status = 'live'`,
  `CREATE INDEX IF NOT EXISTS post_tags_post_idx ON post_tags (post_id, position)`,
  `CREATE INDEX IF NOT EXISTS post_votes_user_value_idx ON post_votes (user_id, post_id) WHERE value = -1`,
  `CREATE INDEX IF NOT EXISTS reports_reporter_post_idx ON reports (reporter_id, post_id) WHERE post_id IS NOT NULL`,
  `CREATE INDEX IF NOT EXISTS awards_sender_post_idx ON awards (sender_id, post_id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const drops = [
    'DROP TRIGGER IF EXISTS posts_rank_keys ON posts',
    'DROP FUNCTION IF EXISTS posts_rank_keys()',
    'DROP TABLE IF EXISTS post_rank_changes',
    'DROP FUNCTION IF EXISTS word_pattern(text)',
    'DROP FUNCTION IF EXISTS trending_add(double precision, timestamptz, double precision)',
    'DROP FUNCTION IF EXISTS post_hot_score(integer, integer, integer, timestamptz)',
    'DROP INDEX IF EXISTS posts_hot_key_idx',
    'DROP INDEX IF EXISTS posts_fresh_key_idx',
    'DROP INDEX IF EXISTS posts_top_key_idx',
    'DROP INDEX IF EXISTS posts_trending_key_idx',
    'DROP INDEX IF EXISTS posts_type_key_idx',
    'DROP INDEX IF EXISTS post_tags_post_idx',
    'DROP INDEX IF EXISTS post_votes_user_value_idx',
    'DROP INDEX IF EXISTS reports_reporter_post_idx',
    'DROP INDEX IF EXISTS awards_sender_post_idx',
    'ALTER TABLE posts DROP COLUMN IF EXISTS trending_score',
  ];
  for (const statement of drops) await sql.raw(statement).execute(db);
}
