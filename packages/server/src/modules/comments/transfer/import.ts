import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../../../db/index.js';
import { commentHotScore, commentHotScoreSql } from '../hot-rank.js';
import { addModerator, findApp, type AppRow, type Executor } from '../repo/index.js';
import { normalizeCommentText } from '../text.js';
import type { Generated, Int8, Timestamp } from '../../../db/schema.js';
import type { ImportAuthor, ImportComment, ImportRecord, Source } from './sources.js';

/** 0020-comment-imports. */
export interface CommentImportItems {
  appId: string;
  source: string;
  sourceId: string;
  commentId: Int8 | null;
  createdAt: Generated<Timestamp>;
}
export interface CommentImportUsers {
  appId: string;
  source: string;
  sourceKey: string;
  userId: Int8;
  claimId: string | null;
  claimEmail: string | null;
  claimedAt: Timestamp | null;
  createdAt: Generated<Timestamp>;
}

declare module '../../../db/schema.js' {
  interface DB {
    commentImportItems: CommentImportItems;
    commentImportUsers: CommentImportUsers;
  }
}

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
export type ImportOptions = {
  appId: string;
  source: Source;
  /** Host rewrites: old host (lower case) -> new host, applied to every thread URL. */
  rewriteHosts?: Map<string, string>;
  batchSize?: number;
  /** Called after each batch (progress bar). */
  onProgress?: (stats: ImportStats) => void;
  /** Every skipped record, as it is skipped (the CLI writes them to the report). */
  onSkip?: (item: SkippedItem) => void;
};

export type ImportStats = { read: number; created: number; existing: number; skipped: number; users: number; sections: number };
export type SkippedItem = { sourceId: string; reason: string; detail: string };
export type ImportReport = ImportStats & { skippedByReason: Record<string, number>; skippedItems: SkippedItem[] };

/** Skipped records the report keeps in memory (all of them go to onSkip). */
const REPORT_ITEMS = 1000;
const CACHE_MAX = 20_000;
const SKIPPED_IDS_MAX = 200_000;
const newId = () => randomBytes(9).toString('base64url');

/** Parses `old=new` host rewrites (CLI --rewrite-host). */
export function parseHostRewrites(values: string[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const v of values) {
    const m = /^([^=\s/]+)=([^=\s/]+)$/.exec(v.trim());
    if (!m) throw new Error(`--rewrite-host ${v}: expected OLD_HOST=NEW_HOST (e.g. old.example=new.example)`);
    map.set((m[1] as string).toLowerCase(), (m[2] as string).toLowerCase());
  }
  return map;
}

/** The section URL of a thread: http(s) only, the host rewritten when asked; null when it is not a page URL. */
export function sectionUrl(raw: string, rewrites: Map<string, string> | undefined): string | null {
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  const to = rewrites?.get(u.host.toLowerCase()) ?? rewrites?.get(u.hostname.toLowerCase());
  if (to) u.host = to;
  const out = u.toString();
  return out.length > 2048 ? null : out;
}

type ParentInfo = { id: number; level: number; threadId: number | null; sectionId: number; authorName: string; authorProfileUrl: string; isDeleted: boolean; opStatus: number };
type Ready = { rec: ImportComment; sectionId: number };

class BoundedMap<V> extends Map<string, V> {
  constructor(private readonly max: number) {
    super();
  }
  override set(key: string, value: V): this {
    if (this.size >= this.max && !this.has(key)) {
      const oldest = this.keys().next().value;
      if (oldest !== undefined) this.delete(oldest);
    }
    return super.set(key, value);
  }
}

