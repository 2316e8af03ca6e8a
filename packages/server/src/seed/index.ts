import type { Database } from '../db/index.js';

export type SeedOptions = { dataDir: string; publicUrl: string; log: (msg: string) => void };

export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}

export async function seedDemo(_db: Database, options: SeedOptions): Promise<void> {
  options.log('demo content: nothing to seed yet');
}
