import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { diskStore } from '../lib/media/disk-store.js';
import { copyMedia, megabytes, progressLine, type CopyProgress } from '../lib/media/migrate.js';
import { diskMediaDir, openMediaStore } from '../lib/media/open-store.js';

/**
 * Media storage (README.md "Media storage"):
 *   npm run media -- migrate [--dry-run] [--concurrency N]
 * copies DATA_DIR/media to the store MEDIA_STORE names (with S3_ENDPOINT, AWS_*), keeping every key, so the URLs
 * already stored with posts and comments keep working. Resumable: files the store has with the same size are skipped.
 * No database is opened: it may run while servers run.
 */
const USAGE = `usage:
  npm run media -- migrate [--dry-run] [--concurrency N]
     copies every file under DATA_DIR/media to MEDIA_STORE (s3://BUCKET[/PREFIX], with S3_ENDPOINT and AWS_* for
     the credentials); files already there with the same size are skipped, so it can be run again after a stop.
     --dry-run: count what would be copied; --concurrency: files copied at once (8).`;

export class MediaUsageError extends Error {}

export type MediaCommandIO = {
  /** The summary (stdout). */
  print: (line: string) => void;
  /** Progress and failures (stderr). */
  status: { write: (text: string) => void; isTTY?: boolean };
};

/** Runs the command against an already read configuration; returns the exit code. */
export async function runMediaCommand(config: Parameters<typeof openMediaStore>[0], argv: string[], io: MediaCommandIO): Promise<number> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({ args: rest, options: { 'dry-run': { type: 'boolean' }, concurrency: { type: 'string' } }, strict: true });
  if (command !== 'migrate') throw new MediaUsageError(command ? `unknown command "${command}"` : 'a command is needed');
  const concurrency = Number(values.concurrency ?? '8');
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) throw new MediaUsageError('--concurrency must be a whole number from 1 to 64');
  if (config.mediaStore.kind === 'disk') {
    throw new MediaUsageError('MEDIA_STORE is not set, so media already live in DATA_DIR/media: set MEDIA_STORE=s3://BUCKET[/PREFIX] (and S3_ENDPOINT, AWS_*) to copy them there');
  }
  const dir = diskMediaDir(config);
  const from = diskStore(dir);
  const to = await openMediaStore(config);
  io.status.write(`media: ${values['dry-run'] ? 'counting what to copy' : 'copying'} ${dir} to ${to.description}\n`);
  const report = reporter(io.status);
  try {
    const summary = await copyMedia(dir, from, to, { concurrency, dryRun: values['dry-run'] === true, onProgress: report.update });
    report.end(summary);
    for (const f of summary.failures) io.status.write(`media: ${f.key} not copied: ${f.reason}\n`);
    const verb = values['dry-run'] ? 'would copy' : 'copied';
    io.print(
      `media migrate: ${summary.files} files (${megabytes(summary.bytes)}) in ${dir}; ${verb} ${summary.copied} (${megabytes(summary.copiedBytes)}), ` +
        `skipped ${summary.skipped} already in ${to.description}, failed ${summary.failed}; ${summary.seconds.toFixed(1)} s`,
    );
    if (summary.failed > 0) io.print('media migrate: run it again to copy the files that failed (the others are skipped)');
    return summary.failed > 0 ? 1 : 0;
  } finally {
    to.close();
  }
}

/** A bar redrawn in place on a terminal (at most 10 times a second); elsewhere a line at each tenth of the way. */
function reporter(out: MediaCommandIO['status']) {
  let last = 0;
  let lastTenth = -1;
  return {
    update(p: CopyProgress) {
      if (out.isTTY) {
        if (Date.now() - last < 100 && p.doneFiles < p.files) return;
        last = Date.now();
        out.write(`\r${progressLine(p)}`);
        return;
      }
      const tenth = p.files === 0 ? 10 : Math.floor((p.doneFiles / p.files) * 10);
      if (tenth === lastTenth) return;
      lastTenth = tenth;
      out.write(`${progressLine(p)}\n`);
    },
    end(p: CopyProgress) {
      if (out.isTTY) out.write(`\r${progressLine(p)}\n`);
    },
  };
}

async function main(): Promise<void> {
  const fail = (msg: string, code = 1): never => {
    process.stderr.write(`media: ${msg}\n`);
    process.exit(code);
  };
  const args = process.argv.slice(2);
  if (args.length === 0 || args.some((a) => a === '--help' || a === '-h') || args[0] === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) return fail(error.message);
    throw error;
  }
  try {
    process.exitCode = await runMediaCommand(config, args, { print: (line) => process.stdout.write(`${line}\n`), status: process.stderr });
  } catch (error) {
    if (error instanceof MediaUsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      fail(`${(error as Error).message}\n${USAGE}`, 2);
    }
    // The store could not be listed or reached at all: its own words, no stack.
    if ((error as Error).name === 'StorageUnavailableError') fail((error as Error).message);
    throw error;
  }
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) await main();
