import { sql, type Kysely } from 'kysely';

/**
 * The origin the stored absolute urls were written for (issue #23: a site moved to another PUBLIC_URL kept its
 * posts' pictures, avatars and comment threads on the old one). Rows keep absolute urls (media, profiles, the main
 * app's thread keys `${PUBLIC_URL}/gag/{id}`); `site_origin` says which origin they name, and the server's start
 * (modules/site/origin.ts) rewrites them to its own PUBLIC_URL when it differs.
 *
 * An existing database gets the origin its demo seed wrote (the main comment app's `host`, which the seed sets to its
 * PUBLIC_URL); a database without it is stamped with the PUBLIC_URL of its next start.
 */
const statements = [
  `CREATE TABLE IF NOT EXISTS site_origin (
    id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
    origin text NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `INSERT INTO site_origin (origin)
    SELECT rtrim(host, '/') FROM comment_apps WHERE id = 'guffaw' AND host ~ '^https?://[^/]+/?$'
    ON CONFLICT (id) DO NOTHING`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE IF EXISTS site_origin').execute(db);
}
