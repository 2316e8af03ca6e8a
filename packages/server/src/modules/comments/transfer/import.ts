import type { Database } from '../../../db/index.js';
import { addModerator, findApp } from '../repo/index.js';
import { flushBatch } from './import-batch.js';
import { startRun, type ImportOptions, type ImportReport } from './import-run.js';
import { recomputeSections, sectionState } from './import-sections.js';
// The tables it remembers records and authors in (their row types join DB there).
import './import-tables.js';
import { sectionUrl } from './import-urls.js';
import { ensureUsers } from './import-users.js';
import type { ImportAuthor, ImportComment, ImportRecord } from './records.js';

export type { ImportOptions, ImportReport } from './import-run.js';

/**
 * The writer of an import: records from a reader (sources.ts) become sections, app users and comments of one app, in
 * batches (one transaction each), so a file of any size is written in constant memory. Idempotent: every record is
 * remembered by (app, source, source id) in comment_import_items, and one that is there is passed over; authors are
 * remembered in comment_import_users. After the last batch, every section the import touched has its reply counts,
 * hot scores and total recomputed.
 *
 * Levels (comments.md §3: 1 top-level, 2 reply): a reply to a top-level comment is a reply of its thread; a reply to
 * a reply (any depth in the source) is a level-2 reply of the same thread whose parent is the reply it answered, and
 * its text starts with a mention of that reply's author (`@Name `, as the widget's composer writes it), since the
 * thread no longer shows the nesting.
 */
export async function importComments(db: Database, records: AsyncIterable<ImportRecord>, opts: ImportOptions): Promise<ImportReport> {
  const app = await findApp(db, opts.appId);
  if (!app) throw new Error(`no app with id ${opts.appId}`);
  const run = startRun(db, app, opts);
  const batchSize = opts.batchSize ?? 1000;

  let batch: ImportComment[] = [];
  let users: (ImportAuthor & { banned?: boolean })[] = [];
  const flushUsers = async () => {
    if (users.length === 0) return;
    const list = users;
    users = [];
    await run.db.transaction().execute((trx) => ensureUsers(run, trx, list));
  };
  const flushComments = async () => {
    await flushUsers();
    const list = batch;
    batch = [];
    await flushBatch(run, list);
    run.opts.onProgress?.(run.stats);
  };
  for await (const rec of records) {
    if (rec.kind === 'skip') run.skip(rec.sourceId, rec.reason, rec.detail);
    else if (rec.kind === 'section') await sectionState(run, rec);
    else if (rec.kind === 'moderator') await addModerator(db, app.id, rec.externalId);
    else if (rec.kind === 'user') {
      users.push({
        key: rec.externalId,
        externalId: rec.externalId,
        name: rec.displayName,
        avatarUrl: rec.avatarUrl,
        profileUrl: rec.profileUrl,
        claimId: rec.claim?.id ?? '',
        email: rec.claim?.email ?? '',
        banned: rec.banned,
      });
      if (users.length >= batchSize) await flushUsers();
    } else {
      run.stats.read += 1;
      if (!sectionUrl(rec.url, run.opts.rewriteHosts)) {
        run.skip(rec.sourceId, 'INVALID_URL', `thread URL ${JSON.stringify(rec.url.slice(0, 200))} is not an http(s) page URL`);
        continue;
      }
      batch.push(rec);
      if (run.carry.length > 0) {
        batch.push(...run.carry);
        run.carry = [];
      }
      if (batch.length >= batchSize) await flushComments();
    }
  }
  await flushComments();
  while (run.carry.length > 0) {
    batch = run.carry;
    run.carry = [];
    await flushComments();
  }
  for (const [parent, children] of run.waiting) for (const c of children) run.skip(c.sourceId, 'PARENT_NOT_FOUND', `its parent ${parent} is not in the file`);
  run.waiting.clear();
  await recomputeSections(db, [...run.touched]);
  run.opts.onProgress?.(run.stats);
  return { ...run.stats, skippedByReason: run.skippedByReason, skippedItems: run.skippedItems };
}

