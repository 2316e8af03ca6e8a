import { ensureUsers } from './import-users.js';
import { ensureSections } from './import-sections.js';
import { finalText, insertWave, parentsFromDb } from './import-comments.js';
import type { ImportRun, ParentInfo, Ready } from './import-run.js';
import { sectionUrl } from './import-urls.js';
import type { ImportComment } from './records.js';

/**
 * One batch of an import's comments in one transaction: records imported before are passed over, authors and sections
 * made, then the comments written in waves, parents before their replies; a reply whose parent is not seen yet waits.
 */

export async function flushBatch(run: ImportRun, batch: ImportComment[]): Promise<void> {
  if (batch.length === 0) return;
  await run.db.transaction().execute(async (trx) => {
    // Already imported (an earlier run), or twice in this batch.
    const done = await trx
      .selectFrom('commentImportItems')
      .select('sourceId')
      .where('appId', '=', run.app.id)
      .where('source', '=', run.source)
      .where('sourceId', 'in', batch.map((r) => r.sourceId))
      .execute();
    const seen = new Set(done.map((d) => d.sourceId));
    const fresh: Ready[] = [];
    for (const rec of batch) {
      if (seen.has(rec.sourceId)) {
        run.stats.existing += 1;
        // Replies waiting for it can go now: it is in the database.
        const children = run.waiting.get(rec.sourceId);
        if (children) {
          run.waiting.delete(rec.sourceId);
          run.carry.push(...children);
        }
        continue;
      }
      seen.add(rec.sourceId);
      fresh.push({ rec: { ...rec, url: sectionUrl(rec.url, run.opts.rewriteHosts) as string }, sectionId: 0 });
    }
    if (fresh.length === 0) return;
    const authors = fresh.map((r) => r.rec.author);
    const delegates = fresh.flatMap((r) => (r.rec.extra?.delegate ? [{ key: r.rec.extra.delegate, externalId: r.rec.extra.delegate, name: '', claimId: '', email: '', avatarUrl: '', profileUrl: '' }] : []));
    await ensureUsers(run, trx, [...authors, ...delegates]);
    await ensureSections(run, trx, fresh.map((r) => r.rec.url));
    for (const r of fresh) r.sectionId = run.sectionIds.get(r.rec.url) as number;

    const inBatch = new Set(fresh.map((r) => r.rec.sourceId));
    const outside = [...new Set(fresh.map((r) => r.rec.parentSourceId).filter((p): p is string => p !== null && !inBatch.has(p)))];
    const parents = await parentsFromDb(run, trx, outside);
    /** Records of this batch that wait for a parent not seen yet: their replies in the batch wait with them. */
    const deferred = new Set<string>();
    let todo = fresh;
    for (;;) {
      const wave: { r: Ready; parent: ParentInfo | null; text: string; mapping: Record<string, string> }[] = [];
      const next: Ready[] = [];
      for (const r of todo) {
        const p = r.rec.parentSourceId;
        let parent: ParentInfo | null = null;
        if (p !== null) {
          if (inBatch.has(p) && !parents.has(p)) {
            next.push(r);
            continue;
          }
          if (!parents.has(p)) {
            if (run.skippedIds.has(p)) run.skip(r.rec.sourceId, 'PARENT_SKIPPED', `its parent ${p} was skipped`);
            else {
              run.waiting.set(p, [...(run.waiting.get(p) ?? []), r.rec]);
              deferred.add(r.rec.sourceId);
            }
            continue;
          }
          parent = parents.get(p) ?? null;
          if (!parent) {
            run.skip(r.rec.sourceId, 'PARENT_REMOVED', `its parent ${p} was imported before and has since been removed`);
            continue;
          }
          if (parent.sectionId !== r.sectionId) {
            run.skip(r.rec.sourceId, 'PARENT_IN_OTHER_THREAD', `its parent ${p} belongs to another page`);
            continue;
          }
        }
        const t = finalText(run, r.rec, parent);
        if ('error' in t) {
          run.skip(r.rec.sourceId, t.error, t.detail);
          inBatch.delete(r.rec.sourceId);
          continue;
        }
        wave.push({ r, parent, ...t });
      }
      if (wave.length === 0) {
        // What is left answers a record that waits (it waits too), or one skipped in this batch, or is a cycle.
        let moved = true;
        while (moved) {
          moved = false;
          for (const r of next) {
            const p = r.rec.parentSourceId as string;
            if (deferred.has(p) && !deferred.has(r.rec.sourceId)) {
              run.waiting.set(p, [...(run.waiting.get(p) ?? []), r.rec]);
              deferred.add(r.rec.sourceId);
              moved = true;
            }
          }
        }
        for (const r of next) {
          if (deferred.has(r.rec.sourceId)) continue;
          const p = r.rec.parentSourceId as string;
          run.skip(r.rec.sourceId, run.skippedIds.has(p) ? 'PARENT_SKIPPED' : 'PARENT_NOT_FOUND', `its parent ${p} could not be placed`);
        }
        break;
      }
      for (const [id, info] of await insertWave(run, trx, wave)) {
        parents.set(id, info);
        run.touched.add(info.sectionId);
        const children = run.waiting.get(id);
        if (children) {
          run.waiting.delete(id);
          run.carry.push(...children);
        }
      }
      if (next.length === 0) break;
      todo = next;
    }
  });
}
