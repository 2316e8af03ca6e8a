import { sql, type Kysely } from 'kysely';

/**
 * Comment import (modules/comments/transfer, `npm run comments -- import`):
 *
 * - `comment_import_items`: every record of a source file the import has handled, by (app, source, source id), with
 *   the comment it became. Running an import twice creates nothing twice: a record found here is passed over. The
 *   comment may go later (deleted by its author, or a deleted comment left without replies): the row stays, with
 *   `comment_id` null, so a re-import does not bring it back.
 * - `comment_import_users`: the app user an imported author became, by (app, source, author key), so the same author
 *   is one user across files and runs. `claim_id` (the source's user id) and `claim_email` (lower-cased) let a later
 *   sign-in claim the user: a token whose `sub` equals `claim_id`, or whose `email` equals `claim_email`, takes the
 *   user over (its comments stay theirs) instead of starting a new one; `claimed_at` then says when.
 */
const statements = [
  `CREATE TABLE IF NOT EXISTS comment_import_items (
    app_id text NOT NULL REFERENCES comment_apps(id) ON DELETE CASCADE,
    source text NOT NULL,
    source_id text NOT NULL,
    comment_id bigint REFERENCES comments(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (app_id, source, source_id)
  )`,
  `CREATE INDEX IF NOT EXISTS comment_import_items_comment_idx ON comment_import_items (comment_id) WHERE comment_id IS NOT NULL`,
  `CREATE TABLE IF NOT EXISTS comment_import_users (
    app_id text NOT NULL REFERENCES comment_apps(id) ON DELETE CASCADE,
    source text NOT NULL,
    source_key text NOT NULL,
    user_id bigint NOT NULL REFERENCES comment_users(id) ON DELETE CASCADE,
    claim_id text,
    claim_email text,
    claimed_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (app_id, source, source_key)
  )`,
  `CREATE INDEX IF NOT EXISTS comment_import_users_user_idx ON comment_import_users (user_id)`,
  `CREATE INDEX IF NOT EXISTS comment_import_users_claim_id_idx ON comment_import_users (app_id, claim_id) WHERE claimed_at IS NULL`,
  `CREATE INDEX IF NOT EXISTS comment_import_users_claim_email_idx ON comment_import_users (app_id, claim_email) WHERE claimed_at IS NULL`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of ['DROP TABLE IF EXISTS comment_import_users', 'DROP TABLE IF EXISTS comment_import_items']) await sql.raw(statement).execute(db);
}
