import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../../db/index.js';
import { commentHotScore } from '../hot-rank.js';
import { insertApp } from '../repo/index.js';
import type { FixtureModel } from './fixtures.js';
import { importComments, type ImportReport } from './import.js';
import { readSource, type Source } from './sources.js';

/** What the import and export test files share: a fresh app per test, an import run, and the imported threads read back. */

let appSeq = 0;
export async function newApp(db: Database): Promise<string> {
  const id = `imp_${process.pid}_${++appSeq}`;
  await insertApp(db, { id, name: `Import ${appSeq}`, secret: 'x'.repeat(32), allowedOrigins: ['https://new.example'] });
  return id;
}

export const run = (db: Database, appId: string, source: Source, text: string, rewrite?: Map<string, string>): Promise<ImportReport> =>
  importComments(db, readSource(source, Readable.from([text])), { appId, source, ...(rewrite ? { rewriteHosts: rewrite } : {}), batchSize: 4 });

export type Row = {
  sourceId: string;
  id: number | null;
  commentId: string | null;
  text: string;
  level: number;
  isDeleted: boolean;
  isHidden: boolean;
  createdAt: Date;
  authorName: string;
  authorExternalId: string;
  url: string;
  parentSource: string | null;
  threadSource: string | null;
  childrenTotal: number;
  hotScore: number;
  likeCount: number;
};

export async function importedRows(db: Database, appId: string, source: Source): Promise<Map<string, Row>> {
  const { rows } = await sql<Row>`
    select i.source_id, c.id, c.comment_id, c.text, c.level, c.is_deleted, c.is_hidden, c.created_at, u.display_name as author_name,
           u.external_id as author_external_id, s.url, pi.source_id as parent_source, ti.source_id as thread_source,
           c.children_total, c.hot_score, c.like_count
    from comment_import_items i
    left join comments c on c.id = i.comment_id
    left join comment_users u on u.id = c.user_id
    left join comment_sections s on s.id = c.section_id
    left join comment_import_items pi on pi.comment_id = c.parent_id and pi.app_id = i.app_id and pi.source = i.source
    left join comment_import_items ti on ti.comment_id = c.thread_id and ti.app_id = i.app_id and ti.source = i.source
    where i.app_id = ${appId} and i.source = ${source}`.execute(db);
  return new Map(rows.map((r) => [r.sourceId, r]));
}

/** Checks every comment of the model: text (with the mention of a folded reply), author, date, parent, level, state. */
export async function checkModel(db: Database, appId: string, source: Source, m: FixtureModel, opts: { prefix?: string; host?: string } = {}) {
  const rows = await importedRows(db, appId, source);
  const pre = opts.prefix ?? '';
  const byId = new Map(m.comments.map((c) => [c.id, c]));
  const depth = (id: string): number => {
    const p = byId.get(id)?.parent;
    return p ? 1 + depth(p) : 1;
  };
  const root = (id: string): string => {
    const p = byId.get(id)?.parent;
    return p ? root(p) : id;
  };
  for (const c of m.comments) {
    const row = rows.get(pre + c.id);
    expect(row, `comment ${c.id}`).toBeDefined();
    const hasReplies = m.comments.some((r) => r.parent === c.id);
    if (c.deleted && !hasReplies) {
      // A deleted comment is kept only for its replies: this one went, and its import row stays (no re-import).
      expect(row?.id, `comment ${c.id} removed`).toBeNull();
      continue;
    }
    const parent = c.parent ? byId.get(c.parent) : undefined;
    const mention = parent && depth(parent.id) >= 2 && !parent.deleted ? `@${parent.name} ` : '';
    const url = (m.threads.find((t) => t.id === c.thread)?.url as string).replace('old.example', opts.host ?? 'old.example');
    expect(
      { text: row?.text, author: row?.authorName, at: row?.createdAt.toISOString(), parent: row?.parentSource, thread: row?.threadSource, level: row?.level },
      `comment ${c.id}`,
    ).toEqual({
      text: c.deleted ? '' : mention + c.text,
      author: c.name,
      at: c.createdAt.toISOString(),
      parent: c.parent ? pre + c.parent : null,
      thread: c.parent ? pre + root(c.id) : null,
      level: c.parent ? 2 : 1,
    });
    expect({ deleted: row?.isDeleted, hidden: row?.isHidden, url: row?.url }, `comment ${c.id} state`).toEqual({
      deleted: c.deleted,
      hidden: c.spam && source !== 'remark42',
      url,
    });
  }
  // Counts and ranks recomputed: replies per thread, hot score with them, section totals of what people can see.
  const top = [...rows.values()].filter((r) => r.id !== null && r.level === 1);
  for (const t of top) {
    const replies = [...rows.values()].filter((r) => r.id !== null && r.threadSource === t.sourceId).length;
    expect(t.childrenTotal, `replies of ${t.sourceId}`).toBe(replies);
    expect(t.hotScore).toBeCloseTo(commentHotScore(t.likeCount, 0, replies, t.createdAt), 6);
  }
  const sections = await db.selectFrom('commentSections').select(['url', 'total']).where('appId', '=', appId).orderBy('url').execute();
  const visible = (thread: number) => m.comments.filter((c) => c.thread === thread && !c.deleted && !(c.spam && source !== 'remark42')).length;
  const host = opts.host ?? 'old.example';
  expect(sections).toEqual(
    m.threads.map((t) => ({ url: t.url.replace('old.example', host), total: visible(t.id) })).sort((a, b) => a.url.localeCompare(b.url)),
  );
}

export type ThreadShape = { url: string; total: number; locked: boolean; comments: { text: string; authorName: string; author: string; createdAt: string; parent: number | null; level: number; isDeleted: boolean; isHidden: boolean; isPinned: boolean; isSensitive: boolean; likeCount: number; childrenTotal: number; votes: number }[] };

/** An app's threads as people see them: sections by url, comments by date with their parent as an index in that list. */
export async function threadsOf(db: Database, appId: string): Promise<ThreadShape[]> {
  const sections = await db.selectFrom('commentSections').select(['id', 'url', 'total', 'locked']).where('appId', '=', appId).orderBy('url').execute();
  const out: ThreadShape[] = [];
  for (const s of sections) {
    const { rows } = await sql<{ id: number; parentId: number | null; text: string; authorName: string; author: string; createdAt: Date; level: number; isDeleted: boolean; isHidden: boolean; isPinned: boolean; isSensitive: boolean; likeCount: number; childrenTotal: number; votes: number }>`
      select c.id, c.parent_id, c.text, u.display_name as author_name, u.external_id as author, c.created_at, c.level, c.is_deleted, c.is_hidden,
             c.is_pinned, c.is_sensitive, c.like_count, c.children_total, (select count(*)::int from comment_likes l where l.comment_id = c.id) as votes
      from comments c join comment_users u on u.id = c.user_id where c.section_id = ${s.id} order by c.created_at, c.id`.execute(db);
    const index = new Map(rows.map((r, i) => [r.id, i]));
    out.push({
      url: s.url,
      total: s.total,
      locked: s.locked,
      comments: rows.map(({ id: _id, parentId, createdAt, ...r }) => ({ ...r, createdAt: createdAt.toISOString(), parent: parentId === null ? null : (index.get(parentId) ?? -1) })),
    });
  }
  return out;
}