import { ConfigError, loadConfig, type Config } from '../config.js';
import { DatabaseUnavailableError, migrateToLatest, openDatabase, type Database } from '../db/index.js';
import { dataDirInUse, lockDataDir } from '../lib/data-dir-lock.js';

/**
 * What the operator commands on the database share (`npm run ads`, `comments`, `seed`): --help answered before any
 * setting or database is read, the configuration read as `npm start` reads it (DATA_DIR from the repository root),
 * the embedded database locked (with what to do when a server holds it) or PostgreSQL, migrated, the command run,
 * the database closed. Exit codes: 0 done, 1 a failure (its message on stderr), 2 a usage error (with the usage).
 */
export type DatabaseCli = {
  /** The script's name, the prefix of its messages on stderr. */
  name: string;
  /** The help `argv` asks for, or null (then the command runs). */
  help(argv: string[]): string | null;
  /** Printed after a usage error. */
  usage: string;
  /** A mistake in the arguments (exit 2 with the usage); node's parseArgs errors are ones too. */
  isUsageError(error: unknown): boolean;
  /** A failure found in the arguments before any setting is read (exit 1), or null. */
  check?(argv: string[]): string | null;
  /** The command as typed, to run again once the server is stopped. */
  typed(argv: string[]): string;
  /** Unexpected errors: `report` prints their message (exit 1); otherwise they are thrown (with their stack). */
  unexpected?: 'report' | 'throw';
  /** Runs the command; a number is the exit code. */
  run(db: Database, argv: string[], context: { config: Config; print: (line: string) => void }): Promise<number | void>;
};

const isParseArgsError = (error: unknown) => (error as { code?: string } | null)?.code?.startsWith('ERR_PARSE_ARGS') === true;

export async function runDatabaseCli(cli: DatabaseCli, argv = process.argv.slice(2)): Promise<void> {
  const fail = (message: string): never => {
    process.stderr.write(`${cli.name}: ${message}\n`);
    process.exit(1);
  };
  try {
    await runCli(cli, argv, fail);
  } catch (error) {
    if (cli.unexpected === 'report') fail((error as Error).message ?? String(error));
    throw error;
  }
}

async function runCli(cli: DatabaseCli, argv: string[], fail: (message: string) => never): Promise<void> {
  const help = cli.help(argv);
  if (help !== null) {
    process.stdout.write(help);
    return;
  }
  const problem = cli.check?.(argv);
  if (problem) fail(problem);
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  if (!config.databaseUrl) {
    const lock = lockDataDir(config.dataDir);
    if ('heldBy' in lock) fail(dataDirInUse(config.dataDir, lock.heldBy, cli.typed(argv)));
    else process.on('exit', lock.release);
  }
  let db: Database;
  try {
    db = await openDatabase(config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir });
    await migrateToLatest(db);
  } catch (error) {
    if (error instanceof DatabaseUnavailableError) fail(error.message);
    return fail(`the database could not be opened: ${(error as Error).message}`);
  }
  try {
    const code = await cli.run(db, argv, { config, print: (line) => process.stdout.write(`${line}\n`) });
    if (typeof code === 'number') process.exitCode = code;
  } catch (error) {
    if (cli.isUsageError(error) || isParseArgsError(error)) {
      process.stderr.write(`${cli.name}: ${(error as Error).message}\n${cli.usage}\n`);
      await db.destroy();
      process.exit(2);
    }
    if (cli.unexpected === 'report') await db.destroy();
    throw error;
  }
  await db.destroy();
}
