import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../../db/index.js';
import { and, filterSql, MIN_CANDIDATES, postFilterSql, scopeSql, viewerFilterSql, type Filters, type KeyedRow, type Scope } from './feed-filters.js';
import { firstPassing } from './first-passing.js';
import { perDatabase, visitorCacheTtl, VisitorPageCache } from './visitor-cache.js';

/**
 * The list queries (posts-and-feeds.md §5, §7; their filters are in feed-filters.ts). Every filter sits inside the
 * query, so a page comes back full however many posts the viewer hides; every list is walked by keyset (see
 * ./cursor.ts for the snapshot rule). Raw SQL: the snapshot union and the filters read more clearly as SQL than as
 * builder calls.
 */

/**
 * A list statement: posts matching `where` (and the list's own conditions) in list order, at most `limit`, each with
 * its sort key `o` (also the cursor key unless a text form `k` is given), `creator_id` and `title` (for the viewer's
 * filters) and, on a first ranked page, `snap`.
 */
type StatementRow = { id: string; o: number | string; k?: string; snap?: number };
type ListStatement = (where: RawBuilder<unknown>[], limit: number) => RawBuilder<StatementRow>;

/**
 * Candidate rows by statement (its SQL and parameters), shared by every reader for FEED_CACHE_MS: they depend on the
 * list, its position and the post's own filters only, never on who reads them, so the members reading a list within
 * a second walk it once between them. Off under tests (cacheTtl).
 */
const sharedStatements = perDatabase(() => new VisitorPageCache<unknown[]>(visitorCacheTtl(), 1000));

