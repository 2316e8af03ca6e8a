import { sql, type Kysely } from 'kysely';

/**
 * Email notifications (modules/email):
 * - `email_settings`: each recipient's choice, 'immediately' (the default), 'digest' (one mail a day) or 'never'.
 *   A recipient is `u:{users.id}` (a main-site member) or `c:{comment_users.id}` (a user of another app).
 * - `comment_users.email`: the `email` claim of a host's SSO token (null when the host sends none).
 * - `email_items`: what waits to be mailed, one row per (recipient, source, stamp). A source is `n:{notifications.id}`
 *   (a reply or mention notification, stamped with its updated_at) or `c:{commentId}`. Rows are claimed for a lease
 *   before the mail is sent and stamped sent after it, so a restart loses nothing and a sent row is never sent again.
 * - `email_cursor`: how far the worker has read the notifications.
 * - a partial index that lets the worker read new reply and mention notifications in order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    `CREATE TABLE IF NOT EXISTS email_settings (
      recipient text PRIMARY KEY,
      mode text NOT NULL DEFAULT 'immediately' CHECK (mode IN ('immediately', 'digest', 'never')),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
    `ALTER TABLE comment_users ADD COLUMN IF NOT EXISTS email text`,
    `CREATE TABLE IF NOT EXISTS email_items (
      id bigserial PRIMARY KEY,
      recipient text NOT NULL,
      source text NOT NULL,
      stamp timestamptz NOT NULL,
      kind text NOT NULL,
      message text NOT NULL DEFAULT '',
      excerpt text NOT NULL DEFAULT '',
      url text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      claimed_at timestamptz,
      sent_at timestamptz
    )`,
    `CREATE UNIQUE INDEX IF NOT EXISTS email_items_once ON email_items (recipient, source, stamp)`,
    `CREATE INDEX IF NOT EXISTS email_items_pending ON email_items (recipient, created_at) WHERE sent_at IS NULL`,
    `CREATE INDEX IF NOT EXISTS email_items_sent ON email_items (sent_at) WHERE sent_at IS NOT NULL`,
    `CREATE TABLE IF NOT EXISTS email_cursor (
      name text PRIMARY KEY,
      at timestamptz NOT NULL
    )`,
    `CREATE INDEX IF NOT EXISTS notifications_email_idx ON notifications (updated_at)
      WHERE type IN ('COMMENT_REPLY', 'COMMENT_MENTION')`,
  ]) {
    await sql.raw(statement).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    'DROP INDEX IF EXISTS notifications_email_idx',
    'DROP TABLE IF EXISTS email_cursor',
    'DROP TABLE IF EXISTS email_items',
    'ALTER TABLE comment_users DROP COLUMN IF EXISTS email',
    'DROP TABLE IF EXISTS email_settings',
  ]) {
    await sql.raw(statement).execute(db);
  }
}
