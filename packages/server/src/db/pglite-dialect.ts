import type { PGlite, Transaction } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';

/**
 * Kysely dialect for PGlite (PostgreSQL in WebAssembly). Kysely 0.29 ships one, but needs Node 22; on Kysely 0.28
 * (Node 20) the dialect lives here: PostgreSQL's compiler and introspector over PGlite's single connection.
 *
 * PGlite has one connection: the driver lends it to one user at a time (a transaction holds it until its commit or
 * rollback; a query outside a transaction waits for it), as Kysely's own SQLite driver does.
 */
export class PGliteDialect implements Dialect {
  readonly #pglite: PGlite;

  constructor(config: { pglite: PGlite }) {
    this.#pglite = config.pglite;
  }

  createAdapter(): DialectAdapter {
    return new PGliteAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.#pglite);
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
}

class PGliteAdapter extends PostgresAdapter {
  // The migrator holds the only connection from acquiring its lock to releasing it: no other lock is needed.
  override async acquireMigrationLock(): Promise<void> {}

  override async releaseMigrationLock(): Promise<void> {}
}

class PGliteDriver implements Driver {
  readonly #pglite: PGlite;
  readonly #mutex = new ConnectionMutex();
  #connection: PGliteConnection | undefined;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  async init(): Promise<void> {
    if (this.#pglite.closed) throw new Error('PGlite instance is already closed.');
    await this.#pglite.waitReady;
    this.#connection = new PGliteConnection(this.#pglite);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#mutex.lock();
    return this.#connection!;
  }

  async releaseConnection(): Promise<void> {
    this.#mutex.unlock();
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).begin();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).commit();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).rollback();
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteId(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to ${quoteId(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release ${quoteId(name)}`));
  }

  async destroy(): Promise<void> {
    if (!this.#pglite.closed) await this.#pglite.close();
  }
}

function quoteId(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

class PGliteConnection implements DatabaseConnection {
  readonly #pglite: PGlite;
  #transaction: Transaction | undefined;
  #settle: { commit: () => void; rollback: (reason: unknown) => void } | undefined;
  #closed: Promise<unknown> | undefined;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const { affectedRows, rows } = await (this.#transaction ?? this.#pglite).query<R>(
      compiledQuery.sql,
      compiledQuery.parameters as unknown[],
      { rowMode: 'object' },
    );
    return affectedRows != null ? { numAffectedRows: BigInt(affectedRows), rows: rows ?? [] } : { rows: rows ?? [] };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported by PGlite.');
  }

  /** Opens one of PGlite's exclusive transactions and keeps it open until commit() or rollback(). */
  async begin(): Promise<void> {
    let begun!: () => void;
    const started = new Promise<void>((resolve) => (begun = resolve));
    const settled = new Promise<void>((commit, rollback) => (this.#settle = { commit, rollback }));
    this.#closed = this.#pglite.transaction(async (tx) => {
      this.#transaction = tx;
      begun();
      await settled;
    });
    // A failed BEGIN rejects #closed before the callback runs.
    await Promise.race([started, this.#closed]);
  }

  async commit(): Promise<void> {
    this.#settle?.commit();
    try {
      await this.#closed;
    } finally {
      this.#reset();
    }
  }

  async rollback(): Promise<void> {
    this.#settle?.rollback(new Error('rollback'));
    try {
      await this.#closed?.catch(() => undefined);
    } finally {
      this.#reset();
    }
  }

  #reset(): void {
    this.#transaction = undefined;
    this.#settle = undefined;
    this.#closed = undefined;
  }
}

/** One holder at a time, the others queued in order. */
class ConnectionMutex {
  #held = false;
  readonly #waiting: Array<() => void> = [];

  async lock(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return;
    }
    await new Promise<void>((resolve) => this.#waiting.push(resolve));
  }

  unlock(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#held = false;
  }
}