async function sharedRows<R>(db: Database, query: RawBuilder<R>): Promise<R[]> {
  const compiled = query.compile(db);
  const key = `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
  return (await sharedStatements(db).get(key, async () => (await db.executeQuery(compiled)).rows)) as R[];
}

/**
 * One page for the viewer. A member's own filters cost a subquery or a pattern per post, and a plan may run them on
 * every post a list could show (hundreds on trending, thousands on search) before ordering. So the list's first
 * candidates are read in order with the cheap filters only (shared by every reader, sharedRows), and every filter
 * runs on those posts alone, in one small statement; the first `limit` that pass, in order, are the same page
 * as filtering the whole list, since every post after the candidates ranks lower. When the candidates do not fill
 * the page (the member hides most of them) the whole list is filtered in one statement.
 */
async function readPage(db: Database, filters: Filters, limit: number, statement: ListStatement): Promise<KeyedRow[]> {
  const own = postFilterSql(filters);
  const viewer = viewerFilterSql(filters);
  const keyed = (rows: StatementRow[]): KeyedRow[] => rows.map(({ id, o, k, snap }) => (snap === undefined ? { id, k: k ?? o } : { id, k: k ?? o, snap }));
  if (viewer.length > 0) {
    const wanted = Math.max(MIN_CANDIDATES, limit * 4);
    const candidates = await sharedRows(db, statement(own, wanted));
    // Every filter again, the post's own too: a post removed or deleted since the candidates were read drops at once.
    const page = await firstPassing(db, filters, candidates, limit);
    // A full page, or every post of the list was a candidate: what filtering the whole list would give.
    if (page.length === limit || candidates.length < wanted) return keyed(page);
  }
  return keyed((await statement([...own, ...viewer], limit).execute(db)).rows);
}

const RANK_COLUMNS = { hot: 'hot_score', trending: 'trending_score', top: 'up_vote_count' } as const;
export type RankedSort = keyof typeof RANK_COLUMNS;

export type RankedQuery = {
  sort: RankedSort;
  scope: Scope;
  filters: Filters;
  /** The list's snapshot time (./cursor.ts). */
  snapshot: Date;
  after: { k: number; i: string } | null;
  limit: number;
  /** Top: posts created in [from, to). */
  window?: { from: Date; to: Date };
  /** Trending: lowest key on the list. */
  floor?: number;
  /** No cursor yet: the query takes its own snapshot time (returned as `snap`). */
  firstPage?: boolean;
};

/**
 * Hot, trending and top, read as they stood at the snapshot time: posts unchanged since then are walked on the
 * live key's index; the few changed since are ranked by the key they had then (first logged change after T).
 */
export async function listRanked(db: Database, q: RankedQuery): Promise<KeyedRow[]> {
  const col = sql.raw(`p.${RANK_COLUMNS[q.sort]}`);
  const oldCol = sql.raw(`c.${RANK_COLUMNS[q.sort]}`);
  const t = q.snapshot.toISOString();
  const base = [scopeSql(q.scope)];
  if (q.window) base.push(sql`p.created_at >= ${q.window.from.toISOString()}::timestamptz and p.created_at < ${q.window.to.toISOString()}::timestamptz`);
  const liveKey = [sql`${col} is not null`];
  const oldKey = [sql`ch.k is not null`];
  if (q.floor !== undefined) {
    liveKey.push(sql`${col} >= ${q.floor}`);
    oldKey.push(sql`ch.k >= ${q.floor}`);
  }
  if (q.after) {
    liveKey.push(sql`(${col}, p.id) < (${q.after.k}, ${q.after.i})`);
    oldKey.push(sql`(ch.k, p.id) < (${q.after.k}, ${q.after.i})`);
  }
  if (q.after === null && q.firstPage) {
    // First page: read the live keys and take the statement's own time as the snapshot, so every change the page
    // saw is older than the snapshot and every later one is replayed from the log. The cursor holds milliseconds and
    // the log microseconds: rounded up, a change committed in the same millisecond just before this statement (a
    // vote, then the list) counts as seen; rounded down it was replayed with its old key, and the post came twice.
    return readPage(db, q.filters, q.limit, (where, limit) => sql`
      select p.id, ${col} as o, p.creator_id, p.title,
        ceil(extract(epoch from statement_timestamp()) * 1000)::int8 as snap
      from posts p
      where ${and([...base, ...where, sql`p.created_at <= statement_timestamp()`, ...liveKey])}
      order by ${col} desc, p.id desc limit ${limit}`);
  }
  const atT = sql`p.created_at <= ${t}::timestamptz`;
  return readPage(db, q.filters, q.limit, (where, limit) => sql`
    with ch as (
      select distinct on (c.post_id) c.post_id, ${oldCol} as k
      from post_rank_changes c where c.changed_at > ${t}::timestamptz
      order by c.post_id, c.changed_at, c.id
    )
    select u.id, u.k as o, u.creator_id, u.title from (
      (select p.id, ${col} as k, p.creator_id, p.title from posts p
       where ${and([atT, ...base, ...where, ...liveKey])}
         and not exists (select 1 from post_rank_changes c where c.post_id = p.id and c.changed_at > ${t}::timestamptz)
       order by ${col} desc, p.id desc limit ${limit})
      union all
      (select p.id, ch.k, p.creator_id, p.title from ch join posts p on p.id = ch.post_id
       where ${and([atT, ...base, ...where, ...oldKey])}
       order by ch.k desc, p.id desc limit ${limit})
    ) u order by u.k desc, u.id desc limit ${limit}`);
}

export type FreshQuery = { scope: Scope; filters: Filters; after: { k: string; i: string } | null; limit: number };

/**
 * Newest first; creation time never changes, so the keyset alone is stable: a post added while a reader pages on is
 * newer than every key after the first page, so no snapshot bound is needed (and a first page's statement is the
 * same for every reader, so its candidates are shared: sharedRows).
 */
export async function listFresh(db: Database, q: FreshQuery): Promise<KeyedRow[]> {
  if (q.scope.kind === 'followed') return listFollowedFresh(db, q, q.scope);
  if (q.scope.kind === 'tag' || q.scope.kind === 'interest') return listLinkedFresh(db, q, q.scope);
  const base = [scopeSql(q.scope)];
  if (q.after) base.push(sql`(p.created_at, p.id) < (${q.after.k}::timestamptz, ${q.after.i})`);
  return readPage(db, q.filters, q.limit, (where, limit) => sql`
    select p.id, p.created_at::text as k, p.created_at as o, p.creator_id, p.title from posts p
    where ${and([...base, ...where])}
    order by p.created_at desc, p.id desc limit ${limit}`);
}

/**
 * A tag's or an interest's newest posts, walked on its link table's index (post_tags and post_interests keep their
 * post's creation time, migrations 0011 and 0012): one index range, where walking every newest post and probing each
 * for the tag read a hundred posts per post shown on a tag holding 1% of them.
 */
function listLinkedFresh(db: Database, q: FreshQuery, scope: Extract<Scope, { kind: 'tag' | 'interest' }>): Promise<KeyedRow[]> {
  const link = scope.kind === 'tag' ? sql`post_tags x` : sql`post_interests x`;
  const base = [scope.kind === 'tag' ? sql`x.tag_id = ${scope.tagId}` : sql`x.interest_id = ${scope.interestId}`];
  if (scope.kind === 'interest' && scope.type) base.push(sql`p.type = ${scope.type}`);
  if (scope.kind === 'interest' && scope.excludeType) base.push(sql`p.type <> ${scope.excludeType}`);
  if (q.after) base.push(sql`(x.created_at, x.post_id) < (${q.after.k}::timestamptz, ${q.after.i})`);
  return readPage(db, q.filters, q.limit, (where, limit) => sql`
    select p.id, p.created_at::text as k, p.created_at as o, p.creator_id, p.title from ${link} join posts p on p.id = x.post_id
    where ${and([...base, ...where])}
    order by x.created_at desc, x.post_id desc limit ${limit}`);
}

/**
 * For You: the newest posts of each followed tag and interest (one index range each: post_tags and post_interests
 * keep their post's creation time, migrations 0011 and 0012), merged newest first.
 *
 * First by the indexes alone: the first candidates of the merged ranges (post id and time, no post read), then their
 * posts and every filter; that answers whenever the filters leave a page among them, or the ranges end there. Else
 * (a page filtered away) each range reads its posts with the filters until it holds a page: exact, and about
 * (pages followed) x (page size) lookups however rare or common the followed pages' posts are.
 */
async function listFollowedFresh(db: Database, q: FreshQuery, scope: { tagIds: number[]; interestIds: number[] }): Promise<KeyedRow[]> {
  const keyset = q.after ? sql`and (x.created_at, x.post_id) < (${q.after.k}::timestamptz, ${q.after.i})` : sql``;
  const cap = Math.max(MIN_CANDIDATES, q.limit * 4);
  const newest = (table: 'post_tags' | 'post_interests', column: 'tag_id' | 'interest_id', ids: number[]) => sql`
    select x.post_id, x.created_at from unnest(${ids}::int8[]) f(id) cross join lateral (
      select x.post_id, x.created_at from ${sql.table(table)} x
      where x.${sql.raw(column)} = f.id ${keyset}
      order by x.created_at desc, x.post_id desc limit ${cap}) x`;
  // The merged ranges' first candidates, by the indexes alone (shared like any list's candidates), then their posts'
  // filters in one small statement.
  const candidates = await sharedRows(db, sql<{ id: string; k: string }>`
    select u.post_id as id, u.created_at::text as k from (
      ${newest('post_tags', 'tag_id', scope.tagIds)}
      union
      ${newest('post_interests', 'interest_id', scope.interestIds)}
    ) u order by u.created_at desc, u.post_id desc limit ${cap}`);
  const rows = await firstPassing(db, q.filters, candidates, q.limit, [sql`p.type <> 'ForumPost'`]);
  if (rows.length === q.limit || candidates.length < cap) return rows;

  const range = (table: 'post_tags' | 'post_interests', column: 'tag_id' | 'interest_id', ids: number[], where: RawBuilder<unknown>[], limit: number) => sql`
    select p.id, p.created_at, p.creator_id, p.title from unnest(${ids}::int8[]) f(id) cross join lateral (
      select p.id, p.created_at, p.creator_id, p.title from ${sql.table(table)} x join posts p on p.id = x.post_id
      where x.${sql.raw(column)} = f.id ${keyset}
        and ${and([sql`p.type <> 'ForumPost'`, ...where])}
      order by x.created_at desc, x.post_id desc limit ${limit}) p`;
  return readPage(db, q.filters, q.limit, (where, limit) => sql`
    select u.id, u.created_at::text as k, u.created_at as o, u.creator_id, u.title from (
      ${range('post_tags', 'tag_id', scope.tagIds, where, limit)}
      union
      ${range('post_interests', 'interest_id', scope.interestIds, where, limit)}
    ) u order by u.created_at desc, u.id desc limit ${limit}`);
}

export type UserActivity = 'likes' | 'saved';
export type ActivityQuery = { userId: number; activity: UserActivity; filters: Filters; after: { k: string; i: string } | null; limit: number };

/** A profile's Upvotes or Saved tab: latest vote or save first. */
export async function listUserActivity(db: Database, q: ActivityQuery): Promise<KeyedRow[]> {
  const from = q.activity === 'likes' ? sql`post_votes x` : sql`post_saves x`;
  const where = [sql`x.user_id = ${q.userId}`, ...filterSql(q.filters)];
  if (q.activity === 'likes') where.push(sql`x.value = 1`);
  if (q.after) where.push(sql`(x.created_at, x.post_id) < (${q.after.k}::timestamptz, ${q.after.i})`);
  const result = await sql<KeyedRow>`
    select p.id, x.created_at::text as k from ${from} join posts p on p.id = x.post_id
    where ${and(where)} order by x.created_at desc, x.post_id desc limit ${q.limit}`.execute(db);
  return result.rows;
}

export type CommentedQuery = {
  externalId: string;
  appId: string;
  /** Also the posts commented on as their anonymous OP (the author's own tab only). */
  includeAnonymous: boolean;
  postUrlPrefix: string;
  filters: Filters;
  snapshot: Date;
  after: { k: string; i: string } | null;
  limit: number;
};

/**
 * A profile's Comments tab: posts the user commented on, latest comment first. The comment service keys a post's
 * thread by its canonical URL (DESIGN.md: `${PUBLIC_URL}/gag/{postId}`) and its users by the site's user id; only
 * comments up to the snapshot count, so the order is fixed while the user keeps commenting.
 */
export async function listCommented(db: Database, q: CommentedQuery): Promise<KeyedRow[]> {
  const where = filterSql(q.filters);
  if (q.after) where.push(sql`(m.last, p.id) < (${q.after.k}::timestamptz, ${q.after.i})`);
  const result = await sql<KeyedRow>`
    select p.id, m.last::text as k from (
      select substr(s.url, ${q.postUrlPrefix.length + 1}) as post_id, max(c.created_at) as last
      from comments c
      join comment_users cu on cu.id = c.user_id
      join comment_sections s on s.id = c.section_id
      where cu.app_id = ${q.appId} and cu.external_id = ${q.externalId} and s.app_id = ${q.appId}
        and left(s.url, ${q.postUrlPrefix.length}) = ${q.postUrlPrefix}
        and not c.is_deleted and c.created_at <= ${q.snapshot.toISOString()}::timestamptz
        and (c.op_status <> 2 or ${q.includeAnonymous})
      group by s.url
    ) m join posts p on p.id = m.post_id
    where ${and(where)} order by m.last desc, p.id desc limit ${q.limit}`.execute(db);
  return result.rows;
}

export type CollectionQuery = { collectionId: string; filters: Filters; after: { k: number; i: string } | null; limit: number };

/** A collection page's posts, in the collection's order. */
export async function listCollection(db: Database, q: CollectionQuery): Promise<KeyedRow[]> {
  const where = [sql`ci.collection_id = ${q.collectionId}`, ...filterSql(q.filters)];
  if (q.after) where.push(sql`(ci.position, ci.post_id) > (${q.after.k}, ${q.after.i})`);
  const result = await sql<KeyedRow>`
    select p.id, ci.position as k from collection_items ci join posts p on p.id = ci.post_id
    where ${and(where)} order by ci.position, ci.post_id limit ${q.limit}`.execute(db);
  return result.rows;
}
