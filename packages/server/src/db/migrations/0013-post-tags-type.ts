import { sql, type Kysely } from 'kysely';

/**
 * Related articles (modules/posts/candidate-repository.ts relatedCandidates with a type) read the newest articles of each tag
 * of a post. Without the type beside the tag, every post of a tag was looked up to find its articles (2,000 lookups,
 * 25 to 30 ms, on 100,000 posts). `post_tags` keeps its post's type, set with the creation time by the insert
 * trigger of 0011; a post's type never changes after its upload.
 */
const statements = [
  'ALTER TABLE post_tags ADD COLUMN IF NOT EXISTS post_type text',
  'UPDATE post_tags pt SET post_type = p.type FROM posts p WHERE p.id = pt.post_id AND pt.post_type IS NULL',
  `CREATE OR REPLACE FUNCTION post_tags_created_at() RETURNS trigger AS $$
  BEGIN
    IF NEW.created_at IS NULL OR NEW.post_type IS NULL THEN
      SELECT coalesce(NEW.created_at, p.created_at), coalesce(NEW.post_type, p.type) INTO NEW.created_at, NEW.post_type
      FROM posts p WHERE p.id = NEW.post_id;
    END IF;
    RETURN NEW;
  END $$ LANGUAGE plpgsql`,
  'CREATE INDEX IF NOT EXISTS post_tags_tag_type_recent_idx ON post_tags (tag_id, post_type, created_at DESC, post_id)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`CREATE OR REPLACE FUNCTION post_tags_created_at() RETURNS trigger AS $$
  BEGIN
    IF NEW.created_at IS NULL THEN
      NEW.created_at := (SELECT created_at FROM posts WHERE id = NEW.post_id);
    END IF;
    RETURN NEW;
  END $$ LANGUAGE plpgsql`).execute(db);
  await sql.raw('DROP INDEX IF EXISTS post_tags_tag_type_recent_idx').execute(db);
  await sql.raw('ALTER TABLE post_tags DROP COLUMN IF EXISTS post_type').execute(db);
}
