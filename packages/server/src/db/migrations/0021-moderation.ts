import { sql, type Kysely } from 'kysely';

/**
 * Moderation and anti-abuse (issue #20; modules/comments/MODERATION.md is the contract):
 *
 * - `comment_apps.owner_user_id`: the main-site account (users.user_id) that registered the app in the console (`/apps`);
 *   null for apps made by the CLI. `settings`: the app's moderation settings, read with defaults
 *   (`{premoderation: 'off'|'first'|'all', reportThreshold: 3, defaultSectionStatus: 'open',
 *   allowedMedia: ['static','animated','video'], linkAttachments: true}`).
 * - `users.is_admin`: main-site admins manage every app in the console, the main app (`guffaw`) included.
 * - `comments.held_at` / `held_reason`: a comment held for review (pre-moderation, spam score, links of a new account).
 *   Seen by its author ("Awaiting approval") and moderators only, counted nowhere until approved.
 *   `report_count`: the open (unresolved) reports of the comment, kept by the report and approve calls.
 * - `comment_users.ban_reason` / `banned_until` / `banned_by`: a ban's reason, its end (null: forever) and who banned.
 *   `banned_at` (0001) still says whether a user is banned; an ended ban counts as none and is cleared when next read.
 * - `comment_mod_actions`: the audit trail, every moderator, owner and admin action (and the system's own, such as
 *   the report threshold hiding a comment), newest first per app.
 */
const statements = [
  `ALTER TABLE comment_apps ADD COLUMN IF NOT EXISTS owner_user_id text`,
  `ALTER TABLE comment_apps ADD COLUMN IF NOT EXISTS settings jsonb NOT NULL DEFAULT '{}'::jsonb`,
  `CREATE INDEX IF NOT EXISTS comment_apps_owner_idx ON comment_apps (owner_user_id) WHERE owner_user_id IS NOT NULL`,
  `ALTER TABLE users ADD COLUMN IF NOT EXISTS is_admin boolean NOT NULL DEFAULT false`,
  `ALTER TABLE comments ADD COLUMN IF NOT EXISTS held_at timestamptz`,
  `ALTER TABLE comments ADD COLUMN IF NOT EXISTS held_reason text`,
  `ALTER TABLE comments ADD COLUMN IF NOT EXISTS report_count integer NOT NULL DEFAULT 0`,
  `CREATE INDEX IF NOT EXISTS comments_held_idx ON comments (section_id, held_at DESC, id DESC) WHERE held_at IS NOT NULL`,
  `CREATE INDEX IF NOT EXISTS comments_reported_idx ON comments (section_id, report_count DESC, id DESC) WHERE report_count > 0`,
  `CREATE INDEX IF NOT EXISTS comment_reports_comment_open_idx ON comment_reports (comment_id) WHERE resolved_at IS NULL`,
  `ALTER TABLE comment_users ADD COLUMN IF NOT EXISTS ban_reason text NOT NULL DEFAULT ''`,
  `ALTER TABLE comment_users ADD COLUMN IF NOT EXISTS banned_until timestamptz`,
  `ALTER TABLE comment_users ADD COLUMN IF NOT EXISTS banned_by text`,
  `CREATE INDEX IF NOT EXISTS comment_users_banned_idx ON comment_users (app_id, banned_at DESC) WHERE banned_at IS NOT NULL`,
  `CREATE TABLE IF NOT EXISTS comment_mod_actions (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    app_id text NOT NULL REFERENCES comment_apps(id) ON DELETE CASCADE,
    actor_kind text NOT NULL CHECK (actor_kind IN ('moderator', 'op', 'owner', 'admin', 'system', 'cli')),
    actor_id text,
    actor_name text NOT NULL DEFAULT '',
    action text NOT NULL,
    comment_id text,
    target_user_id text,
    target_name text NOT NULL DEFAULT '',
    section_url text,
    detail jsonb NOT NULL DEFAULT '{}'::jsonb,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX IF NOT EXISTS comment_mod_actions_app_idx ON comment_mod_actions (app_id, created_at DESC, id DESC)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    'DROP TABLE IF EXISTS comment_mod_actions',
    'DROP INDEX IF EXISTS comment_users_banned_idx',
    'ALTER TABLE comment_users DROP COLUMN IF EXISTS banned_by, DROP COLUMN IF EXISTS banned_until, DROP COLUMN IF EXISTS ban_reason',
    'DROP INDEX IF EXISTS comment_reports_comment_open_idx',
    'DROP INDEX IF EXISTS comments_reported_idx',
    'DROP INDEX IF EXISTS comments_held_idx',
    'ALTER TABLE comments DROP COLUMN IF EXISTS report_count, DROP COLUMN IF EXISTS held_reason, DROP COLUMN IF EXISTS held_at',
    'ALTER TABLE users DROP COLUMN IF EXISTS is_admin',
    'DROP INDEX IF EXISTS comment_apps_owner_idx',
    'ALTER TABLE comment_apps DROP COLUMN IF EXISTS settings, DROP COLUMN IF EXISTS owner_user_id',
  ]) await sql.raw(statement).execute(db);
}
