import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { pino, type Logger } from 'pino';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { DatabaseUnavailableError, migrateToLatest, openDatabase, startVacuum, type Database } from './db/index.js';
import { lockDataDir } from './lib/data-dir-lock.js';
import { checkFfmpeg, FfmpegMissingError } from './lib/media/ffmpeg.js';
import { copySeededMedia } from './lib/media/migrate.js';
import { isDatabaseEmpty, seedDemo } from './seed/index.js';
import { followPublicUrl } from './modules/site/origin.js';

/** Prints one clear line and exits: what the operator must fix, not a stack trace. */
function fatal(message: string): never {
  process.stderr.write(`guffaw: ${message}\n`);
  process.exit(1);
}

const HELP = `usage: npm start          builds what is missing, then serves everything on PORT
       npm run dev        the same from the sources, restarted when they change
Settings come from the environment (README.md, "Configuration", lists them all), among them:
  PORT (3000); DATA_DIR (./data, relative to where the command is typed); DATABASE_URL (PostgreSQL; unset = the
  embedded database in DATA_DIR/db, one process at a time); PUBLIC_URL; REDIS_URL; SMTP_URL; SESSION_SECRET;
  SEED_DEMO (0 = no demo content on a first start); MEDIA_STORE (s3://BUCKET[/PREFIX]; unset = DATA_DIR/media),
  S3_ENDPOINT, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_REGION; MEDIA_PUBLIC_URL (a CDN or the bucket)
Operator commands, each with --help: npm run comments, npm run ads, npm run seed, npm run media
`;

async function main(): Promise<void> {
  // Answered before any setting is read or any directory made.
  if (process.argv.slice(2).some((a) => a === '--help' || a === '-h')) {
    process.stdout.write(HELP);
    return;
  }
  const started = Date.now();
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fatal(error.message);
    throw error;
  }
  const logger = createLogger(config.logLevel);
  const log = (msg: string) => logger.info(msg);

  // Fail fast, before a first start spends a minute seeding.
  try {
    // Every GIF and video upload needs it: a server without it would accept them and fail each one.
    checkFfmpeg();
  } catch (error) {
    if (error instanceof FfmpegMissingError) fatal(error.message);
    throw error;
  }
  await assertPortFree(config.port, config.host).catch((error: NodeJS.ErrnoException) => fatal(listenErrorMessage(error, config.port)));
  if (!config.databaseUrl) {
    const lock = lockDataDir(config.dataDir);
    if ('heldBy' in lock) fatal(`DATA_DIR ${config.dataDir} is in use by another server (pid ${lock.heldBy}); stop it or set another DATA_DIR`);
    process.on('exit', lock.release);
  }

  let db: Database;
  let migrated = 0;
  try {
    db = await openDatabase(config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir });
    migrated = await migrateToLatest(db);
  } catch (error) {
    if (error instanceof DatabaseUnavailableError) fatal(error.message);
    fatal(`the database could not be opened: ${(error as Error).message}`);
  }
  log(`database ready (${config.databaseUrl ? 'PostgreSQL' : `embedded, ${config.dataDir}/db`})`);

  if (config.seedDemo && (await isDatabaseEmpty(db))) {
    log('empty database: seeding demo content');
    await seedDemo(db, { dataDir: config.dataDir, publicUrl: config.publicUrl, log });
    // The seed draws its pictures into DATA_DIR/media; with MEDIA_STORE they go to the bucket like uploads.
    if (config.mediaStore.kind !== 'disk') log(await copySeededMedia(config));
  }
  const movedFrom = await followPublicUrl(db, config.publicUrl);
  if (movedFrom) log(`PUBLIC_URL moved from ${movedFrom}: stored links, pictures and comment threads now use ${config.publicUrl}`);

  const app = await buildApp({ config, db, loggerInstance: logger });
  const stopVacuum = startVacuum(db, { embedded: !config.databaseUrl, now: migrated > 0, log });
  app.addHook('onClose', async () => stopVacuum());

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await db.destroy().catch(() => undefined);
    fatal(listenErrorMessage(error as NodeJS.ErrnoException, config.port));
  }
  log(`${config.appName} ready on ${config.publicUrl} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  installShutdown(app, db, log);
}

/**
 * One logger for the start lines and the requests: readable lines (pino-pretty, in a worker) on a terminal, one JSON
 * object a line otherwise (a log collector, a pipe, a test).
 */
function createLogger(level: string): Logger {
  if (!process.stdout.isTTY) return pino({ level });
  return pino({ level, transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } } });
}

function listenErrorMessage(error: NodeJS.ErrnoException, port: number): string {
  if (error.code === 'EADDRINUSE') return `port ${port} is already in use; stop the other process or set PORT`;
  if (error.code === 'EACCES') return `no permission to listen on port ${port}; choose a port above 1023 with PORT`;
  return `cannot listen on port ${port}: ${error.message}`;
}

function assertPortFree(port: number, host: string): Promise<void> {
  if (port === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/** SIGTERM/SIGINT: stop accepting, let in-flight requests finish, then close the database cleanly. */
function installShutdown(app: FastifyInstance, db: Database, log: (msg: string) => void): void {
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    log(`${signal}: shutting down`);
    const force = setTimeout(() => {
      process.stderr.write('guffaw: shutdown took over 10 s; exiting\n');
      process.exit(1);
    }, 10_000);
    force.unref();
    app
      .close()
      .then(() => db.destroy())
      .then(() => {
        log('stopped cleanly');
        process.exit(0);
      })
      .catch((error: unknown) => {
        process.stderr.write(`guffaw: error while shutting down: ${(error as Error).message}\n`);
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => fatal((error as Error).message ?? String(error)));
