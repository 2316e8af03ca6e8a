import { sql } from 'kysely';
import { commentHotScore } from '../hot-rank.js';
import type { Executor } from '../repo/index.js';
import { normalizeCommentText } from '../text.js';
import { newId, type ImportRun, type ParentInfo, type Ready } from './import-run.js';
import type { ImportComment } from './records.js';

/** Writing an import's comments: their parents looked up, their stored text, and a wave of them in one statement. */

export async function parentsFromDb(run: ImportRun, trx: Executor, ids: string[]): Promise<Map<string, ParentInfo | null>> {
  const out = new Map<string, ParentInfo | null>();
  if (ids.length === 0) return out;
  const res = await sql<ParentInfo & { sourceId: string; gone: boolean }>`
    select i.source_id, c.id, c.level, c.thread_id, c.section_id, c.is_deleted, c.op_status,
           coalesce(u.display_name, '') as author_name, coalesce(u.profile_url, '') as author_profile_url, c.id is null as gone
    from comment_import_items i
    left join comments c on c.id = i.comment_id
    left join comment_users u on u.id = coalesce(c.delegate_user_id, c.user_id)
    where i.app_id = ${run.app.id} and i.source = ${run.source} and i.source_id = any(${ids}::text[])`.execute(trx);
  for (const r of res.rows) out.set(r.sourceId, r.gone ? null : r);
  return out;
}

/** The stored text of a record (comment text rules, text.ts) with its mention when it answers a reply. */
export function finalText(run: ImportRun, rec: ImportComment, parent: ParentInfo | null): { text: string; mapping: Record<string, string> } | { error: string; detail: string } {
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
  if (length > run.app.maxMessageLength) return { error: 'TEXT_TOO_LONG', detail: `${length} characters, the app allows ${run.app.maxMessageLength}` };
  const hasMedia = Array.isArray(rec.extra?.media) && (rec.extra?.media as unknown[]).length > 0;
  if (text === '' && !hasMedia && !(Array.isArray(rec.extra?.attachments) && (rec.extra?.attachments as unknown[]).length > 0)) {
    return { error: 'EMPTY_COMMENT', detail: 'no text left (after HTML was converted)' };
  }
  return { text, mapping };
}

export async function insertWave(run: ImportRun, trx: Executor, wave: { r: Ready; parent: ParentInfo | null; text: string; mapping: Record<string, string> }[]): Promise<Map<string, ParentInfo>> {
  const col = <T>(f: (w: (typeof wave)[number]) => T) => wave.map(f);
  const likes = (w: (typeof wave)[number]) => w.r.rec.extra?.votes.filter((v) => v[1] === 1).length ?? 0;
  const dislikes = (w: (typeof wave)[number]) => w.r.rec.extra?.votes.filter((v) => v[1] === -1).length ?? 0;
  const res = await sql<{ sourceId: string; id: number }>`
    with input as (
      select * from unnest(
        ${col((w) => w.r.rec.sourceId)}::text[], ${col((w) => w.r.rec.extra?.commentId ?? null)}::text[], ${col(() => newId())}::text[],
        ${col((w) => w.r.sectionId)}::bigint[], ${col((w) => run.userIds.get(w.r.rec.author.key) as number)}::bigint[],
        ${col((w) => (w.r.rec.extra?.delegate ? run.userIds.get(w.r.rec.extra.delegate) ?? null : null))}::bigint[],
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
    select ${run.app.id}, ${run.source}, ch.source_id, ins.id from chosen ch join ins on ins.comment_id = ch.comment_id
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
      join comment_users cu on cu.app_id = ${run.app.id} and cu.external_id = x.u
      on conflict do nothing`.execute(trx);
  }
  run.stats.created += wave.length;
  return out;
}
