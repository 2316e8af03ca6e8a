import { sql } from 'kysely';
import type { Database } from '../../../db/index.js';
import { commentHotScoreSql } from '../hot-rank.js';
import type { Executor } from './types.js';

export type NewComment = {
  commentId: string;
  sectionId: number;
  userId: number;
  delegateUserId: number | null;
  parentId: number | null;
  threadId: number | null;
  level: 1 | 2;
  type: 'text' | 'userMedia';
  text: string;
  media: unknown[];
  attachments: unknown[];
  mentionMapping: Record<string, string>;
  opStatus: number;
  createdAt: Date;
  hotScore: number;
  /** Held for review (MODERATION.md): written with held_at and this reason, counted nowhere until approved. */
  heldReason: string | null;
};

/** The audit row of a held comment (the system holds it), written by the same statement. */
export type HoldAudit = { appId: string; userId: string; name: string; url: string };

/** A thread's reply count moved: recount-free delta, never below 0, and the hot score follows. */

export const QUOTA_WINDOW_SECONDS = 3600;

export type WrittenComment = { used: number | null; windowStartedAt: Date | null; id: number | null; total: number | null };
/** A comment to post: the row, the app's hourly quota, and the notifications it causes (null: none possible). */
export type CommentWrite = { comment: NewComment; quotaLimit: number; outbox: unknown; holdAudit?: HoldAudit | null };

/**
 * Posts comments in one statement (one round trip, atomic), each as if alone: takes one from its user's quota (a
 * window of QUOTA_WINDOW_SECONDS starts with the first comment after the previous window ended and allows
 * `quotaLimit` comments), inserts the comment, counts it in its section and its thread, and queues its
 * notifications in `comment_outbox`. A comment whose quota is used up writes nothing and gets id null. A held
 * comment (heldReason) takes its quota but is counted in neither its section nor its thread until approved.
 * The users must be distinct and the quota limit the same (insertCommentsBatch groups them so).
 */
async function insertCommentRows(db: Executor, writes: CommentWrite[]): Promise<WrittenComment[]> {
  const col = <T>(f: (c: NewComment, w: CommentWrite) => T) => writes.map((w) => f(w.comment, w));
  const quotaLimit = (writes[0] as CommentWrite).quotaLimit;
  const expired = sql`cq.window_started_at <= excluded.window_started_at - interval '${sql.raw(String(QUOTA_WINDOW_SECONDS))} seconds'`;
  const res = await sql<WrittenComment & { commentId: string }>`
    with input as (
      select * from unnest(
        ${col((c) => c.commentId)}::text[], ${col((c) => c.sectionId)}::bigint[], ${col((c) => c.userId)}::bigint[],
        ${col((c) => c.delegateUserId)}::bigint[], ${col((c) => c.parentId)}::bigint[], ${col((c) => c.threadId)}::bigint[],
        ${col((c) => c.level)}::smallint[], ${col((c) => c.type)}::text[], ${col((c) => c.text)}::text[],
        ${col((c) => JSON.stringify(c.media))}::text[], ${col((c) => JSON.stringify(c.attachments))}::text[],
        ${col((c) => JSON.stringify(c.mentionMapping))}::text[], ${col((c) => c.opStatus)}::smallint[],
        ${col((c) => c.createdAt.toISOString())}::text[], ${col((c) => c.hotScore)}::float8[],
        ${col((_c, w) => (w.outbox === null ? null : JSON.stringify(w.outbox)))}::text[], ${col((c) => c.heldReason)}::text[],
        ${col((_c, w) => (w.holdAudit ? JSON.stringify(w.holdAudit) : null))}::text[]
      ) as i(comment_id, section_id, user_id, delegate_user_id, parent_id, thread_id, level, type, text, media, attachments,
             mention_mapping, op_status, created_at, hot_score, outbox, held_reason, hold_audit)
    ), q as (
      insert into comment_quotas as cq (user_id, window_started_at, used)
      select user_id, created_at::timestamptz, 1 from input
      on conflict (user_id) do update set
        window_started_at = case when ${expired} then excluded.window_started_at else cq.window_started_at end,
        used = case when ${expired} then 1 else cq.used + 1 end
      where ${expired} or cq.used < ${quotaLimit}
      returning user_id, used, window_started_at
    ), ins as (
      insert into comments (comment_id, section_id, user_id, delegate_user_id, parent_id, thread_id, level, type, text, media,
                            attachments, mention_mapping, op_status, created_at, updated_at, hot_score, held_at, held_reason)
      select i.comment_id, i.section_id, i.user_id, i.delegate_user_id, i.parent_id, i.thread_id, i.level, i.type, i.text,
             i.media::jsonb, i.attachments::jsonb, i.mention_mapping::jsonb, i.op_status, i.created_at::timestamptz,
             i.created_at::timestamptz, i.hot_score,
             case when i.held_reason is null then null else i.created_at::timestamptz end, i.held_reason
      from input i join q on q.user_id = i.user_id
      returning id, comment_id, section_id, thread_id, held_reason
    ), tot as (
      update comment_sections s set total = s.total + d.n
      from (select section_id, count(*)::int as n from ins where held_reason is null group by section_id) d
      where s.id = d.section_id
      returning s.id, s.total
    ), thread as (
      update comments c set children_total = c.children_total + d.n,
        hot_score = ${commentHotScoreSql(sql`c.like_count`, sql`c.dislike_count`, sql`c.children_total + d.n`)}
      from (select thread_id, count(*)::int as n from ins where thread_id is not null and held_reason is null group by thread_id) d
      where c.id = d.thread_id
      returning c.id
    ), outbox as (
      insert into comment_outbox (payload)
      select i.outbox::jsonb from input i join ins on ins.comment_id = i.comment_id where i.outbox is not null
      returning id
    ), held as (
      insert into comment_mod_actions (app_id, actor_kind, actor_name, action, comment_id, target_user_id, target_name, section_url, detail)
      select a.v->>'appId', 'system', 'system', 'hold', i.comment_id, a.v->>'userId', a.v->>'name', a.v->>'url',
             jsonb_build_object('reason', i.held_reason)
      from input i join ins on ins.comment_id = i.comment_id cross join lateral (select i.hold_audit::jsonb as v) a
      where i.hold_audit is not null
      returning id
    )
    select i.comment_id, q.used, q.window_started_at, ins.id, tot.total,
           (select count(*) from thread) as threads, (select count(*) from outbox) as queued,
           (select count(*) from held) as held
    from input i
    left join q on q.user_id = i.user_id
    left join ins on ins.comment_id = i.comment_id
    left join tot on tot.id = i.section_id`.execute(db);
  const byId = new Map(res.rows.map((r) => [r.commentId, r]));
  return writes.map((w) => {
    const r = byId.get(w.comment.commentId);
    return { used: r?.used ?? null, windowStartedAt: r?.windowStartedAt ?? null, id: r?.id ?? null, total: r?.total ?? null };
  });
}

