import { sql, type Kysely } from 'kysely';

/**
 * Webhooks of the comment apps (modules/webhooks, README.md "Webhooks"):
 *
 * - `webhook_endpoints`: per app, where events go (url), the secret they are signed with, which events (an empty list
 *   is every event), and whether it is active.
 * - `webhook_deliveries`: one event for one endpoint: the exact body sent (what is signed), its state (pending,
 *   succeeded, failed), attempts made, the next attempt's time and the lease of the instance sending it. A replay is a
 *   new delivery of the same event (`replay_of`).
 * - `webhook_attempts`: the delivery log, one row per attempt: status code or error, the start of the response body,
 *   how long it took.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    `CREATE TABLE IF NOT EXISTS webhook_endpoints (
      id text PRIMARY KEY,
      app_id text NOT NULL REFERENCES comment_apps (id) ON DELETE CASCADE,
      url text NOT NULL,
      secret text NOT NULL,
      events jsonb NOT NULL DEFAULT '[]'::jsonb,
      active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
    'CREATE INDEX IF NOT EXISTS webhook_endpoints_app_idx ON webhook_endpoints (app_id)',
    `CREATE TABLE IF NOT EXISTS webhook_deliveries (
      id text PRIMARY KEY,
      endpoint_id text NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
      app_id text NOT NULL,
      event_id text NOT NULL,
      event_type text NOT NULL,
      payload text NOT NULL,
      state text NOT NULL DEFAULT 'pending',
      attempts integer NOT NULL DEFAULT 0,
      last_status integer,
      next_attempt_at timestamptz,
      claimed_until timestamptz,
      replay_of text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE INDEX IF NOT EXISTS webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE state = 'pending'`,
    'CREATE INDEX IF NOT EXISTS webhook_deliveries_app_idx ON webhook_deliveries (app_id, created_at DESC)',
    `CREATE TABLE IF NOT EXISTS webhook_attempts (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      delivery_id text NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
      attempt integer NOT NULL,
      started_at timestamptz NOT NULL,
      status_code integer,
      error text,
      response_body text NOT NULL DEFAULT '',
      duration_ms integer NOT NULL
    )`,
    'CREATE INDEX IF NOT EXISTS webhook_attempts_delivery_idx ON webhook_attempts (delivery_id, attempt)',
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['webhook_attempts', 'webhook_deliveries', 'webhook_endpoints']) await sql.raw(`DROP TABLE IF EXISTS ${table}`).execute(db);
}
