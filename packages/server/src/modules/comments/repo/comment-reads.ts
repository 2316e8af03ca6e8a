import { sql } from 'kysely';
import type { CommentRecord, Cursor, Executor, SortType, ViewerFilter } from './types.js';

const COMMENT_COLUMNS = [
  'c.id', 'c.commentId', 'c.sectionId', 'c.userId', 'c.level', 'c.type', 'c.text', 'c.mediaText', 'c.media', 'c.attachments',
  'c.mentionMapping', 'c.likeCount', 'c.dislikeCount', 'c.childrenTotal', 'c.hotScore', 'c.isPinned', 'c.isDeleted',
  'c.isSensitive', 'c.isOffensive', 'c.isHidden', 'c.isCollapsed', 'c.opStatus', 'c.createdAt', 'c.parentId', 'c.threadId',
  'c.heldAt', 'c.heldReason', 'c.reportCount',
  'u.id as authorId', 'u.userId as authorUserId', 'u.externalId as authorExternalId', 'u.displayName as authorDisplayName',
  'u.avatarUrl as authorAvatarUrl', 'u.profileUrl as authorProfileUrl', 'u.country as authorCountry',
  'u.emojiStatus as authorEmojiStatus', 'u.isPro as authorIsPro', 'u.isProPlus as authorIsProPlus',
  'u.isVerified as authorIsVerified', 'u.preferences as authorPreferences', 'u.createdAt as authorCreatedAt',
  'u.activeAt as authorActiveAt',
] as const;

/** Comments with their displayed author (the delegate user when one is set). */
function baseQuery(db: Executor) {
  return db
    .selectFrom('comments as c')
    .innerJoin('commentUsers as u', (join) => join.on(sql<boolean>`u.id = coalesce(c.delegate_user_id, c.user_id)`));
}

type BaseQuery = ReturnType<typeof baseQuery>;

/**
 * Hidden comments: moderators only. Held ones (MODERATION.md): moderators and their author (`viewerId`, which
 * effectiveFilter keeps only for a viewer with held comments in the section, so shared pages never hold any); a
 * rejected held comment (held and hidden) stays in its author's lists as still awaiting approval.
 */
function applyFilter(q: BaseQuery, f: ViewerFilter): BaseQuery {
  let out = q;
  if (!f.moderator) {
    const own = f.viewerId;
    out =
      own === null
        ? out.where('c.isHidden', '=', false).where('c.heldAt', 'is', null)
        : out.where((eb) =>
            eb.or([
              eb.and([eb('c.isHidden', '=', false), eb('c.heldAt', 'is', null)]),
              eb.and([eb('c.heldAt', 'is not', null), eb('c.userId', '=', own)]),
            ]),
          );
  }
  if (!f.offensiveMode) {
    out = f.viewerId === null ? out.where('c.isOffensive', '=', false) : out.where((eb) => eb.or([eb('c.isOffensive', '=', false), eb('c.userId', '=', f.viewerId as number)]));
  }
  // An anonymous OP comment is not its account's: blocking that account must not hide it (which would tell who it is).
  if (f.blockedUserIds.length > 0) out = out.where((eb) => eb.or([eb('c.userId', 'not in', f.blockedUserIds), eb('c.opStatus', '=', 2)]));
  if (f.hideAnonymousOp) out = out.where('c.opStatus', '<>', 2);
  return out;
}

/** One comment with everything: its section (app, url) and the public ids of its parent and thread. */
function fullQuery(db: Executor) {
  return baseQuery(db)
    .innerJoin('commentSections as s', 's.id', 'c.sectionId')
    .leftJoin('comments as p', 'p.id', 'c.parentId')
    .leftJoin('comments as t', 't.id', 'c.threadId')
    .select(COMMENT_COLUMNS)
    .select(['p.commentId as parentCommentId', 't.commentId as threadCommentId', 's.appId as sectionAppId', 's.url as sectionUrl']);
}

/** Top-level rows of a known section: fewer joins, so a list page is one cheap query. */
function topLevelQuery(q: BaseQuery) {
  return q.select(COMMENT_COLUMNS).select([
    sql<null>`null`.as('parentCommentId'),
    sql<null>`null`.as('threadCommentId'),
    sql<string>`''`.as('sectionAppId'),
    sql<string>`''`.as('sectionUrl'),
  ]);
}

/** Replies of a known thread: only the parent's public id is looked up. */
function replyQuery(q: BaseQuery) {
  return q
    .leftJoin('comments as p', 'p.id', 'c.parentId')
    .select(COMMENT_COLUMNS)
    .select(['p.commentId as parentCommentId', sql<null>`null`.as('threadCommentId'), sql<string>`''`.as('sectionAppId'), sql<string>`''`.as('sectionUrl')]);
}

