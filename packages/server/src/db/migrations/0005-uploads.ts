import { sql, type Kysely } from 'kysely';

/**
 * Uploads (modules/upload): one row per accepted POST /submit. A photo, text, article or forum post is written
 * whole at once (status 'ready'); a GIF or video is converted in the background first (status 'processing' with a
 * progress percentage) and its post row is only inserted, with its tags and interests, once every file exists.
 * A failed conversion leaves the row 'failed' with the code and message the uploader sees, and no post.
 * The rows also count each member's uploads for the hourly limit.
 */
const statements = [
  `CREATE TABLE IF NOT EXISTS upload_jobs (
    id text PRIMARY KEY,
    user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    type text NOT NULL,
    status text NOT NULL DEFAULT 'processing' CHECK (status IN ('processing', 'ready', 'failed')),
    progress smallint NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
    draft jsonb NOT NULL DEFAULT '{}'::jsonb,
    error_code text,
    error_message text,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX IF NOT EXISTS upload_jobs_user_recent_idx ON upload_jobs (user_id, created_at DESC)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS upload_jobs`.execute(db);
}
