import { sql, type Kysely } from 'kysely';

/**
 * For You (modules/posts/feed-repository.ts listFollowedFresh) reads the newest posts of each tag and interest a
 * member follows. Testing every post of the fresh list against the followed pages built a hash of every post of a
 * followed interest (8,000 on 100,000 posts, 8 to 10 ms a page), and a member following a quiet tag walked the whole
 * table. `post_interests` keeps its post's creation time like `post_tags` (0011), so the newest posts of an interest
 * are one index range too.
 */
const statements = [
  'ALTER TABLE post_interests ADD COLUMN IF NOT EXISTS created_at timestamptz',
  'UPDATE post_interests pi SET created_at = p.created_at FROM posts p WHERE p.id = pi.post_id AND pi.created_at IS NULL',
  `CREATE OR REPLACE FUNCTION post_interests_created_at() RETURNS trigger AS $$
  BEGIN
    IF NEW.created_at IS NULL THEN
      NEW.created_at := (SELECT created_at FROM posts WHERE id = NEW.post_id);
    END IF;
    RETURN NEW;
  END $$ LANGUAGE plpgsql`,
  'DROP TRIGGER IF EXISTS post_interests_created_at_trg ON post_interests',
  'CREATE TRIGGER post_interests_created_at_trg BEFORE INSERT ON post_interests FOR EACH ROW EXECUTE FUNCTION post_interests_created_at()',
  // 0011's function keeps the tags in step; it now keeps the interests too.
  `CREATE OR REPLACE FUNCTION posts_created_at_to_tags() RETURNS trigger AS $$
  BEGIN
    UPDATE post_tags SET created_at = NEW.created_at WHERE post_id = NEW.id;
    UPDATE post_interests SET created_at = NEW.created_at WHERE post_id = NEW.id;
    RETURN NEW;
  END $$ LANGUAGE plpgsql`,
  'CREATE INDEX IF NOT EXISTS post_interests_interest_recent_idx ON post_interests (interest_id, created_at DESC, post_id)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`CREATE OR REPLACE FUNCTION posts_created_at_to_tags() RETURNS trigger AS $$
  BEGIN
    UPDATE post_tags SET created_at = NEW.created_at WHERE post_id = NEW.id;
    RETURN NEW;
  END $$ LANGUAGE plpgsql`).execute(db);
  await sql.raw('DROP TRIGGER IF EXISTS post_interests_created_at_trg ON post_interests').execute(db);
  await sql.raw('DROP FUNCTION IF EXISTS post_interests_created_at()').execute(db);
  await sql.raw('DROP INDEX IF EXISTS post_interests_interest_recent_idx').execute(db);
  await sql.raw('ALTER TABLE post_interests DROP COLUMN IF EXISTS created_at').execute(db);
}
