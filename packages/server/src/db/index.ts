import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { CamelCasePlugin, Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import type { DB } from './schema.js';
import { migrationProvider } from './migrations/index.js';

export type Database = Kysely<DB>;

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir: string | null };

export class DatabaseUnavailableError extends Error {
  override readonly name = 'DatabaseUnavailableError';
}

/**
 * Opens the database: PostgreSQL when a URL is given, otherwise PGlite (PostgreSQL in WebAssembly) in `dataDir`,
 * or in memory when `dataDir` is null (tests). Both speak the same SQL, so migrations and queries are shared.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const plugins = [new CamelCasePlugin()];
  if (options.kind === 'postgres') {
    const pg = await import('pg');
    // int8 (bigint ids, counts) fit in a JS number for this product's scale; parse them as numbers.
    pg.default.types.setTypeParser(20, (v: string) => Number(v));
    const pool = new pg.default.Pool({ connectionString: options.url, max: options.poolSize ?? 10, connectionTimeoutMillis: 5000 });
    pool.on('error', () => {
      /* idle client errors are reported by the next query */
    });
    try {
      const client = await pool.connect();
      client.release();
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw new DatabaseUnavailableError(`cannot connect to DATABASE_URL (${redactUrl(options.url)}): ${(error as Error).message}`);
    }
    return new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins });
  }
  const { PGlite, types } = await import('@electric-sql/pglite');
  let dataDir: string | undefined;
  if (options.dataDir !== null) {
    dataDir = join(options.dataDir, 'db');
    mkdirSync(dataDir, { recursive: true });
  }
  const pglite = await PGlite.create(dataDir, { parsers: { [types.INT8]: (v: string) => Number(v) } });
  return new Kysely<DB>({ dialect: new PGliteDialect({ pglite }), plugins });
}

export async function migrateToLatest(db: Database): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${(error as Error | undefined)?.message ?? 'unknown error'}`);
  }
}

export async function ping(db: Database): Promise<void> {
  await sql`select 1`.execute(db);
}

function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'invalid URL';
  }
}
