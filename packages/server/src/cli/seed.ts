/**
 * `npm run seed`: seeds the demo content into the database of the current configuration (DATA_DIR, DATABASE_URL,
 * PUBLIC_URL as the server reads them). It refuses when the database already has content; `--force` empties every
 * table (and the demo media) first.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { countContent, seedDemo, wipeContent } from '../seed/index.js';
import { runDatabaseCli, type DatabaseCli } from './runner.js';

const USAGE = 'usage: npm run seed [-- --force]\n  --force  empty every table first, then seed the demo content again\n';

/** `npm run seed` (cli/runner.ts: help, settings, the database, exit codes). */
export const seedCli: DatabaseCli = {
  name: 'seed',
  help: (args) => (args.includes('--help') || args.includes('-h') ? USAGE : null),
  usage: USAGE,
  isUsageError: () => false,
  check: (args) => {
    const unknown = args.filter((a) => a !== '--force');
    return unknown.length ? `unknown option ${unknown.join(' ')}\n${USAGE}` : null;
  },
  typed: (args) => `npm run seed${args.includes('--force') ? ' -- --force' : ''}`,
  unexpected: 'report',
  async run(db, args, { config }) {
    const log = (msg: string) => process.stdout.write(`${new Date().toISOString()} ${msg}\n`);
    const content = await countContent(db);
    if (content.users + content.posts + content.comments > 0) {
      if (!args.includes('--force')) {
        process.stderr.write(
          `seed: the database already has content (${content.users} users, ${content.posts} posts, ${content.comments} comments); ` +
            'nothing was changed.\nRun `npm run seed -- --force` to empty it and seed the demo content again.\n',
        );
        return 1;
      }
      log('--force: emptying every table');
      await wipeContent(db);
      // Media of the wiped posts and avatars; other files under media/ are left alone.
      await Promise.all(['posts', 'avatars', 'interests'].map((dir) => rm(join(config.dataDir, 'media', dir), { recursive: true, force: true })));
    }
    await seedDemo(db, { dataDir: config.dataDir, publicUrl: config.publicUrl, log });
  },
};

await runDatabaseCli(seedCli);
