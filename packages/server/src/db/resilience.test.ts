import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { testConfig } from '../config.js';
import { tcpCut, type TcpCut } from '../../test/tcp-cut.js';
import { isDatabaseUnavailable, migrateToLatest, openDatabase, ping, type Database } from './index.js';

const adminUrl = process.env.DATABASE_URL;

describe('database unavailable errors', () => {
  it('tells a lost or refused connection from a bad query', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('the database system is starting up'), { code: '57P03' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(new AggregateError([refused]))).toBe(true);
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: refused }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key value'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Invalid time value'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});

/** issue 21 §1: against the real PostgreSQL (DATABASE_URL), whose connections are ended under the pool. */
describe.skipIf(!adminUrl)('PostgreSQL connections ended under the pool', () => {
  const name = `guffaw_test_${randomBytes(6).toString('hex')}`;
  let admin: pg.Client;
  let url: URL;
  let db: Database;
  let relay: TcpCut;
  let relayed: Database;
  let app: FastifyInstance;
  let dataDir: string;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    url = new URL(adminUrl as string);
    url.pathname = `/${name}`;
    db = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 3 });
    await migrateToLatest(db);
    relay = await tcpCut({ host: url.hostname, port: Number(url.port || 5432) });
    const viaRelay = new URL(url);
    viaRelay.hostname = '127.0.0.1';
    viaRelay.port = String(relay.port);
    relayed = await openDatabase({ kind: 'postgres', url: viaRelay.toString(), poolSize: 3 });
    dataDir = mkdtempSync(join(tmpdir(), 'guffaw-resilience-'));
    app = await buildApp({ config: testConfig({ dataDir }), db: relayed });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await relayed?.destroy();
    await relay?.close();
    await db?.destroy();
    await admin?.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin?.end();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const backendPid = async (conn: Database) => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(conn)).rows[0]?.pid as number;

  it('survives a connection terminated while a request holds it, and reconnects', async () => {
    let failure: unknown = null;
    await db.connection().execute(async (conn) => {
      const pid = await backendPid(conn);
      await admin.query('select pg_terminate_backend($1)', [pid]);
      // Let the termination arrive while the client is checked out and idle: it emits 'error' then.
      await new Promise((resolve) => setTimeout(resolve, 200));
      failure = await sql`select 1`.execute(conn).then(() => null, (error: unknown) => error);
    });
    expect(failure).not.toBeNull();
    expect(isDatabaseUnavailable(failure)).toBe(true);
    await ping(db);
    expect(await backendPid(db)).toBeGreaterThan(0);
  });

  it('survives every connection of the pool terminated during queries', async () => {
    const running = Array.from({ length: 3 }, () => sql`select pg_sleep(2)`.execute(db).then(() => null, (error: unknown) => error));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
    const errors = await Promise.all(running);
    expect(errors.every((error) => isDatabaseUnavailable(error))).toBe(true);
    await ping(db);
  });

  it('answers 503 with Retry-After in both envelopes while the database is gone, then serves again by itself', async () => {
    // A profile that is not there: a database read, answered 404 while the database is up.
    const profile = '/v1/user-posts/username/nobody-here/type/posts';
    expect((await app.inject({ method: 'GET', url: profile })).statusCode).toBe(404);
    // No comment app in this bare database: the list looks the app up and answers APP_NOT_FOUND while it is up (apps
    // are cached a while, found or not: each step asks for another one).
    const list = (appId: string) => `/comments/v2/comment-list.json?appId=${appId}&url=https%3A%2F%2Fexample.com%2Fdown`;
    expect((await app.inject({ method: 'GET', url: list('before') })).json()).toMatchObject({ status: 'ERROR', code: 'APP_NOT_FOUND' });
    await relay.cut();
    try {
      const main = await app.inject({ method: 'GET', url: profile });
      expect(main.statusCode).toBe(503);
      expect(main.headers['retry-after']).toBe('5');
      expect(main.json()).toMatchObject({ meta: { status: 'Failure', errorCode: 'DATABASE_UNAVAILABLE' } });
      const comments = await app.inject({ method: 'GET', url: list('during') });
      expect(comments.statusCode).toBe(503);
      expect(comments.headers['retry-after']).toBe('5');
      expect(comments.json()).toMatchObject({ status: 'ERROR', code: 'DATABASE_UNAVAILABLE' });
      // The embed module's own error handler: the main envelope.
      const counts = await app.inject({ method: 'GET', url: '/embed/counts.json?appId=during2&url=https%3A%2F%2Fexample.com%2Fdown' });
      expect(counts.statusCode).toBe(503);
      expect(counts.headers['retry-after']).toBe('5');
      expect(counts.json()).toMatchObject({ meta: { status: 'Failure', errorCode: 'DATABASE_UNAVAILABLE' } });
      const health = await app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ status: 'unavailable', failed: ['database'] });
    } finally {
      await relay.restore();
    }
    expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await app.inject({ method: 'GET', url: profile })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: list('after') })).json()).toMatchObject({ status: 'ERROR', code: 'APP_NOT_FOUND' });
  });
});
