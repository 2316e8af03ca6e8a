import type { Migration, MigrationProvider } from 'kysely/migration';
import * as core from './0001-core.js';
import * as accounts from './0002-accounts.js';
import * as feeds from './0003-feeds.js';

/** Migrations are imported, not read from disk, so the compiled server and the tests run the same list. */
export const migrations: Record<string, Migration> = {
  '0001-core': core,
  '0002-accounts': accounts,
  '0003-feeds': feeds,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
