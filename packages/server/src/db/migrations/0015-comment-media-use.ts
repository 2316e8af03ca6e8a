import { sql, type Kysely } from 'kysely';

/**
 * An uploaded media or link token is consumed by the first comment that carries it (comments/service.ts addComment):
 * comment_media.comment_id names that comment, so a second use is told apart from an unknown token (ATTACHMENT_USED,
 * not ATTACHMENT_NOT_FOUND). Tokens are claimed with `comment_id IS NULL` in the update, so two comments posted at
 * the same moment cannot both take one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw('ALTER TABLE comment_media ADD COLUMN IF NOT EXISTS comment_id text').execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('ALTER TABLE comment_media DROP COLUMN IF EXISTS comment_id').execute(db);
}
