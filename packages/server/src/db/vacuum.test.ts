import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrateToLatest, openDatabase, startVacuum, VACUUM_INTERVAL_MS, type Database } from './index.js';

describe('embedded database vacuum', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase({ kind: 'pglite', dataDir: null });
    expect(await migrateToLatest(db)).toBeGreaterThan(0);
    expect(await migrateToLatest(db)).toBe(0);
  });
  afterAll(() => db.destroy());

  const deadRows = async () =>
    Number((await sql<{ n: number }>`select n_dead_tup as n from pg_stat_user_tables where relname = 'tags'`.execute(db)).rows[0]?.n ?? 0);

  it('reclaims dead rows at once after migrations, then every interval; nothing on PostgreSQL', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      await sql`insert into tags (key) select 'vacuum-' || g from generate_series(1, 200) g`.execute(db);
      await sql`update tags set description = 'x' where key like 'vacuum-%'`.execute(db);
      await vi.waitFor(async () => expect(await deadRows()).toBeGreaterThan(0));
      const logs: string[] = [];
      const log = (msg: string) => logs.push(msg);

      expect(startVacuum(db, { embedded: false, now: true, log })).toBeTypeOf('function');
      const stop = startVacuum(db, { embedded: true, now: true, log });
      await vi.waitFor(() => expect(logs.join()).toMatch(/vacuumed and analyzed in \d+ ms/), { timeout: 10_000 });
      expect(logs).toHaveLength(1);
      expect(await deadRows()).toBe(0);

      await sql`update tags set description = 'y' where key like 'vacuum-%'`.execute(db);
      // PostgreSQL sends a backend's statistics at most once a second: the dead rows may show a second later.
      await vi.waitFor(async () => expect(await deadRows()).toBeGreaterThan(0), { timeout: 5000 });
      vi.advanceTimersByTime(VACUUM_INTERVAL_MS);
      await vi.waitFor(async () => expect(await deadRows()).toBe(0), { timeout: 10_000 });
      stop();
      await sql`update tags set description = 'z' where key like 'vacuum-%'`.execute(db);
      vi.advanceTimersByTime(VACUUM_INTERVAL_MS);
      await vi.waitFor(async () => expect(await deadRows()).toBeGreaterThan(0), { timeout: 5000 });
    } finally {
      vi.useRealTimers();
    }
  });
});