/**
 * Group commit: the comments posted meanwhile by other requests are written together, in one statement when their
 * users differ (else in a few, in one transaction), so the database commits once instead of once per comment. If
 * that fails (e.g. a parent deleted meanwhile), each comment is written alone and only the failing one gets the error.
 */
export async function insertCommentsBatch(db: Database, writes: CommentWrite[]): Promise<(WrittenComment | Error)[]> {
  const alone = (w: CommentWrite) =>
    insertCommentRows(db, [w]).then(
      (r) => r[0] as WrittenComment,
      (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
    );
  if (writes.length === 1) return [await alone(writes[0] as CommentWrite)];
  // Statements of distinct users and one quota limit, in the order the comments came.
  const groups: { users: Set<number>; limit: number; items: number[] }[] = [];
  writes.forEach((w, i) => {
    let g = groups.find((x) => x.limit === w.quotaLimit && !x.users.has(w.comment.userId));
    if (!g) groups.push((g = { users: new Set(), limit: w.quotaLimit, items: [] }));
    g.users.add(w.comment.userId);
    g.items.push(i);
  });
  const out: (WrittenComment | Error)[] = new Array<WrittenComment | Error>(writes.length);
  const runGroups = async (ex: Executor) => {
    for (const g of groups) {
      const rows = await insertCommentRows(ex, g.items.map((i) => writes[i] as CommentWrite));
      g.items.forEach((i, k) => (out[i] = rows[k] as WrittenComment));
    }
  };
  try {
    if (groups.length === 1) await runGroups(db);
    else await db.transaction().execute(runGroups);
    return out;
  } catch {
    const each: (WrittenComment | Error)[] = [];
    for (const w of writes) each.push(await alone(w));
    return each;
  }
}

/** Outbox rows nobody is sending: claimed for `leaseSeconds` (another instance takes them over after a crash). */

export const readQuota = (db: Executor, userId: number) =>
  db.selectFrom('commentQuotas').select(['used', 'windowStartedAt']).where('userId', '=', userId).executeTakeFirst();
