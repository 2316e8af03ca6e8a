import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe } from 'vitest';
import { buildApp } from '../src/app.js';
import { testConfig, type Config } from '../src/config.js';
import { migrateToLatest, openDatabase, type Database } from '../src/db/index.js';

export type DatabaseKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when DATABASE_URL is set (CI sets it). */
export const databaseKinds: DatabaseKind[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** Runs a suite once per database kind, from the same test file. */
export function describeEachDatabase(name: string, suite: (kind: DatabaseKind) => void): void {
  for (const kind of databaseKinds) describe(`${name} [${kind}]`, () => suite(kind));
}

export type TestDatabase = { db: Database; close(): Promise<void> };

/** A fresh, migrated database: PGlite in memory, or a new PostgreSQL database dropped on close. */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const db = await openDatabase({ kind: 'pglite', dataDir: null });
    await migrateToLatest(db);
    return { db, close: () => db.destroy() };
  }
  const adminUrl = process.env.DATABASE_URL as string;
  const name = `guffaw_test_${randomBytes(6).toString('hex')}`;
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
  await migrateToLatest(db);
  return {
    db,
    async close() {
      await db.destroy();
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}

export type TestApp = { app: FastifyInstance; db: Database; config: Config; close(): Promise<void> };

/** `beforeReady`: what a test adds to the app before it is ready (a hook of its own). */
export type TestAppOptions = { beforeReady?: (app: FastifyInstance) => void };

/** The whole app, in-process, on a fresh database and a temporary DATA_DIR. */
export async function createTestApp(kind: DatabaseKind, overrides: Partial<Config> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'guffaw-test-'));
  const testDb = await createTestDatabase(kind);
  const config = testConfig({ dataDir, ...overrides });
  const app = await buildApp({ config, db: testDb.db });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    db: testDb.db,
    config,
    async close() {
      await app.close();
      await testDb.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A suite's TestApp, made in beforeAll and closed in afterAll. What it returns reads the app when a test uses it, so
 * the test files of one subject share their setup through one call (a *-fixture.ts beside them) instead of copies.
 */
export function useTestApp(kind: DatabaseKind, overrides: Partial<Config> = {}): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(kind, overrides);
  });
  afterAll(() => current?.close());
  const made = () => {
    if (!current) throw new Error('the test app is made in beforeAll: use it inside a test or hook');
    return current;
  };
  return {
    get app() {
      return made().app;
    },
    get db() {
      return made().db;
    },
    get config() {
      return made().config;
    },
    close: () => made().close(),
  };
}
