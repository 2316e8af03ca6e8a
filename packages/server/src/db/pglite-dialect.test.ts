import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteDialect } from './pglite-dialect.js';

type DB = { counters: { id: number; n: number } };

describe('PGlite dialect', () => {
  let db: Kysely<DB>;
  beforeAll(async () => {
    db = new Kysely<DB>({ dialect: new PGliteDialect({ pglite: await PGlite.create() }) });
    await sql`create table counters (id int primary key, n int not null)`.execute(db);
    await db.insertInto('counters').values({ id: 1, n: 0 }).execute();
  });
  afterAll(() => db.destroy());

  const n = async () => (await db.selectFrom('counters').select('n').where('id', '=', 1).executeTakeFirstOrThrow()).n;

  it('runs concurrent transactions and queries one after another, none seeing another half done', async () => {
    const bump = () =>
      db.transaction().execute(async (trx) => {
        const { n: before } = await trx.selectFrom('counters').select('n').where('id', '=', 1).executeTakeFirstOrThrow();
        await new Promise((r) => setTimeout(r, 5));
        await trx.updateTable('counters').set({ n: before + 1 }).where('id', '=', 1).execute();
      });
    const reads: Promise<number>[] = [];
    const bumps = Array.from({ length: 10 }, (_, i) => {
      if (i % 3 === 0) reads.push(n());
      return bump();
    });
    await Promise.all(bumps);
    expect(await n()).toBe(10);
    for (const read of await Promise.all(reads)) expect(read).toBeGreaterThanOrEqual(0);
  });

  it('rolls a failed transaction back and goes on serving', async () => {
    const before = await n();
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.updateTable('counters').set({ n: 1000 }).where('id', '=', 1).execute();
        await sql`select 1 / 0`.execute(trx);
      }),
    ).rejects.toThrow(/division by zero/);
    expect(await n()).toBe(before);
    const result = await db.updateTable('counters').set({ n: before + 1 }).where('id', '=', 1).executeTakeFirst();
    expect(result.numUpdatedRows).toBe(1n);
  });
});
