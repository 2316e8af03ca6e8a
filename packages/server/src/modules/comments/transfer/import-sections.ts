import { sql } from 'kysely';
import type { Database } from '../../../db/index.js';
import { commentHotScoreSql } from '../hot-rank.js';
import type { Executor } from '../repo/index.js';
import type { ImportRun } from './import-run.js';
import { sectionUrl } from './import-urls.js';
import type { ImportRecord } from './records.js';

/** The sections of an import: made when first named, their state (locked, status, forum, OP) set, recomputed at the end. */

export async function ensureSections(run: ImportRun, trx: Executor, urls: string[]): Promise<void> {
  const missing = [...new Set(urls)].filter((u) => !run.sectionIds.has(u));
  if (missing.length === 0) return;
  const inserted = await sql<{ id: number; url: string }>`
    insert into comment_sections (app_id, url) select ${run.app.id}, u from unnest(${missing}::text[]) as x(u)
    on conflict (app_id, url) do nothing returning id, url`.execute(trx);
  run.stats.sections += inserted.rows.length;
  for (const r of inserted.rows) run.sectionIds.set(r.url, r.id);
  const rest = missing.filter((u) => !run.sectionIds.has(u));
  if (rest.length > 0) {
    const found = await trx.selectFrom('commentSections').select(['id', 'url']).where('appId', '=', run.app.id).where('url', 'in', rest).execute();
    for (const r of found) run.sectionIds.set(r.url, r.id);
  }
}

export async function sectionState(run: ImportRun, rec: Extract<ImportRecord, { kind: 'section' }>): Promise<void> {
  const url = sectionUrl(rec.url, run.opts.rewriteHosts);
  if (!url) return;
  const set: Record<string, unknown> = {};
  if (rec.locked) set.locked = true;
  if (rec.status && rec.status !== 'open') set.status = rec.status;
  if (rec.isForum) set.isForum = true;
  if (rec.opExternalId) set.opExternalId = rec.opExternalId;
  if (Object.keys(set).length === 0) return;
  await ensureSections(run, run.db, [url]);
  await run.db.updateTable('commentSections').set(set).where('id', '=', run.sectionIds.get(url) as number).execute();
}

/**
 * Brings sections in line with the rules after an import: a deleted comment stays only for its replies (deleted ones
 * that no comment answers go, up the chain), each thread's reply count and hot score are recomputed (hot-rank.ts), and
 * the section total counts the comments people can see (neither deleted nor hidden).
 */
export async function recomputeSections(db: Database, ids: number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 200) {
    const chunk = ids.slice(i, i + 200);
    await db.transaction().execute(async (trx) => {
      for (;;) {
        const { rows } = await sql<{ id: number }>`
          delete from comments c where c.section_id = any(${chunk}::bigint[]) and c.is_deleted
            and not exists (select 1 from comments r where r.parent_id = c.id)
          returning c.id`.execute(trx);
        if (rows.length === 0) break;
      }
      await sql`
        update comments t set children_total = r.n, hot_score = ${commentHotScoreSql(sql`t.like_count`, sql`t.dislike_count`, sql`r.n`)}
        from (select t2.id, count(c.id)::int as n from comments t2
              left join comments c on c.thread_id = t2.id and c.level = 2
              where t2.section_id = any(${chunk}::bigint[]) and t2.level = 1 group by t2.id) r
        where t.id = r.id
          and (t.children_total <> r.n
               or t.hot_score is distinct from ${commentHotScoreSql(sql`t.like_count`, sql`t.dislike_count`, sql`r.n`)})`.execute(trx);
      await sql`
        update comment_sections s set total = coalesce(
          (select count(*)::int from comments c where c.section_id = s.id and not c.is_deleted and not c.is_hidden), 0)
        where s.id = any(${chunk}::bigint[])`.execute(trx);
    });
  }
}
