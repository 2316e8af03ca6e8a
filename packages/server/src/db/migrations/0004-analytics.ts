import { sql, type Kysely } from 'kysely';

/**
 * Analytics and the referral promotion (shell-and-account.md §4, §7):
 * - a post impression and a post's unique view are stored once per visit session and post, whatever the client
 *   sends again (the partial unique index is the ON CONFLICT target of modules/analytics/repository.ts);
 * - the partner's redemption state of a referral code, per mode (prod or pro), read by POST /v1/moonit-status.
 */
const statements = [
  `CREATE UNIQUE INDEX IF NOT EXISTS analytics_events_once_idx ON analytics_events (session_key, name, post_id)
    WHERE name IN ('post-impression', 'unique-view')`,
  `CREATE TABLE IF NOT EXISTS referral_redemptions (
    referral_code text NOT NULL,
    mode text NOT NULL CHECK (mode IN ('prod', 'pro')),
    status text NOT NULL CHECK (status IN ('ACTIVE', 'USED')),
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (referral_code, mode)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE IF EXISTS referral_redemptions').execute(db);
  await sql.raw('DROP INDEX IF EXISTS analytics_events_once_idx').execute(db);
}
