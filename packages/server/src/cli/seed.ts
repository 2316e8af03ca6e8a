/**
 * `npm run seed`: seeds the demo content into the database of the current configuration (DATA_DIR, DATABASE_URL,
 * PUBLIC_URL as the server reads them). It refuses when the database already has content; `--force` empties every
 * table (and the demo media) first.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigError, loadConfig, type Config } from '../config.js';
import { DatabaseUnavailableError, migrateToLatest, openDatabase, type Database } from '../db/index.js';
import { dataDirInUse, lockDataDir } from '../lib/data-dir-lock.js';
import { countContent, seedDemo, wipeContent } from '../seed/index.js';

const USAGE = 'usage: npm run seed [-- --force]\n  --force  empty every table first, then seed the demo content again\n';

function fail(message: string): never {
  process.stderr.write(`seed: ${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(USAGE);
    return;
  }
  const unknown = args.filter((a) => a !== '--force');
  if (unknown.length) fail(`unknown option ${unknown.join(' ')}\n${USAGE}`);
  const force = args.includes('--force');

  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  if (!config.databaseUrl) {
    const lock = lockDataDir(config.dataDir);
    if ('heldBy' in lock) fail(dataDirInUse(config.dataDir, lock.heldBy, `npm run seed${force ? ' -- --force' : ''}`));
    process.on('exit', lock.release);
  }
  const log = (msg: string) => process.stdout.write(`${new Date().toISOString()} ${msg}\n`);

  let db: Database;
  try {
    db = await openDatabase(config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir });
    await migrateToLatest(db);
  } catch (error) {
    if (error instanceof DatabaseUnavailableError) fail(error.message);
    fail(`the database could not be opened: ${(error as Error).message}`);
  }
  try {
    const content = await countContent(db);
    if (content.users + content.posts + content.comments > 0) {
      if (!force) {
        process.stderr.write(
          `seed: the database already has content (${content.users} users, ${content.posts} posts, ${content.comments} comments); ` +
            'nothing was changed.\nRun `npm run seed -- --force` to empty it and seed the demo content again.\n',
        );
        process.exitCode = 1;
        return;
      }
      log('--force: emptying every table');
      await wipeContent(db);
      // Media of the wiped posts and avatars; other files under media/ are left alone.
      await Promise.all(['posts', 'avatars', 'interests'].map((dir) => rm(join(config.dataDir, 'media', dir), { recursive: true, force: true })));
    }
    await seedDemo(db, { dataDir: config.dataDir, publicUrl: config.publicUrl, log });
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => fail((error as Error).message ?? String(error)));
