import { sql, type Kysely } from 'kysely';

/**
 * Related posts (modules/posts/candidate-repository.ts relatedCandidates) read the newest posts of each tag of a post. Counting
 * shared tags over every post of its tags, then looking each one up, cost 0.3 to 0.5 s per request on 100,000 posts
 * (a popular tag holds 2,000). `post_tags` keeps its post's creation time, filled and kept in step by triggers, so the
 * newest posts of a tag are one index range.
 */
const statements = [
  'ALTER TABLE post_tags ADD COLUMN IF NOT EXISTS created_at timestamptz',
  'UPDATE post_tags pt SET created_at = p.created_at FROM posts p WHERE p.id = pt.post_id AND pt.created_at IS NULL',
  `CREATE OR REPLACE FUNCTION post_tags_created_at() RETURNS trigger AS $$
  BEGIN
    IF NEW.created_at IS NULL THEN
      NEW.created_at := (SELECT created_at FROM posts WHERE id = NEW.post_id);
    END IF;
    RETURN NEW;
  END $$ LANGUAGE plpgsql`,
  'DROP TRIGGER IF EXISTS post_tags_created_at_trg ON post_tags',
  'CREATE TRIGGER post_tags_created_at_trg BEFORE INSERT ON post_tags FOR EACH ROW EXECUTE FUNCTION post_tags_created_at()',
  `CREATE OR REPLACE FUNCTION posts_created_at_to_tags() RETURNS trigger AS $$
  BEGIN
    UPDATE post_tags SET created_at = NEW.created_at WHERE post_id = NEW.id;
    RETURN NEW;
  END $$ LANGUAGE plpgsql`,
  'DROP TRIGGER IF EXISTS posts_created_at_to_tags_trg ON posts',
  `CREATE TRIGGER posts_created_at_to_tags_trg AFTER UPDATE OF created_at ON posts FOR EACH ROW
    WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at) EXECUTE FUNCTION posts_created_at_to_tags()`,
  'CREATE INDEX IF NOT EXISTS post_tags_tag_recent_idx ON post_tags (tag_id, created_at DESC, post_id)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TRIGGER IF EXISTS posts_created_at_to_tags_trg ON posts').execute(db);
  await sql.raw('DROP FUNCTION IF EXISTS posts_created_at_to_tags()').execute(db);
  await sql.raw('DROP TRIGGER IF EXISTS post_tags_created_at_trg ON post_tags').execute(db);
  await sql.raw('DROP FUNCTION IF EXISTS post_tags_created_at()').execute(db);
  await sql.raw('DROP INDEX IF EXISTS post_tags_tag_recent_idx').execute(db);
  await sql.raw('ALTER TABLE post_tags DROP COLUMN IF EXISTS created_at').execute(db);
}
