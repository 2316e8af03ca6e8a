import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { CamelCasePlugin, Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from './pglite-dialect.js';
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
    // TCP keepalive after 10 s idle: a connection to a server that vanished without a word (a failover, a network cut)
    // is found dead by the kernel's probes instead of after the system's default two hours.
    const pool = new pg.default.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    pool.on('error', () => {
      /* idle client errors are reported by the next query */
    });
    // The pool listens for errors of idle clients only. A client checked out by a request (between two queries of a
    // transaction, or during one) whose connection PostgreSQL ends (restart, failover, pg_terminate_backend) emits
    // 'error' with no listener, and Node ends the process. Every client listens for its whole life instead: its
    // queries fail (the request answers 503, see isDatabaseUnavailable), and the pool drops it when it is released
    // (no longer queryable) and connects anew for the next request.
    // A FATAL error message (57P01 of a restart or pg_terminate_backend) comes before the socket closes: the query
    // fails at once, and the request could hand the client back before the close is seen. Ending the client on it
    // makes the pool drop it on release instead of lending a dead connection to the next request.
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
      client.connection.on('errorMessage', (message: { severity?: string }) => {
        if (message.severity === 'FATAL' || message.severity === 'PANIC') client.end().catch(() => undefined);
      });
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

/** SQLSTATEs of a database that is gone or not accepting work for now: connection exceptions (class 08),
 * admin_shutdown (restart, pg_terminate_backend), crash_shutdown, cannot_connect_now (starting or stopping),
 * too_many_connections, and read_only_sql_transaction (a failover that left us on a standby for a moment). */
const UNAVAILABLE_SQLSTATES = /^(08...|57P0[123]|53300|25006)$/;
/** Socket errors on the way to the database. */
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** What pg and Kysely throw for a lost or unobtainable connection (they carry no code). */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Postgres connection has been discarded|Cannot use a pool after calling end/;

/**
 * True when a query failed because the database is unreachable or restarting, not because of the query: the request
 * answers 503 with Retry-After (lib/unavailable.ts) and the pool reconnects by itself. Looks through `cause` and the
 * errors of an AggregateError (a refused connection to each address of `localhost`).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  if (error instanceof DatabaseUnavailableError) return true;
  const e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && (UNAVAILABLE_SQLSTATES.test(e.code) || UNAVAILABLE_SOCKET_CODES.has(e.code))) return true;
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
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

/**
 * Kysely as the server resolves it, for the scripts under bench/: kysely is the server's dependency (pinned for Node
 * 20, so npm keeps it in packages/server/node_modules), not the repository root's.
 */
export { CamelCasePlugin, Kysely, sql };