export async function findComment(db: Executor, commentId: string): Promise<CommentRecord | undefined> {
  return (await fullQuery(db).where('c.commentId', '=', commentId).executeTakeFirst()) as CommentRecord | undefined;
}

/** Several comments by row id, in the order of `ids`. */
export async function findCommentsByIds(db: Executor, ids: number[]): Promise<CommentRecord[]> {
  if (ids.length === 0) return [];
  const rows = (await fullQuery(db).where('c.id', 'in', ids).execute()) as CommentRecord[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function findCommentById(db: Executor, id: number): Promise<CommentRecord | undefined> {
  return (await fullQuery(db).where('c.id', '=', id).executeTakeFirst()) as CommentRecord | undefined;
}

/** Pinned top-level comments, oldest pin first: they head the first page of every sort. */
export async function listPinned(db: Executor, sectionId: number, f: ViewerFilter): Promise<CommentRecord[]> {
  const q = topLevelQuery(applyFilter(baseQuery(db), f).where('c.sectionId', '=', sectionId).where('c.isPinned', '=', true).where('c.level', '=', 1));
  return (await q.orderBy('c.pinnedAt').orderBy('c.id').limit(20).execute()) as CommentRecord[];
}

/** A snapshot (microseconds since the epoch) as a timestamptz, exactly (a float8 holds these integers exactly). */
const asOf = (us: number) => sql<Date>`('epoch'::timestamptz + ${us}::float8 * interval '1 microsecond')`;
/** The statement's start as a snapshot: every change a page read is older, every later one is in the log after it. */
const statementSnapshot = sql<number>`round(extract(epoch from statement_timestamp()) * 1000000)::float8`;

/**
 * One page of top-level comments after (`forward`) or before a keyset cursor, in the sort's order. Keysets are
 * (created_at, id) for new/old and (hot_score, id) for hot: a comment added meanwhile lands before the first page,
 * so paging on never repeats or skips one. A hot first page also returns its snapshot (`snapshot`); a hot cursor
 * with a snapshot reads the list as it stood then (rankedHot). In hot pages `hotScore` is the key the page was
 * ordered by (the score at the snapshot), which is what the next cursor must carry.
 */
export async function listTopLevel(
  db: Executor,
  sectionId: number,
  sort: SortType,
  cursor: Cursor | null,
  forward: boolean,
  limit: number,
  f: ViewerFilter,
): Promise<CommentRecord[]> {
  let q = applyFilter(baseQuery(db), f).where('c.sectionId', '=', sectionId).where('c.level', '=', 1).where('c.isPinned', '=', false);
  const descending = sort !== 'old';
  // Sort order descending + forward => smaller keys; reversing either flips the comparison and the order.
  const smaller = descending === forward;
  const op = smaller ? '<' : '>';
  const dir = smaller ? 'desc' : 'asc';
  let rows: CommentRecord[];
  if (sort === 'hot' && cursor?.a !== undefined) {
    rows = await rankedHot(db, sectionId, { s: cursor.s ?? 0, id: cursor.id, a: cursor.a }, smaller, limit, f);
  } else if (sort === 'hot') {
    if (cursor) q = q.where((eb) => eb(eb.refTuple('c.hotScore', 'c.id'), op, eb.tuple(cursor.s ?? 0, cursor.id)));
    q = q.orderBy('c.hotScore', dir).orderBy('c.id', dir);
    rows = (await topLevelQuery(q).select(statementSnapshot.as('snapshot')).limit(limit).execute()) as CommentRecord[];
  } else {
    if (cursor) q = q.where((eb) => eb(eb.refTuple('c.createdAt', 'c.id'), op, eb.tuple(new Date(cursor.t), cursor.id)));
    q = q.orderBy('c.createdAt', dir).orderBy('c.id', dir);
    rows = (await topLevelQuery(q).limit(limit).execute()) as CommentRecord[];
  }
  return forward ? rows : rows.reverse();
}

/**
 * Hot as it stood at snapshot `a` (cursor.ts): comments created by then, each ranked by its score at `a`. Those
 * unchanged since are walked on comments_hot_idx with their live score; the few changed since (a small range of
 * comment_rank_changes_section_idx) are ranked by the values of their first logged change after `a`. Both branches
 * stop at `limit`, so a page costs the same on a section of any size.
 */
async function rankedHot(
  db: Executor,
  sectionId: number,
  at: { s: number; id: number; a: number },
  smaller: boolean,
  limit: number,
  f: ViewerFilter,
): Promise<CommentRecord[]> {
  const t = asOf(at.a);
  const op = smaller ? '<' : '>';
  const dir = smaller ? 'desc' : 'asc';
  const changedIds = db.selectFrom('commentRankChanges as r').select('r.commentId').where('r.sectionId', '=', sectionId).where('r.changedAt', '>', t);
  const changes = db
    .selectFrom('commentRankChanges as r')
    .distinctOn('r.commentId')
    .select(['r.commentId', 'r.hotScore', 'r.isPinned'])
    .where('r.sectionId', '=', sectionId)
    .where('r.changedAt', '>', t)
    .orderBy('r.commentId')
    .orderBy('r.changedAt')
    .orderBy('r.id');
  const inSection = applyFilter(baseQuery(db), f).where('c.sectionId', '=', sectionId).where('c.level', '=', 1).where('c.createdAt', '<=', t);
  const live = inSection
    .where('c.isPinned', '=', false)
    .where('c.id', 'not in', changedIds)
    .where((eb) => eb(eb.refTuple('c.hotScore', 'c.id'), op, eb.tuple(at.s, at.id)))
    .select(['c.id', 'c.hotScore as k'])
    .orderBy('c.hotScore', dir)
    .orderBy('c.id', dir)
    .limit(limit);
  const then = inSection
    .innerJoin(changes.as('ch'), 'ch.commentId', 'c.id')
    .where('ch.isPinned', '=', false)
    .where((eb) => eb(eb.refTuple('ch.hotScore', 'c.id'), op, eb.tuple(at.s, at.id)))
    .select(['c.id', 'ch.hotScore as k'])
    .orderBy('ch.hotScore', dir)
    .orderBy('c.id', dir)
    .limit(limit);
  const ranked = sql<{ id: number; k: number }>`(${live} union all ${then})`.as('rk');
  const rows = await db
    .selectFrom(ranked)
    .innerJoin('comments as c', 'c.id', 'rk.id')
    .innerJoin('commentUsers as u', (join) => join.on(sql<boolean>`u.id = coalesce(c.delegate_user_id, c.user_id)`))
    .select(COMMENT_COLUMNS)
    .select([
      'rk.k as rankKey',
      sql<null>`null`.as('parentCommentId'),
      sql<null>`null`.as('threadCommentId'),
      sql<string>`''`.as('sectionAppId'),
      sql<string>`''`.as('sectionUrl'),
    ])
    .orderBy('rk.k', dir)
    .orderBy('rk.id', dir)
    .limit(limit)
    .execute();
  return rows.map(({ rankKey, ...r }) => ({ ...(r as CommentRecord), hotScore: rankKey }));
}

/**
 * The hot list's refresh (cursor.ts): comments created after snapshot `a`, after the last one delivered (`afterId`),
 * in creation order (ids grow with insertion). Only what was added since the snapshot, so a short range.
 */
export async function listHotAddedSince(db: Executor, sectionId: number, a: number, afterId: number, limit: number, f: ViewerFilter): Promise<CommentRecord[]> {
  const q = applyFilter(baseQuery(db), f)
    .where('c.sectionId', '=', sectionId)
    .where('c.level', '=', 1)
    .where('c.isPinned', '=', false)
    .where('c.createdAt', '>', asOf(a))
    .where('c.id', '>', afterId)
    .orderBy('c.id')
    .limit(limit);
  return (await topLevelQuery(q).execute()) as CommentRecord[];
}

/** Snapshots older than their lifetime no longer read the log (cursor.ts). */
export async function pruneRankChanges(db: Executor, before: Date): Promise<void> {
  await db.deleteFrom('commentRankChanges').where('changedAt', '<', before).execute();
}

/** Replies of a thread, oldest first, after (`forward`) or before a (created_at, id) cursor; `inclusive` keeps the anchor. */
export async function listReplies(
  db: Executor,
  threadId: number,
  cursor: Cursor | null,
  forward: boolean,
  limit: number,
  f: ViewerFilter,
  inclusive = false,
): Promise<CommentRecord[]> {
  let q = applyFilter(baseQuery(db), f).where('c.threadId', '=', threadId).where('c.level', '=', 2);
  const op = forward ? (inclusive ? '>=' : '>') : '<';
  if (cursor) q = q.where((eb) => eb(eb.refTuple('c.createdAt', 'c.id'), op, eb.tuple(new Date(cursor.t), cursor.id)));
  const dir = forward ? 'asc' : 'desc';
  const rows = (await replyQuery(q).orderBy('c.createdAt', dir).orderBy('c.id', dir).limit(limit).execute()) as CommentRecord[];
  return forward ? rows : rows.reverse();
}
