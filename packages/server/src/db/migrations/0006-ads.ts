import { sql, type Kysely } from 'kysely';

/**
 * House ads (issue #12, shell-and-account.md §4 "Ads", posts-and-feeds.md §9):
 * - a campaign: one creative image per listed size, its link, start and end, a weight for the pick, and optionally the
 *   shell's campaign banner (card and banner images), top-bar nav link image and page background;
 * - one row per counted view token (impressions and clicks): the primary key is the dedupe, whatever a client resends.
 */
const statements = [
  `CREATE TABLE IF NOT EXISTS ad_campaigns (
    id serial PRIMARY KEY,
    name text NOT NULL,
    link text NOT NULL,
    image_url text NOT NULL,
    sizes text[] NOT NULL,
    starts_at timestamptz NOT NULL DEFAULT now(),
    ends_at timestamptz,
    weight integer NOT NULL DEFAULT 1 CHECK (weight > 0),
    card_image_url text,
    banner_image_url text,
    nav_image_url text,
    background text,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE IF NOT EXISTS ad_events (
    view_token text NOT NULL,
    kind text NOT NULL CHECK (kind IN ('impression', 'click')),
    campaign_id integer NOT NULL REFERENCES ad_campaigns (id) ON DELETE CASCADE,
    slot text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (view_token, kind)
  )`,
  'CREATE INDEX IF NOT EXISTS ad_events_campaign_idx ON ad_events (campaign_id, kind)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE IF EXISTS ad_events').execute(db);
  await sql.raw('DROP TABLE IF EXISTS ad_campaigns').execute(db);
}
