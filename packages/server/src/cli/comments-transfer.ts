import { createWriteStream, statSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import type { Database } from '../db/index.js';
import { findCommentApp as findApp } from '../modules/comments/index.js';
import { exportDisqus, exportJson } from '../modules/comments/transfer/export.js';
import { importComments } from '../modules/comments/transfer/import.js';
import { parseHostRewrites } from '../modules/comments/transfer/import-urls.js';
import { createProgress } from '../modules/comments/transfer/progress.js';
import { SOURCES, openInput, readSource, type Source } from '../modules/comments/transfer/sources.js';

/**
 * `npm run comments -- import ...` and `export ...` (README.md "Migrating from Disqus, WordPress and Remark42",
 * "Export"); cli/comments.ts hands these two commands here.
 */
export const TRANSFER_COMMANDS: Record<string, string> = {
  import: `npm run comments -- import --app APP_ID --from disqus|wordpress|remark42|json [--rewrite-host OLD=NEW ...] [--report FILE] FILE
    imports a Disqus XML export, a WordPress WXR export, a Remark42 backup (gzipped or not) or our own JSON export
    (FILE - reads stdin); threads become sections by URL, authors app users that a sign-in with the same id or
    e-mail claims; running it again creates nothing twice. Progress on stderr, the summary and the skipped records
    on stdout; --rewrite-host: threads of an old host go to a new one (repeatable); --report: every skipped record
    as JSON lines`,
  export: `npm run comments -- export --app APP_ID --format json|disqus > FILE
    writes the app's sections, users, comments and moderation state to stdout: json (our format, JSON lines,
    re-importable with import --from json) or disqus (Disqus XML, re-importable with import --from disqus)`,
};

export class TransferUsageError extends Error {}

/** Where the commands write besides `print`: the export's data (stdout) and the progress (stderr). */
export type TransferIo = { stdout: Writable; stderr: { write(s: string): unknown; isTTY?: boolean } };

export async function runTransferCommand(
  db: Database,
  command: 'import' | 'export',
  args: string[],
  print: (line: string) => void,
  io: TransferIo = { stdout: process.stdout, stderr: process.stderr },
): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      app: { type: 'string' },
      from: { type: 'string' },
      format: { type: 'string' },
      'rewrite-host': { type: 'string', multiple: true },
      report: { type: 'string' },
    },
    strict: true,
    allowPositionals: command === 'import',
  });
  if (!values.app) throw new TransferUsageError(`${command} needs --app`);
  if (command === 'export') {
    if (values.format !== 'json' && values.format !== 'disqus') throw new TransferUsageError('export needs --format json or --format disqus');
    if (!(await findApp(db, values.app))) throw new TransferUsageError(`no app with id ${values.app}`);
    const { comments } = values.format === 'json' ? await exportJson(db, values.app, io.stdout) : await exportDisqus(db, values.app, io.stdout);
    io.stderr.write(`exported ${comments.toLocaleString('en-US')} comments of ${values.app} as ${values.format}\n`);
    return;
  }
  if (!SOURCES.includes(values.from as Source)) throw new TransferUsageError(`import needs --from ${SOURCES.join('|')}`);
  if (positionals.length !== 1) throw new TransferUsageError('import needs one FILE (or - for stdin)');
  const file = positionals[0] as string;
  let rewriteHosts: Map<string, string>;
  try {
    rewriteHosts = parseHostRewrites(values['rewrite-host'] ?? []);
  } catch (error) {
    throw new TransferUsageError((error as Error).message);
  }
  if (!(await findApp(db, values.app))) throw new TransferUsageError(`no app with id ${values.app}`);
  let size: number | null = null;
  if (file !== '-') {
    try {
      size = statSync(file).size;
    } catch {
      throw new TransferUsageError(`cannot read ${file}`);
    }
  }
  const read = { bytes: 0 };
  const progress = createProgress(io.stderr, size, () => read.bytes);
  const report = values.report ? createWriteStream(values.report) : null;
  const result = await importComments(db, readSource(values.from as Source, openInput(file, read)), {
    appId: values.app,
    source: values.from as Source,
    rewriteHosts,
    onProgress: (s) => progress.update(s),
    onSkip: (item) => {
      report?.write(`${JSON.stringify(item)}\n`);
    },
  }).finally(async () => {
    // The report is on disk before the command says it is done (end() alone only starts the flush).
    if (report) await new Promise<void>((resolve) => report.end(resolve));
  });
  progress.done(result);
  const n = (x: number) => x.toLocaleString('en-US');
  print(
    `imported ${values.from} into ${values.app}: ${n(result.read)} comments read, ${n(result.created)} created, ` +
      `${n(result.existing)} already imported, ${n(result.skipped)} skipped; ${n(result.users)} new users, ${n(result.sections)} new sections`,
  );
  if (result.skipped > 0) {
    print('skipped, by reason:');
    for (const [reason, count] of Object.entries(result.skippedByReason).sort((a, b) => b[1] - a[1])) print(`  ${reason}: ${n(count)}`);
    print('skipped records (source id, reason, detail):');
    for (const item of result.skippedItems) print(`  ${item.sourceId}  ${item.reason}${item.detail ? `  ${item.detail}` : ''}`);
    if (result.skipped > result.skippedItems.length) {
      print(`  ... and ${n(result.skipped - result.skippedItems.length)} more${values.report ? ` (all in ${values.report})` : ' (--report FILE lists them all)'}`);
    }
  }
}
