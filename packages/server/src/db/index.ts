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

/** Runs the migrations not applied yet; returns how many ran. */
export async function migrateToLatest(db: Database): Promise<number> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${(error as Error | undefined)?.message ?? 'unknown error'}`);
  }
  return results?.filter((r) => r.status === 'Success').length ?? 0;
}

/** How often the embedded database is vacuumed, and its statistics refreshed (see startVacuum). */
export const VACUUM_INTERVAL_MS = 10 * 60_000;
export const ANALYZE_INTERVAL_MS = 24 * 60 * 60_000;

/**
 * PostgreSQL's autovacuum does not run inside PGlite, so the embedded database never reclaimed dead row versions:
 * every vote rewrites its post, every migration backfill its rows, and index scans then visit the dead versions
 * (three heap pages per row of post_tags after two backfills). The server vacuums it itself: with fresh statistics
 * at once when `now` is set (after migrations or a first seed changed rows), then every VACUUM_INTERVAL_MS, and the
 * statistics every ANALYZE_INTERVAL_MS. PostgreSQL skips pages unchanged since the last vacuum (the visibility map):
 * a periodic run on 100,000 untouched posts takes about 50 ms; with statistics, about 1.2 s, hence their slower pace.
 * Returns the stop function; a no-op on PostgreSQL, whose autovacuum does this.
 */
export function startVacuum(db: Database, options: { embedded: boolean; now: boolean; log?: (msg: string) => void }): () => void {
  if (!options.embedded) return () => undefined;
  let running = false;
  let analyzedAt = Date.now();
  const run = (analyze: boolean) => {
    if (running) return;
    running = true;
    const started = Date.now();
    if (analyze) analyzedAt = started;
    (analyze ? sql`vacuum (analyze)` : sql`vacuum`)
      .execute(db)
      .then(() => {
        const ms = Date.now() - started;
        if (analyze || ms >= 250) options.log?.(`embedded database vacuumed${analyze ? ' and analyzed' : ''} in ${ms} ms`);
      })
      .catch((error: Error) => options.log?.(`vacuum failed: ${error.message}`))
      .finally(() => {
        running = false;
      });
  };
  if (options.now) run(true);
  const timer = setInterval(() => run(Date.now() - analyzedAt >= ANALYZE_INTERVAL_MS), VACUUM_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
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
