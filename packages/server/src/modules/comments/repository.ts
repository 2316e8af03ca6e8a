import { sql, type ExpressionBuilder, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../../db/index.js';
import type { CommentApps, CommentSections, CommentUsers, DB, Generated, Int8, Json, Timestamp } from '../../db/schema.js';
import { commentHotScoreSql } from './hot-rank.js';

/** 0007-comments-perf: notifications of new comments, sent after the reply (see README.md, "Write path"). */
export interface CommentOutbox {
  id: Generated<Int8>;
  payload: Json;
  claimedUntil: Timestamp | null;
  createdAt: Generated<Timestamp>;
}

/** 0009-comment-rank-changes: the values a top-level comment had before each change of its hot score or pin. */
export interface CommentRankChanges {
  id: Generated<Int8>;
  commentId: Int8;
  sectionId: Int8;
  changedAt: Generated<Timestamp>;
  hotScore: number;
  isPinned: boolean;
}

declare module '../../db/schema.js' {
  interface DB {
    commentOutbox: CommentOutbox;
    commentRankChanges: CommentRankChanges;
  }
}

/** All SQL of the comment service. Rows are camelCase (CamelCasePlugin); raw SQL is written snake_case. */

export type Executor = Database | Transaction<DB>;
export type AppRow = Selectable<CommentApps>;
export type SectionRow = Selectable<CommentSections>;
export type UserRow = Selectable<CommentUsers>;
export type SortType = 'hot' | 'new' | 'old';

/** A comment as the list needs it: the row, its (displayed) author, and the public ids of its parent and thread. */
export type CommentRecord = {
  id: number;
  commentId: string;
  sectionId: number;
  userId: number;
  level: number;
  type: string;
  text: string;
  mediaText: string;
  media: Json;
  attachments: Json;
  mentionMapping: Json;
  likeCount: number;
  dislikeCount: number;
  childrenTotal: number;
  hotScore: number;
  isPinned: boolean;
  isDeleted: boolean;
  isSensitive: boolean;
  isOffensive: boolean;
  isHidden: boolean;
  isCollapsed: boolean;
  opStatus: number;
  createdAt: Date;
  parentId: number | null;
  threadId: number | null;
  parentCommentId: string | null;
  threadCommentId: string | null;
  authorId: number;
  authorUserId: string;
  authorExternalId: string;
  authorDisplayName: string;
  authorAvatarUrl: string;
  authorProfileUrl: string;
  authorCountry: string;
  authorEmojiStatus: string;
  authorIsPro: boolean;
  authorIsProPlus: boolean;
  authorIsVerified: boolean;
  authorPreferences: Json;
  authorCreatedAt: Date;
  authorActiveAt: Date;
  sectionAppId: string;
  sectionUrl: string;
  /** Hot first pages only: the list's snapshot time (the statement's, microseconds since the epoch; cursor.ts). */
  snapshot?: number;
};

/** What the viewer may see (comments.md §5). */
export type ViewerFilter = {
  viewerId: number | null;
  moderator: boolean;
  offensiveMode: boolean;
  blockedUserIds: number[];
  hideAnonymousOp: boolean;
};

export const visitorFilter: ViewerFilter = { viewerId: null, moderator: false, offensiveMode: false, blockedUserIds: [], hideAnonymousOp: false };

/** A keyset position: hot score `s` or creation time `t` (ms) with the row id; `a`: the hot list's snapshot (cursor.ts). */
export type Cursor = { s?: number; t: number; id: number; a?: number };

// --- apps and users ---------------------------------------------------------------------------------------

export const findApp = (db: Executor, id: string) => db.selectFrom('commentApps').selectAll().where('id', '=', id).executeTakeFirst();

export const listApps = (db: Executor) => db.selectFrom('commentApps').selectAll().execute();

export async function insertApp(db: Executor, app: { id: string; name: string; secret: string; allowedOrigins: string[] }): Promise<AppRow> {
  return db
    .insertInto('commentApps')
    .values({ id: app.id, name: app.name, secret: app.secret, allowedOrigins: JSON.stringify(app.allowedOrigins) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function addModerator(db: Executor, appId: string, externalId: string): Promise<void> {
  await db.insertInto('commentModerators').values({ appId, externalId }).onConflict((oc) => oc.doNothing()).execute();
}

export async function removeModerator(db: Executor, appId: string, externalId: string): Promise<number> {
  const res = await db.deleteFrom('commentModerators').where('appId', '=', appId).where('externalId', '=', externalId).executeTakeFirst();
  return Number(res.numDeletedRows);
}

export async function isModerator(db: Executor, appId: string, externalId: string): Promise<boolean> {
  const row = await db
    .selectFrom('commentModerators')
    .select('externalId')
    .where('appId', '=', appId)
    .where('externalId', '=', externalId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Insert or refresh the comment user of (app, external id) from the token's claims, with their roles. */
export async function upsertUser(
  db: Executor,
  u: { appId: string; externalId: string; userId: string; displayName: string; avatarUrl: string; profileUrl: string },
  mainAppId: string,
): Promise<UserWithRole> {
  return db
    .with('up', (qb) =>
      qb
        .insertInto('commentUsers')
        .values(u)
        .onConflict((oc) =>
          oc.columns(['appId', 'externalId']).doUpdateSet((eb) => ({
            displayName: eb.ref('excluded.displayName'),
            avatarUrl: eb.ref('excluded.avatarUrl'),
            profileUrl: eb.ref('excluded.profileUrl'),
            activeAt: sql<Date>`now()`,
          })),
        )
        .returningAll(),
    )
    .selectFrom('up as u')
    .selectAll('u')
    .select((eb) => [isModeratorOf(eb as never).as('moderator'), isMainUser(eb as never, mainAppId).as('mainUser')])
    .executeTakeFirstOrThrow() as Promise<UserWithRole>;
}

/** Authors of offensive comments in a section: only they see those (besides viewers in offensive mode). */
export async function offensiveAuthorIds(db: Executor, sectionId: number): Promise<number[]> {
  const rows = await db.selectFrom('comments').select('userId').distinct().where('sectionId', '=', sectionId).where('isOffensive', '=', true).execute();
  return rows.map((r) => r.userId);
}

export type UserWithRole = UserRow & { moderator: boolean; mainUser: boolean };

const isModeratorOf = (eb: ExpressionBuilder<DB & { u: CommentUsers }, 'u'>) =>
  eb.exists(eb.selectFrom('commentModerators as m').select('m.externalId').whereRef('m.appId', '=', 'u.appId').whereRef('m.externalId', '=', 'u.externalId'));
/** Main app only (its external ids are users.user_id): whether the comment user is a live main-site account. */
const isMainUser = (eb: ExpressionBuilder<DB & { u: CommentUsers }, 'u'>, mainAppId: string) =>
  eb.and([
    eb('u.appId', '=', mainAppId),
    eb.exists(eb.selectFrom('users').select('users.id').whereRef('users.userId', '=', 'u.externalId').where('users.deletedAt', 'is', null)),
  ]);

/** Several comment users of one app at once (concurrent sign-ins share one query), with their roles. */
export async function findUsersWithRole(db: Executor, appId: string, externalIds: string[], mainAppId: string): Promise<UserWithRole[]> {
  return db
    .selectFrom('commentUsers as u')
    .selectAll('u')
    .select((eb) => [isModeratorOf(eb).as('moderator'), isMainUser(eb, mainAppId).as('mainUser')])
    .where('u.appId', '=', appId)
    .where('u.externalId', 'in', externalIds)
    .execute() as Promise<UserWithRole[]>;
}

export const findUserByPublicId = (db: Executor, appId: string, userId: string) =>
  db.selectFrom('commentUsers').selectAll().where('appId', '=', appId).where('userId', '=', userId).executeTakeFirst();

export const findUserById = (db: Executor, id: number) => db.selectFrom('commentUsers').selectAll().where('id', '=', id).executeTakeFirst();

/** Whether a user (the app's external id: users.user_id for the main app) is banned in the app. */
export async function isExternalUserBanned(db: Executor, appId: string, externalId: string): Promise<boolean> {
  const row = await db
    .selectFrom('commentUsers')
    .select('id')
    .where('appId', '=', appId)
    .where('externalId', '=', externalId)
    .where('bannedAt', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function setBanned(db: Executor, id: number, bannedAt: Date | null): Promise<void> {
  await db.updateTable('commentUsers').set({ bannedAt }).where('id', '=', id).execute();
}

/**
 * Main-site data the viewer filter needs (only for the main app, whose external ids are users.user_id). `postBlocked`:
 * the viewer blocked the post for comments (post_blocks type 'comment', comments.md §5); hiding the post is another type.
 */
export async function mainSiteViewer(db: Executor, externalId: string, postId: string | null, appId: string) {
  const res = await sql<{ offensiveMode: boolean | null; postBlocked: boolean; blocked: number[] | null }>`
    select
      (select offensive_mode from users where user_id = ${externalId}) as offensive_mode,
      exists(select 1 from post_blocks pb join users u on u.id = pb.user_id
         where u.user_id = ${externalId} and pb.post_id = ${postId ?? ''} and pb.type = 'comment') as post_blocked,
      (select json_agg(cu.id) from user_blocks b
         join users u on u.id = b.user_id
         join users bu on bu.id = b.blocked_user_id
         join comment_users cu on cu.app_id = ${appId} and cu.external_id = bu.user_id
       where u.user_id = ${externalId}) as blocked`.execute(db);
  const row = res.rows[0];
  return { offensiveMode: row?.offensiveMode === true, postBlocked: row?.postBlocked === true, blocked: row?.blocked ?? [] };
}

/** The creator of a product post, as a main-site user id (the OP of its comment section). */
export async function postCreatorUserId(db: Executor, postId: string): Promise<string | null> {
  const row = await db
    .selectFrom('posts')
    .innerJoin('users', 'users.id', 'posts.creatorId')
    .select('users.userId')
    .where('posts.id', '=', postId)
    .executeTakeFirst();
  return row?.userId ?? null;
}

/** Whether a product post was uploaded anonymously; null for a post that does not exist. */
export async function postIsAnonymous(db: Executor, postId: string): Promise<boolean | null> {
  const row = await db.selectFrom('posts').select('isAnonymous').where('id', '=', postId).executeTakeFirst();
  return row ? row.isAnonymous : null;
}

/** Main-site users by username (mentions in the main app). */
export const mainUsersByUsername = (db: Executor, names: string[]) =>
  names.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('users')
        .select(['id', 'userId', 'username'])
        .where(sql<string>`lower(username)`, 'in', names.map((n) => n.toLowerCase()))
        .where('deletedAt', 'is', null)
        .execute();

/** Comment users of an app by display name (mentions in third-party apps). */
export const appUsersByName = (db: Executor, appId: string, names: string[]) =>
  names.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('commentUsers')
        .select(['displayName', 'profileUrl'])
        .where('appId', '=', appId)
        .where(sql<string>`lower(display_name)`, 'in', names.map((n) => n.toLowerCase()))
        .limit(50)
        .execute();

// --- sections ---------------------------------------------------------------------------------------------

export const findSection = (db: Executor, appId: string, url: string) =>
  db.selectFrom('commentSections').selectAll().where('appId', '=', appId).where('url', '=', url).executeTakeFirst();

export async function ensureSection(db: Executor, appId: string, url: string, opExternalId: () => Promise<string | null>): Promise<SectionRow> {
  const found = await findSection(db, appId, url);
  if (found) return found;
  await db
    .insertInto('commentSections')
    .values({ appId, url, opExternalId: await opExternalId() })
    .onConflict((oc) => oc.columns(['appId', 'url']).doNothing())
    .execute();
  return (await findSection(db, appId, url)) as SectionRow;
}

export async function updateSection(db: Executor, id: number, update: { locked?: boolean; status?: string }): Promise<void> {
  if (Object.keys(update).length === 0) return;
  await db.updateTable('commentSections').set(update).where('id', '=', id).execute();
}

export async function claimSectionOp(db: Executor, id: number, externalId: string): Promise<void> {
  await db.updateTable('commentSections').set({ opExternalId: externalId }).where('id', '=', id).where('opExternalId', 'is', null).execute();
}

export async function addToSectionTotal(db: Executor, id: number, delta: number): Promise<number> {
  const row = await db
    .updateTable('commentSections')
    .set({ total: sql<number>`greatest(total + ${delta}, 0)` })
    .where('id', '=', id)
    .returning('total')
    .executeTakeFirstOrThrow();
  return row.total;
}

// --- comments ---------------------------------------------------------------------------------------------

const COMMENT_COLUMNS = [
  'c.id', 'c.commentId', 'c.sectionId', 'c.userId', 'c.level', 'c.type', 'c.text', 'c.mediaText', 'c.media', 'c.attachments',
  'c.mentionMapping', 'c.likeCount', 'c.dislikeCount', 'c.childrenTotal', 'c.hotScore', 'c.isPinned', 'c.isDeleted',
  'c.isSensitive', 'c.isOffensive', 'c.isHidden', 'c.isCollapsed', 'c.opStatus', 'c.createdAt', 'c.parentId', 'c.threadId',
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

function applyFilter(q: BaseQuery, f: ViewerFilter): BaseQuery {
  let out = q;
  if (!f.moderator) out = out.where('c.isHidden', '=', false);
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
};

/** A thread's reply count moved: recount-free delta, never below 0, and the hot score follows. */
export async function addToChildren(db: Executor, threadId: number, delta: number): Promise<number> {
  const children = sql`greatest(children_total + ${delta}, 0)`;
  const row = await db
    .updateTable('comments')
    .set({ childrenTotal: sql<number>`${children}`, hotScore: commentHotScoreSql(sql`like_count`, sql`dislike_count`, children) })
    .where('id', '=', threadId)
    .returning('childrenTotal')
    .executeTakeFirst();
  return row?.childrenTotal ?? 0;
}

export async function hasReplies(db: Executor, c: { id: number; level: number; threadId: number | null; childrenTotal: number }): Promise<boolean> {
  if (c.level === 1) return c.childrenTotal > 0;
  const row = await db
    .selectFrom('comments')
    .select('id')
    .where('threadId', '=', c.threadId)
    .where('parentId', '=', c.id)
    .where('level', '=', 2)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function markDeleted(db: Executor, id: number): Promise<void> {
  await db
    .updateTable('comments')
    .set({ isDeleted: true, text: '', mediaText: '', media: '[]', attachments: '[]', mentionMapping: '{}', isPinned: false, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Removes the thread's deleted replies that no reply answers any more (a chain, one link a statement); how many. */
export async function pruneDeletedReplies(db: Executor, threadId: number): Promise<number> {
  let removed = 0;
  for (;;) {
    const { rows } = await sql<{ id: number }>`
      delete from comments c where c.thread_id = ${threadId} and c.is_deleted
        and not exists (select 1 from comments r where r.parent_id = c.id)
      returning c.id`.execute(db);
    if (rows.length === 0) return removed;
    removed += rows.length;
  }
}

/** Removes a deleted top-level comment whose replies are all deleted too (they go with it, by cascade). */
export async function deleteThreadIfAllDeleted(db: Executor, threadId: number): Promise<void> {
  await sql`
    delete from comments t where t.id = ${threadId} and t.is_deleted
      and not exists (select 1 from comments r where r.thread_id = t.id and not r.is_deleted)`.execute(db);
}

export async function deleteCommentRow(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('comments').where('id', '=', id).execute();
}

export async function setCommentFlags(
  db: Executor,
  id: number,
  flags: { isHidden?: boolean; isSensitive?: boolean; isPinned?: boolean },
): Promise<void> {
  const set: Record<string, unknown> = { ...flags, updatedAt: new Date() };
  if (flags.isPinned !== undefined) set.pinnedAt = flags.isPinned ? new Date() : null;
  await db.updateTable('comments').set(set).where('id', '=', id).execute();
}

/** Sets is_hidden; true when it changed (so the section total moves once, however many moderators click). */
export async function setHiddenFlag(db: Executor, id: number, hidden: boolean): Promise<boolean> {
  const res = await db
    .updateTable('comments')
    .set({ isHidden: hidden, updatedAt: new Date() })
    .where('id', '=', id)
    .where('isHidden', '=', !hidden)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function pinnedCommentIds(db: Executor, sectionId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('comments')
    .select('commentId')
    .where('sectionId', '=', sectionId)
    .where('isPinned', '=', true)
    .orderBy('pinnedAt')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.commentId);
}

// --- likes, reports, quota, media -------------------------------------------------------------------------

/** Sets (1, -1) or clears (0) the user's vote, then recounts from the votes themselves: idempotent, never below 0. */
export async function setLike(db: Executor, commentId: number, userId: number, value: 1 | -1 | 0): Promise<{ likeCount: number; dislikeCount: number }> {
  if (value === 0) {
    await db.deleteFrom('commentLikes').where('commentId', '=', commentId).where('userId', '=', userId).execute();
  } else {
    await db
      .insertInto('commentLikes')
      .values({ commentId, userId, value })
      .onConflict((oc) => oc.columns(['commentId', 'userId']).doUpdateSet({ value }))
      .execute();
  }
  const likes = sql`(select count(*) from comment_likes where comment_id = ${commentId} and value = 1)`;
  const dislikes = sql`(select count(*) from comment_likes where comment_id = ${commentId} and value = -1)`;
  const res = await sql<{ likeCount: number; dislikeCount: number }>`
    update comments set like_count = n.l, dislike_count = n.d, hot_score = ${commentHotScoreSql(sql`n.l`, sql`n.d`, sql`children_total`)}
    from (select ${likes}::int as l, ${dislikes}::int as d) n
    where id = ${commentId}
    returning like_count, dislike_count`.execute(db);
  return res.rows[0] ?? { likeCount: 0, dislikeCount: 0 };
}

export async function upsertReport(db: Executor, commentId: number, reporterId: number, data: Record<string, unknown>): Promise<void> {
  await db
    .insertInto('commentReports')
    .values({ commentId, reporterId, data: JSON.stringify(data) })
    .onConflict((oc) => oc.columns(['commentId', 'reporterId']).doUpdateSet({ data: JSON.stringify(data), createdAt: new Date(), resolvedAt: null }))
    .execute();
}

export const QUOTA_WINDOW_SECONDS = 3600;

export type WrittenComment = { used: number | null; windowStartedAt: Date | null; id: number | null; total: number | null };
/** A comment to post: the row, the app's hourly quota, and the notifications it causes (null: none possible). */
export type CommentWrite = { comment: NewComment; quotaLimit: number; outbox: unknown };

/**
 * Posts comments in one statement (one round trip, atomic), each as if alone: takes one from its user's quota (a
 * window of QUOTA_WINDOW_SECONDS starts with the first comment after the previous window ended and allows
 * `quotaLimit` comments), inserts the comment, counts it in its section and its thread, and queues its
 * notifications in `comment_outbox`. A comment whose quota is used up writes nothing and gets id null.
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
        ${col((_c, w) => (w.outbox === null ? null : JSON.stringify(w.outbox)))}::text[]
      ) as i(comment_id, section_id, user_id, delegate_user_id, parent_id, thread_id, level, type, text, media, attachments,
             mention_mapping, op_status, created_at, hot_score, outbox)
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
                            attachments, mention_mapping, op_status, created_at, updated_at, hot_score)
      select i.comment_id, i.section_id, i.user_id, i.delegate_user_id, i.parent_id, i.thread_id, i.level, i.type, i.text,
             i.media::jsonb, i.attachments::jsonb, i.mention_mapping::jsonb, i.op_status, i.created_at::timestamptz,
             i.created_at::timestamptz, i.hot_score
      from input i join q on q.user_id = i.user_id
      returning id, comment_id, section_id, thread_id
    ), tot as (
      update comment_sections s set total = s.total + d.n
      from (select section_id, count(*)::int as n from ins group by section_id) d
      where s.id = d.section_id
      returning s.id, s.total
    ), thread as (
      update comments c set children_total = c.children_total + d.n,
        hot_score = ${commentHotScoreSql(sql`c.like_count`, sql`c.dislike_count`, sql`c.children_total + d.n`)}
      from (select thread_id, count(*)::int as n from ins where thread_id is not null group by thread_id) d
      where c.id = d.thread_id
      returning c.id
    ), outbox as (
      insert into comment_outbox (payload)
      select i.outbox::jsonb from input i join ins on ins.comment_id = i.comment_id where i.outbox is not null
      returning id
    )
    select i.comment_id, q.used, q.window_started_at, ins.id, tot.total,
           (select count(*) from thread) as threads, (select count(*) from outbox) as queued
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
export async function claimOutbox(db: Executor, limit: number, leaseSeconds: number): Promise<{ id: number; payload: unknown }[]> {
  const res = await sql<{ id: number; payload: unknown }>`
    update comment_outbox set claimed_until = now() + ${`${leaseSeconds} seconds`}::interval
    where id in (
      select id from comment_outbox where claimed_until is null or claimed_until < now()
      order by id limit ${limit} for update skip locked)
    returning id, payload`.execute(db);
  return res.rows.sort((a, b) => a.id - b.id);
}

export async function deleteOutbox(db: Executor, ids: number[]): Promise<void> {
  if (ids.length > 0) await sql`delete from comment_outbox where id = any(${ids}::bigint[])`.execute(db);
}

export const readQuota = (db: Executor, userId: number) =>
  db.selectFrom('commentQuotas').select(['used', 'windowStartedAt']).where('userId', '=', userId).executeTakeFirst();

export async function insertMedia(db: Executor, m: { token: string; appId: string; userId: number; kind: 'userMedia' | 'link'; item: unknown }): Promise<void> {
  await db.insertInto('commentMedia').values({ ...m, item: JSON.stringify(m.item) }).execute();
}

export const findMedia = (db: Executor, appId: string, userId: number, tokens: string[]) =>
  tokens.length === 0
    ? Promise.resolve([])
    : db.selectFrom('commentMedia').selectAll().where('appId', '=', appId).where('userId', '=', userId).where('token', 'in', tokens).execute();

/** Marks the tokens as used by `commentId`; only unused ones are taken. Returns how many were taken. */
export async function claimMedia(db: Executor, appId: string, userId: number, tokens: string[], commentId: string): Promise<number> {
  if (tokens.length === 0) return 0;
  const res = await db
    .updateTable('commentMedia')
    .set({ commentId })
    .where('appId', '=', appId)
    .where('userId', '=', userId)
    .where('token', 'in', tokens)
    .where('commentId', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Gives back the tokens a comment claimed but was not written with (quota, a parent deleted meanwhile...). */
export async function releaseMedia(db: Executor, commentId: string): Promise<void> {
  await db.updateTable('commentMedia').set({ commentId: null }).where('commentId', '=', commentId).execute();
}

// --- the comment-user state -------------------------------------------------------------------------------

export async function commentedUrls(db: Executor, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('comments')
    .innerJoin('commentSections as s', 's.id', 'comments.sectionId')
    .select('s.url')
    .select((eb) => eb.fn.max('comments.createdAt').as('last'))
    .where('comments.userId', '=', userId)
    .groupBy('s.url')
    .orderBy('last', 'desc')
    .limit(100)
    .execute();
  return rows.map((r) => r.url);
}

export async function reportedUrls(db: Executor, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('commentReports as r')
    .innerJoin('comments as c', 'c.id', 'r.commentId')
    .innerJoin('commentSections as s', 's.id', 'c.sectionId')
    .select('s.url')
    .where('r.reporterId', '=', userId)
    .groupBy('s.url')
    .limit(100)
    .execute();
  return rows.map((r) => r.url);
}

/** The user's votes, for one section when given, else the latest 500. */
export async function likeMapping(db: Executor, userId: number, sectionId: number | null): Promise<Record<string, 1 | -1>> {
  let q = db
    .selectFrom('commentLikes as l')
    .innerJoin('comments as c', 'c.id', 'l.commentId')
    .select(['c.commentId', 'l.value'])
    .where('l.userId', '=', userId);
  if (sectionId !== null) q = q.where('c.sectionId', '=', sectionId);
  const rows = await q.orderBy('l.createdAt', 'desc').limit(500).execute();
  const out: Record<string, 1 | -1> = {};
  for (const r of rows) out[r.commentId] = r.value === 1 ? 1 : -1;
  return out;
}

// --- thread follows and user blocks of app users (migration 0017; the main app keeps thread_follows, user_blocks) ---

/** Whether the comment user `userId` follows the thread of the top-level comment `threadId` (comments.id). */
export async function isFollowingThread(db: Executor, userId: number, threadId: number): Promise<boolean> {
  const row = await db.selectFrom('commentThreadFollows').select('followed').where('userId', '=', userId).where('threadId', '=', threadId).executeTakeFirst();
  return row?.followed === true;
}

/** Unfollowing keeps the row (followed = false), so an explicit "no" is remembered, as thread_follows does. */
export async function setFollowingThread(db: Executor, userId: number, threadId: number, followed: boolean): Promise<void> {
  await db
    .insertInto('commentThreadFollows')
    .values({ userId, threadId, followed })
    .onConflict((oc) => oc.columns(['userId', 'threadId']).doUpdateSet({ followed, updatedAt: new Date() }))
    .execute();
}

/** Blocks (true) or unblocks (false) `blockedUserId` for `userId`; both are comment users of one app. */
export async function setUserBlock(db: Executor, userId: number, blockedUserId: number, blocked: boolean): Promise<void> {
  if (blocked) {
    await db.insertInto('commentUserBlocks').values({ userId, blockedUserId }).onConflict((oc) => oc.columns(['userId', 'blockedUserId']).doNothing()).execute();
  } else {
    await db.deleteFrom('commentUserBlocks').where('userId', '=', userId).where('blockedUserId', '=', blockedUserId).execute();
  }
}

/** The comment users (ids) `userId` blocked: the list filter. */
export async function blockedUserIds(db: Executor, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('commentUserBlocks').select('blockedUserId').where('userId', '=', userId).orderBy('blockedUserId').execute();
  return rows.map((r) => r.blockedUserId);
}

/** The users `userId` blocked, newest first (at most `limit`), as the widget's blocklist shows them. */
export async function blockedUsers(db: Executor, userId: number, limit: number): Promise<{ accountId: string; name: string }[]> {
  const rows = await db
    .selectFrom('commentUserBlocks as b')
    .innerJoin('commentUsers as u', 'u.id', 'b.blockedUserId')
    .select(['u.externalId', 'u.displayName'])
    .where('b.userId', '=', userId)
    .orderBy('b.createdAt', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ accountId: r.externalId, name: r.displayName }));
}

/** A comment user of `appId` by the host's user id (the wire accountId). */
export const findUserByExternalId = (db: Executor, appId: string, externalId: string) =>
  db.selectFrom('commentUsers').selectAll().where('appId', '=', appId).where('externalId', '=', externalId).executeTakeFirst();
