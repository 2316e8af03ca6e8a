import { sql, type Kysely } from 'kysely';

/**
 * Accounts: one row per proof-of-work solution already accepted (replay protection shared by every instance), and
 * one account per canonical email (the webmail dot and +suffix rule makes j.doe+x@gmail.com the same as jdoe@gmail.com).
 */
const statements = [
  `CREATE TABLE IF NOT EXISTS used_proofs (
    signature text PRIMARY KEY,
    expires_at timestamptz NOT NULL
  )`,
  `CREATE INDEX IF NOT EXISTS used_proofs_expiry_idx ON used_proofs (expires_at)`,
  `CREATE UNIQUE INDEX IF NOT EXISTS users_email_hash_key ON users (email_hash) WHERE email_hash IS NOT NULL`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP INDEX IF EXISTS users_email_hash_key').execute(db);
  await sql.raw('DROP TABLE IF EXISTS used_proofs').execute(db);
}
