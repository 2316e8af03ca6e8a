import { sql, type Kysely } from 'kysely';

/**
 * Comment service tuning (modules/comments/README.md, "Write path"):
 *
 * - `comment_outbox`: the notifications a new comment causes, written in the same statement as the comment and sent
 *   after the reply by the service's drain (claimed with a lease, deleted once sent), so a crash between the reply
 *   and the fan-out loses nothing.
 * - `comments_old_idx` goes: the `old` sort reads `comments_new_idx` backwards (same columns, same partial predicate),
 *   so every top-level comment costs one index insert less.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    `CREATE TABLE IF NOT EXISTS comment_outbox (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      payload jsonb NOT NULL,
      claimed_until timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
    'DROP INDEX IF EXISTS comments_old_idx',
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const statements = [
    'CREATE INDEX IF NOT EXISTS comments_old_idx ON comments (section_id, created_at, id) WHERE level = 1',
    'DROP TABLE IF EXISTS comment_outbox',
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