export async function importComments(db: Database, records: AsyncIterable<ImportRecord>, opts: ImportOptions): Promise<ImportReport> {
  const app = await findApp(db, opts.appId);
  if (!app) throw new Error(`no app with id ${opts.appId}`);
  const { source } = opts;
  const batchSize = opts.batchSize ?? 1000;
  const stats: ImportStats = { read: 0, created: 0, existing: 0, skipped: 0, users: 0, sections: 0 };
  const skippedByReason: Record<string, number> = {};
  const skippedItems: SkippedItem[] = [];
  const skippedIds = new Set<string>();
  const userIds = new BoundedMap<number>(CACHE_MAX);
  const sectionIds = new BoundedMap<number>(CACHE_MAX);
  const touched = new Set<number>();
  /** Records whose parent has not been seen yet, by that parent's source id. */
  const waiting = new Map<string, ImportComment[]>();
  /** Records whose parent was just written: they go with the next batch. */
  let carry: ImportComment[] = [];

  const skip = (sourceId: string, reason: string, detail = '') => {
    stats.skipped += 1;
    skippedByReason[reason] = (skippedByReason[reason] ?? 0) + 1;
    const item = { sourceId, reason, detail };
    if (skippedItems.length < REPORT_ITEMS) skippedItems.push(item);
    opts.onSkip?.(item);
    if (skippedIds.size < SKIPPED_IDS_MAX) skippedIds.add(sourceId);
    // Replies that waited for it cannot be placed either.
    const children = waiting.get(sourceId);
    if (children) {
      waiting.delete(sourceId);
      for (const c of children) skip(c.sourceId, 'PARENT_SKIPPED', `its parent ${sourceId} was skipped`);
    }
  };

  // --- users --------------------------------------------------------------------------------------------------

  const externalIdOf = (a: ImportAuthor) => a.externalId ?? `import:${source}:${a.key}`;
  /** App user ids of authors (created when new), by author key. */
  async function ensureUsers(trx: Executor, authors: (ImportAuthor & { banned?: boolean })[]): Promise<void> {
    const missing = new Map<string, ImportAuthor & { banned?: boolean }>();
    for (const a of authors) if (!userIds.has(a.key)) missing.set(a.key, a);
    if (missing.size === 0) return;
    const keys = [...missing.keys()];
    const known = await trx
      .selectFrom('commentImportUsers')
      .select(['sourceKey', 'userId'])
      .where('appId', '=', app!.id)
      .where('source', '=', source)
      .where('sourceKey', 'in', keys)
      .execute();
    for (const k of known) {
      userIds.set(k.sourceKey, k.userId);
      missing.delete(k.sourceKey);
    }
    if (missing.size === 0) return;
    const list = [...missing.values()];
    const rows = await sql<{ id: number; externalId: string; created: boolean }>`
      insert into comment_users as cu (app_id, external_id, user_id, display_name, avatar_url, profile_url, banned_at)
      select ${app!.id}, x.external_id, x.user_id, x.display_name, x.avatar_url, x.profile_url,
             case when x.banned then now() end
      from unnest(${list.map(externalIdOf)}::text[], ${list.map(() => newId())}::text[],
                  ${list.map((a) => (a.name.trim() || 'Anonymous').slice(0, 100))}::text[], ${list.map((a) => a.avatarUrl)}::text[],
                  ${list.map((a) => a.profileUrl)}::text[], ${list.map((a) => a.banned === true)}::boolean[])
        as x(external_id, user_id, display_name, avatar_url, profile_url, banned)
      on conflict (app_id, external_id) do update set display_name = cu.display_name
      returning id, external_id, (xmax = 0) as created`.execute(trx);
    const byExternal = new Map(rows.rows.map((r) => [r.externalId, r]));
    stats.users += rows.rows.filter((r) => r.created).length;
    const links = list.map((a) => ({ a, id: byExternal.get(externalIdOf(a))?.id as number }));
    await sql`
      insert into comment_import_users (app_id, source, source_key, user_id, claim_id, claim_email)
      select ${app!.id}, ${source}, x.k, x.u, nullif(x.c, ''), nullif(x.e, '')
      from unnest(${links.map((l) => l.a.key)}::text[], ${links.map((l) => l.id)}::bigint[],
                  ${links.map((l) => l.a.claimId)}::text[], ${links.map((l) => l.a.email)}::text[]) as x(k, u, c, e)
      on conflict do nothing`.execute(trx);
    for (const l of links) userIds.set(l.a.key, l.id);
  }

  // --- sections -----------------------------------------------------------------------------------------------

  async function ensureSections(trx: Executor, urls: string[]): Promise<void> {
    const missing = [...new Set(urls)].filter((u) => !sectionIds.has(u));
    if (missing.length === 0) return;
    const inserted = await sql<{ id: number; url: string }>`
      insert into comment_sections (app_id, url) select ${app!.id}, u from unnest(${missing}::text[]) as x(u)
      on conflict (app_id, url) do nothing returning id, url`.execute(trx);
    stats.sections += inserted.rows.length;
    for (const r of inserted.rows) sectionIds.set(r.url, r.id);
    const rest = missing.filter((u) => !sectionIds.has(u));
    if (rest.length > 0) {
      const found = await trx.selectFrom('commentSections').select(['id', 'url']).where('appId', '=', app!.id).where('url', 'in', rest).execute();
      for (const r of found) sectionIds.set(r.url, r.id);
    }
  }

  async function sectionState(rec: Extract<ImportRecord, { kind: 'section' }>): Promise<void> {
    const url = sectionUrl(rec.url, opts.rewriteHosts);
    if (!url) return;
    const set: Record<string, unknown> = {};
    if (rec.locked) set.locked = true;
    if (rec.status && rec.status !== 'open') set.status = rec.status;
    if (rec.isForum) set.isForum = true;
    if (rec.opExternalId) set.opExternalId = rec.opExternalId;
    if (Object.keys(set).length === 0) return;
    await ensureSections(db, [url]);
    await db.updateTable('commentSections').set(set).where('id', '=', sectionIds.get(url) as number).execute();
  }

  // --- comments -----------------------------------------------------------------------------------------------

  async function parentsFromDb(trx: Executor, ids: string[]): Promise<Map<string, ParentInfo | null>> {
    const out = new Map<string, ParentInfo | null>();
    if (ids.length === 0) return out;
    const res = await sql<ParentInfo & { sourceId: string; gone: boolean }>`
      select i.source_id, c.id, c.level, c.thread_id, c.section_id, c.is_deleted, c.op_status,
             coalesce(u.display_name, '') as author_name, coalesce(u.profile_url, '') as author_profile_url, c.id is null as gone
      from comment_import_items i
      left join comments c on c.id = i.comment_id
      left join comment_users u on u.id = coalesce(c.delegate_user_id, c.user_id)
      where i.app_id = ${app!.id} and i.source = ${source} and i.source_id = any(${ids}::text[])`.execute(trx);
    for (const r of res.rows) out.set(r.sourceId, r.gone ? null : r);
    return out;
  }

  /** The stored text of a record (comment text rules, text.ts) with its mention when it answers a reply. */
  function finalText(rec: ImportComment, parent: ParentInfo | null): { text: string; mapping: Record<string, string> } | { error: string; detail: string } {
    if (rec.deleted) return { text: '', mapping: {} };
    let text = normalizeCommentText(rec.text);
    const mapping: Record<string, string> = { ...(rec.extra?.mentionMapping ?? {}) };
    if (!rec.extra && parent && parent.level === 2 && !parent.isDeleted) {
      const name = parent.opStatus === 2 ? 'OP' : parent.authorName;
      if (name && !text.toLowerCase().startsWith(`@${name.toLowerCase()}`)) text = `@${name} ${text}`;
      if (name && parent.opStatus !== 2 && parent.authorProfileUrl.includes('/u/')) mapping[name] = parent.authorProfileUrl;
    }
    if (text.includes('\0')) return { error: 'INVALID_CHARACTERS', detail: 'the text holds NUL characters' };
    const length = [...text].length;
    if (length > app!.maxMessageLength) return { error: 'TEXT_TOO_LONG', detail: `${length} characters, the app allows ${app!.maxMessageLength}` };
    const hasMedia = Array.isArray(rec.extra?.media) && (rec.extra?.media as unknown[]).length > 0;
    if (text === '' && !hasMedia && !(Array.isArray(rec.extra?.attachments) && (rec.extra?.attachments as unknown[]).length > 0)) {
      return { error: 'EMPTY_COMMENT', detail: 'no text left (after HTML was converted)' };
    }
    return { text, mapping };
  }

  async function insertWave(trx: Executor, wave: { r: Ready; parent: ParentInfo | null; text: string; mapping: Record<string, string> }[]): Promise<Map<string, ParentInfo>> {
    const col = <T>(f: (w: (typeof wave)[number]) => T) => wave.map(f);
    const likes = (w: (typeof wave)[number]) => w.r.rec.extra?.votes.filter((v) => v[1] === 1).length ?? 0;
    const dislikes = (w: (typeof wave)[number]) => w.r.rec.extra?.votes.filter((v) => v[1] === -1).length ?? 0;
    const res = await sql<{ sourceId: string; id: number }>`
      with input as (
        select * from unnest(
          ${col((w) => w.r.rec.sourceId)}::text[], ${col((w) => w.r.rec.extra?.commentId ?? null)}::text[], ${col(() => newId())}::text[],
          ${col((w) => w.r.sectionId)}::bigint[], ${col((w) => userIds.get(w.r.rec.author.key) as number)}::bigint[],
          ${col((w) => (w.r.rec.extra?.delegate ? userIds.get(w.r.rec.extra.delegate) ?? null : null))}::bigint[],
          ${col((w) => w.parent?.id ?? null)}::bigint[],
          ${col((w) => (w.parent ? (w.parent.level === 1 ? w.parent.id : w.parent.threadId) : null))}::bigint[],
          ${col((w) => (w.parent ? 2 : 1))}::smallint[], ${col((w) => (w.r.rec.deleted ? 'text' : w.r.rec.extra?.type ?? 'text'))}::text[],
          ${col((w) => w.text)}::text[],
          ${col((w) => JSON.stringify(w.r.rec.deleted ? [] : w.r.rec.extra?.media ?? []))}::text[],
          ${col((w) => JSON.stringify(w.r.rec.deleted ? [] : w.r.rec.extra?.attachments ?? []))}::text[],
          ${col((w) => JSON.stringify(w.mapping))}::text[], ${col((w) => w.r.rec.extra?.opStatus ?? 0)}::smallint[],
          ${col((w) => w.r.rec.createdAt.toISOString())}::text[],
          ${col((w) => commentHotScore(likes(w), dislikes(w), 0, w.r.rec.createdAt))}::float8[],
          ${col(likes)}::int[], ${col(dislikes)}::int[], ${col((w) => w.r.rec.deleted)}::boolean[], ${col((w) => w.r.rec.hidden)}::boolean[],
          ${col((w) => !w.parent && !w.r.rec.deleted && w.r.rec.extra?.isPinned === true)}::boolean[],
          ${col((w) => w.r.rec.extra?.isSensitive === true)}::boolean[], ${col((w) => w.r.rec.extra?.isOffensive === true)}::boolean[]
        ) as i(source_id, wanted_id, fresh_id, section_id, user_id, delegate_user_id, parent_id, thread_id, level, type, text, media,
               attachments, mention_mapping, op_status, created_at, hot_score, like_count, dislike_count, is_deleted, is_hidden,
               is_pinned, is_sensitive, is_offensive)
      ), chosen as (
        select i.*, case when i.wanted_id is not null and not exists (select 1 from comments c where c.comment_id = i.wanted_id)
                         then i.wanted_id else i.fresh_id end as comment_id
        from input i
      ), ins as (
        insert into comments (comment_id, section_id, user_id, delegate_user_id, parent_id, thread_id, level, type, text, media,
                              attachments, mention_mapping, op_status, created_at, updated_at, hot_score, like_count, dislike_count,
                              is_deleted, is_hidden, is_pinned, pinned_at, is_sensitive, is_offensive)
        select comment_id, section_id, user_id, delegate_user_id, parent_id, thread_id, level, type, text, media::jsonb,
               attachments::jsonb, mention_mapping::jsonb, op_status, created_at::timestamptz, created_at::timestamptz, hot_score,
               like_count, dislike_count, is_deleted, is_hidden, is_pinned, case when is_pinned then created_at::timestamptz end,
               is_sensitive, is_offensive
        from chosen
        returning id, comment_id
      )
      insert into comment_import_items (app_id, source, source_id, comment_id)
      select ${app!.id}, ${source}, ch.source_id, ins.id from chosen ch join ins on ins.comment_id = ch.comment_id
      returning source_id, comment_id as id`.execute(trx);
    const ids = new Map(res.rows.map((r) => [r.sourceId, r.id]));
    const out = new Map<string, ParentInfo>();
    for (const w of wave) {
      const id = ids.get(w.r.rec.sourceId) as number;
      out.set(w.r.rec.sourceId, {
        id,
        level: w.parent ? 2 : 1,
        threadId: w.parent ? (w.parent.level === 1 ? w.parent.id : w.parent.threadId) : null,
        sectionId: w.r.sectionId,
        authorName: w.r.rec.author.name,
        authorProfileUrl: w.r.rec.author.profileUrl,
        isDeleted: w.r.rec.deleted,
        opStatus: w.r.rec.extra?.opStatus ?? 0,
      });
    }
    const votes = wave.flatMap((w) => (w.r.rec.extra?.votes ?? []).map((v) => ({ c: ids.get(w.r.rec.sourceId) as number, u: v[0], v: v[1] })));
    if (votes.length > 0) {
      await sql`
        insert into comment_likes (comment_id, user_id, value)
        select x.c, cu.id, x.v from unnest(${votes.map((v) => v.c)}::bigint[], ${votes.map((v) => v.u)}::text[], ${votes.map((v) => v.v)}::smallint[]) as x(c, u, v)
        join comment_users cu on cu.app_id = ${app!.id} and cu.external_id = x.u
        on conflict do nothing`.execute(trx);
    }
    stats.created += wave.length;
    return out;
  }

  async function flush(batch: ImportComment[]): Promise<void> {
    if (batch.length === 0) return;
    await db.transaction().execute(async (trx) => {
      // Already imported (an earlier run), or twice in this batch.
      const done = await trx
        .selectFrom('commentImportItems')
        .select('sourceId')
        .where('appId', '=', app!.id)
        .where('source', '=', source)
        .where('sourceId', 'in', batch.map((r) => r.sourceId))
        .execute();
      const seen = new Set(done.map((d) => d.sourceId));
      const fresh: Ready[] = [];
      for (const rec of batch) {
        if (seen.has(rec.sourceId)) {
          stats.existing += 1;
          // Replies waiting for it can go now: it is in the database.
          const children = waiting.get(rec.sourceId);
          if (children) {
            waiting.delete(rec.sourceId);
            carry.push(...children);
          }
          continue;
        }
        seen.add(rec.sourceId);
        fresh.push({ rec: { ...rec, url: sectionUrl(rec.url, opts.rewriteHosts) as string }, sectionId: 0 });
      }
      if (fresh.length === 0) return;
      const authors = fresh.map((r) => r.rec.author);
      const delegates = fresh.flatMap((r) => (r.rec.extra?.delegate ? [{ key: r.rec.extra.delegate, externalId: r.rec.extra.delegate, name: '', claimId: '', email: '', avatarUrl: '', profileUrl: '' }] : []));
      await ensureUsers(trx, [...authors, ...delegates]);
      await ensureSections(trx, fresh.map((r) => r.rec.url));
      for (const r of fresh) r.sectionId = sectionIds.get(r.rec.url) as number;

      const inBatch = new Set(fresh.map((r) => r.rec.sourceId));
      const outside = [...new Set(fresh.map((r) => r.rec.parentSourceId).filter((p): p is string => p !== null && !inBatch.has(p)))];
      const parents = await parentsFromDb(trx, outside);
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
              if (skippedIds.has(p)) skip(r.rec.sourceId, 'PARENT_SKIPPED', `its parent ${p} was skipped`);
              else {
                waiting.set(p, [...(waiting.get(p) ?? []), r.rec]);
                deferred.add(r.rec.sourceId);
              }
              continue;
            }
            parent = parents.get(p) ?? null;
            if (!parent) {
              skip(r.rec.sourceId, 'PARENT_REMOVED', `its parent ${p} was imported before and has since been removed`);
              continue;
            }
            if (parent.sectionId !== r.sectionId) {
              skip(r.rec.sourceId, 'PARENT_IN_OTHER_THREAD', `its parent ${p} belongs to another page`);
              continue;
            }
          }
          const t = finalText(r.rec, parent);
          if ('error' in t) {
            skip(r.rec.sourceId, t.error, t.detail);
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
                waiting.set(p, [...(waiting.get(p) ?? []), r.rec]);
                deferred.add(r.rec.sourceId);
                moved = true;
              }
            }
          }
          for (const r of next) {
            if (deferred.has(r.rec.sourceId)) continue;
            const p = r.rec.parentSourceId as string;
            skip(r.rec.sourceId, skippedIds.has(p) ? 'PARENT_SKIPPED' : 'PARENT_NOT_FOUND', `its parent ${p} could not be placed`);
          }
          break;
        }
        for (const [id, info] of await insertWave(trx, wave)) {
          parents.set(id, info);
          touched.add(info.sectionId);
          const children = waiting.get(id);
          if (children) {
            waiting.delete(id);
            carry.push(...children);
          }
        }
        if (next.length === 0) break;
        todo = next;
      }
    });
  }

  let batch: ImportComment[] = [];
  let users: (ImportAuthor & { banned?: boolean })[] = [];
  const flushUsers = async () => {
    if (users.length === 0) return;
    const list = users;
    users = [];
    await db.transaction().execute((trx) => ensureUsers(trx, list));
  };
  const flushComments = async () => {
    await flushUsers();
    const list = batch;
    batch = [];
    await flush(list);
    opts.onProgress?.(stats);
  };
  for await (const rec of records) {
    if (rec.kind === 'skip') skip(rec.sourceId, rec.reason, rec.detail);
    else if (rec.kind === 'section') await sectionState(rec);
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
      stats.read += 1;
      if (!sectionUrl(rec.url, opts.rewriteHosts)) {
        skip(rec.sourceId, 'INVALID_URL', `thread URL ${JSON.stringify(rec.url.slice(0, 200))} is not an http(s) page URL`);
        continue;
      }
      batch.push(rec);
      if (carry.length > 0) {
        batch.push(...carry);
        carry = [];
      }
      if (batch.length >= batchSize) await flushComments();
    }
  }
  await flushComments();
  while (carry.length > 0) {
    batch = carry;
    carry = [];
    await flushComments();
  }
  for (const [parent, children] of waiting) for (const c of children) skip(c.sourceId, 'PARENT_NOT_FOUND', `its parent ${parent} is not in the file`);
  waiting.clear();
  await recomputeSections(db, [...touched]);
  opts.onProgress?.(stats);
  return { ...stats, skippedByReason, skippedItems };
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

export type { AppRow };
