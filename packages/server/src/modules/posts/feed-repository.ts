import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../../db/index.js';
import { sessionEpoch } from '../../lib/session.js';
import { canonicalTag } from './tags.js';
import { findViewerState, viewerStateEpoch, type ViewerState } from './repository.js';
import { perDatabase, RecentRows, visitorCacheTtl, VisitorPageCache } from './visitor-cache.js';

/**
 * The list queries (posts-and-feeds.md §5, §7). Every filter sits inside the query, so a page comes back full
 * however many posts the viewer hides; every list is walked by keyset (see ./cursor.ts for the snapshot rule).
 * Raw SQL: the snapshot union and the filters read more clearly as SQL than as builder calls.
 */

/** Which posts a list draws from. */
export type Scope =
  | { kind: 'main' }
  | { kind: 'type'; type: string }
  | { kind: 'tag'; tagId: number }
  | { kind: 'interest'; interestId: number; type?: string; excludeType?: string }
  /** The tags and interests a member follows (ids), For You: see listFresh. */
  | { kind: 'followed'; tagIds: number[]; interestIds: number[] }
  | { kind: 'creator'; userId: number; includeAnonymous: boolean };

/**
 * What the viewer does not want to see. Applied on every list: removed and deleted posts, blocked creators, hidden
 * posts, posts the viewer reported, muted words in titles, promoted posts when a Pro viewer hides them. Only where
 * the spec says so: uninterested posts (downvoted by the viewer; main lists), blocked tags (home lists).
 */
export type Filters = {
  viewerId: number | null;
  hidePromoted: boolean;
  uninterested: boolean;
  blockedTags: boolean;
  excludePostId: string | null;
  /** The viewer's muted words and blocked tags, read once per request (as parameters they keep plans index-driven). */
  mutedWords: string[];
  blockedTagValues: string[];
  /**
   * Home lists only: canonical keys of the tags this browser hides (shell-and-account.md §4 keeps them locally, so
   * the list call names them, for visitors too). A post carrying one is left out.
   */
  hiddenTagKeys: string[];
};

/** A post id and its sort key; `snap` = the snapshot time (ms) a first page was read at, when the query chose it. */
export type KeyedRow = { id: string; k: number | string; snap?: number };

const and = (parts: RawBuilder<unknown>[]) => sql.join(parts, sql` and `);

function scopeSql(scope: Scope): RawBuilder<unknown> {
  switch (scope.kind) {
    case 'main':
      // Forum posts live in their own list (Ask).
      return sql`p.type <> 'ForumPost'`;
    case 'type':
      return sql`p.type = ${scope.type}`;
    case 'tag':
      return sql`exists (select 1 from post_tags pt where pt.post_id = p.id and pt.tag_id = ${scope.tagId})`;
    case 'interest': {
      const parts = [sql`exists (select 1 from post_interests pi where pi.post_id = p.id and pi.interest_id = ${scope.interestId})`];
      if (scope.type) parts.push(sql`p.type = ${scope.type}`);
      if (scope.excludeType) parts.push(sql`p.type <> ${scope.excludeType}`);
      return and(parts);
    }
    case 'followed':
      return sql`p.type <> 'ForumPost' and (
        exists (select 1 from post_tags pt where pt.post_id = p.id and pt.tag_id = any (${scope.tagIds}::int8[]))
        or exists (select 1 from post_interests pi where pi.post_id = p.id and pi.interest_id = any (${scope.interestIds}::int8[])))`;
    case 'creator':
      return scope.includeAnonymous ? sql`p.creator_id = ${scope.userId}` : sql`p.creator_id = ${scope.userId} and not p.is_anonymous`;
  }
}

/** The filters on the post's own columns: cheap on every row a list walks. */
function postFilterSql(f: Filters): RawBuilder<unknown>[] {
  const parts: RawBuilder<unknown>[] = [sql`p.status = 'live'`];
  if (f.excludePostId !== null) parts.push(sql`p.id <> ${f.excludePostId}`);
  if (f.hidePromoted) parts.push(sql`not p.promoted`);
  return parts;
}

/**
 * The viewer's own filters (subqueries and title patterns); they read `p.id`, `p.creator_id` and `p.title` only.
 * The viewer's short lists (blocked creators, hidden and reported posts, the ids of hidden or blocked tags) are each
 * read once per statement as an array (an InitPlan), not joined per post: the statement then plans with only the
 * posts and their tags, and planning was most of a member's list statement.
 */
function viewerFilterSql(f: Filters): RawBuilder<unknown>[] {
  return [...contentFilterSql(f), ...viewerStateFilterSql(f)];
}

/**
 * The filters that read only what a post shows (its title and tags) against word and tag lists the request names:
 * the same answer for a post whoever asks with the same lists, so firstPassing keeps it (contentVerdicts).
 */
function contentFilterSql(f: Filters): RawBuilder<unknown>[] {
  const parts: RawBuilder<unknown>[] = [];
  const withoutTags = (keys: string[]) =>
    sql`not exists (select 1 from post_tags pt where pt.post_id = p.id and pt.tag_id = any (array(select t.id from tags t where t.key = any (${keys}::text[]))))`;
  if (f.hiddenTagKeys.length > 0) parts.push(withoutTags(f.hiddenTagKeys));
  if (f.viewerId === null) return parts;
  if (f.mutedWords.length > 0) {
    parts.push(sql`not (p.title ~* any (array(select word_pattern(w) from unnest(${f.mutedWords}::text[]) w)))`);
  }
  if (f.blockedTags && f.blockedTagValues.length > 0) {
    // A blocked tag hides a post carrying that tag, or naming it as a whole word in its title.
    parts.push(
      withoutTags(f.blockedTagValues.map(canonicalTag)),
      sql`not (p.title ~* any (array(select word_pattern(replace(w, '-', ' ')) from unnest(${f.blockedTagValues}::text[]) w)))`,
    );
  }
  return parts;
}

/** What content filters a request applies, as a key (empty: none); see contentFilterSql. */
function contentKey(f: Filters): string {
  const member = f.viewerId !== null;
  const muted = member ? f.mutedWords : [];
  const blocked = member && f.blockedTags ? f.blockedTagValues : [];
  if (f.hiddenTagKeys.length === 0 && muted.length === 0 && blocked.length === 0) return '';
  return JSON.stringify([f.hiddenTagKeys, muted, blocked]);
}

/** The filters on the viewer's own rows (blocks, hides, reports, downvotes): read on every request, as they change. */
function viewerStateFilterSql(f: Filters): RawBuilder<unknown>[] {
  const v = f.viewerId;
  if (v === null) return [];
  const parts: RawBuilder<unknown>[] = [
    // An account-less post (its creator deleted) has no creator to block: `null <> all` would be null. An anonymous
    // post stays too: leaving it out would tell the blocker who made it.
    sql`(p.is_anonymous or p.creator_id is null or p.creator_id <> all (array(select ub.blocked_user_id from user_blocks ub where ub.user_id = ${v})))`,
    // A `comment` block (hidden OP comments) leaves the post in the lists.
    sql`p.id <> all (array(select pb.post_id from post_blocks pb where pb.user_id = ${v} and pb.type = 'post'))`,
    sql`p.id <> all (array(select r.post_id from reports r where r.reporter_id = ${v} and r.post_id is not null))`,
  ];
  if (f.uninterested) {
    // shell-and-account.md §3: uninterested = downvoted or reported, minus own uploads (reports are filtered above).
    // Downvotes can be many: probed per post rather than read whole.
    parts.push(sql`(p.creator_id is not distinct from ${v}
      or not exists (select 1 from post_votes pv where pv.user_id = ${v} and pv.post_id = p.id and pv.value = -1))`);
  }
  return parts;
}

function filterSql(f: Filters): RawBuilder<unknown>[] {
  return [...postFilterSql(f), ...viewerFilterSql(f)];
}

/**
 * A list statement: posts matching `where` (and the list's own conditions) in list order, at most `limit`, each with
 * its sort key `o` (also the cursor key unless a text form `k` is given), `creator_id` and `title` (for the viewer's
 * filters) and, on a first ranked page, `snap`.
 */
type StatementRow = { id: string; o: number | string; k?: string; snap?: number };
type ListStatement = (where: RawBuilder<unknown>[], limit: number) => RawBuilder<StatementRow>;

/** Candidates read, and checked against the filters, at a time (a member's filters hide few of a page, usually none). */
const MIN_CANDIDATES = 40;

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

/** A search match: its id, its rank (ts_rank_cd) and its creation time in microseconds since the epoch. */
export type SearchMatch = { id: string; rank: number; createdAtUs: number };

/**
 * Full-text search on posts.search (title and description): the `max` best live matches, best first (ts_rank_cd,
 * cover density; then newest id). Ranking reads every match (2,000 for a common word on 100,000 posts, 10 to 13
 * ms), so the service keeps a query's matches for a short time and pages through them (service.ts searchList).
 */
export async function searchMatches(db: Database, query: string, max: number): Promise<SearchMatch[]> {
  const result = await sql<SearchMatch>`
    select p.id, ts_rank_cd(p.search, q.query)::float8 as rank,
      (extract(epoch from p.created_at) * 1000000)::float8 as created_at_us
    from posts p, websearch_to_tsquery('english', ${query}) as q(query)
    where p.search @@ q.query and p.status = 'live'
    order by rank desc, p.id desc limit ${max}`.execute(db);
  return result.rows;
}

/**
 * Content verdicts (contentFilterSql) by content key and post, for FEED_CACHE_MS: a post's title and tags do not
 * change once it is posted, and the same candidates come back on every request of a list, so a member's word and
 * tag filters run on each post once per TTL instead of once per request (their patterns were half of a member's
 * filter statement). A new muted word or blocked tag is a new key, so it applies at once.
 */
const contentVerdicts = perDatabase(() => new RecentRows<{ key: string; pass: boolean }>(visitorCacheTtl(), 20_000));

/**
 * A member's own rows that their lists leave out (blocked creators, hidden and reported posts, downvotes), read once
 * and kept for FEED_CACHE_MS under the member's state epoch (raised by every vote, hide, report and block made in
 * this process) and the session epoch (raised by a block in the accounts module, a logout, a deleted account), so a
 * change made here applies at once; one made through another instance, within the TTL. Reading them into every
 * filter statement as subqueries was most of what a member's page cost beyond a visitor's.
 */
const viewerStates = perDatabase(() => new VisitorPageCache<ViewerState>(visitorCacheTtl(), 2000));
const viewerState = (db: Database, userId: number): Promise<ViewerState> =>
  viewerStates(db).get(`${sessionEpoch(db)}|${viewerStateEpoch(db, userId)}|${userId}`, () => findViewerState(db, userId));

/** viewerStateFilterSql, on a post's id and creator, against the member's kept rows. */
function passesViewerState(f: Filters, state: ViewerState, post: { id: string; creatorId: number | null; isAnonymous: boolean }): boolean {
  if (!post.isAnonymous && post.creatorId !== null && state.blockedCreators.has(post.creatorId)) return false;
  if (state.hiddenPosts.has(post.id)) return false;
  return !f.uninterested || post.creatorId === f.viewerId || !state.downvoted.has(post.id);
}

/**
 * The first `limit` of `ordered` (candidates already in list order) that pass the list filters, checked
 * MIN_CANDIDATES at a time: one small statement per chunk, whatever the list's size, reads the posts' own state
 * (removed, deleted, promoted, and the list's `extra` conditions) fresh; the member's rows come from viewerState
 * and the content filters from contentVerdicts (with one statement for the posts it does not hold). Lists, search
 * and related pages all fill this way.
 */
export async function firstPassing<T extends { id: string }>(
  db: Database,
  filters: Filters,
  ordered: readonly T[],
  limit: number,
  extra: RawBuilder<unknown>[] = [],
): Promise<T[]> {
  const rows: T[] = [];
  const ckey = contentKey(filters);
  const content = contentFilterSql(filters);
  const own = [...postFilterSql(filters), ...extra];
  const state = filters.viewerId === null ? null : await viewerState(db, filters.viewerId);
  for (let i = 0; i < ordered.length && rows.length < limit; i += MIN_CANDIDATES) {
    const chunk = ordered.slice(i, i + MIN_CANDIDATES);
    const posts = await sql<{ id: string; creatorId: number | string | null; isAnonymous: boolean }>`
      select p.id, p.creator_id, p.is_anonymous from posts p where ${and([sql`p.id = any (${chunk.map((c) => c.id)}::text[])`, ...own])}`.execute(db);
    const passing = new Set<string>();
    for (const p of posts.rows) {
      const post = { id: p.id, creatorId: p.creatorId === null ? null : Number(p.creatorId), isAnonymous: p.isAnonymous };
      if (!state || passesViewerState(filters, state, post)) passing.add(p.id);
    }
    if (ckey !== '' && passing.size > 0) {
      const verdicts = await contentVerdicts(db).get(
        [...passing].map((id) => `${ckey}\u0000${id}`),
        (v) => v.key,
        async (keys) => {
          const asked = keys.map((k) => k.slice(ckey.length + 1));
          const result = await sql<{ id: string }>`
            select p.id from posts p where ${and([sql`p.id = any (${asked}::text[])`, ...content])}`.execute(db);
          const pass = new Set(result.rows.map((r) => r.id));
          return keys.map((key, n) => ({ key, pass: pass.has(asked[n] as string) }));
        },
      );
      for (const v of verdicts) if (!v.pass) passing.delete(v.key.slice(ckey.length + 1));
    }
    for (const c of chunk) if (passing.has(c.id) && rows.length < limit) rows.push(c);
  }
  return rows;
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

/** Newest posts read per tag of the post: the related list ranks at most this many per tag (see relatedCandidates). */
export const RELATED_PER_TAG = 100;

/** A related-posts candidate: its id, the tags it shares with the post and its creation time (microseconds). */
export type RelatedCandidate = { id: string; shared: number; createdAtUs: number };

/**
 * Related posts' candidates: the RELATED_PER_TAG newest live posts of each tag of the post (of the type asked, if
 * any), each with the number of tags it shares with the post (all its tags counted, not only those whose newest
 * posts it is among). Reading every post of a popular tag cost 0.3 to 0.5 s per request on 100,000 posts; the
 * newest ones are one index range per tag (post_tags_tag_recent_idx), and a related list of a few hundred posts is
 * more than anyone pages through. The same for every reader: the service keeps them for a short time, orders them
 * (shared tags, then newest) and checks only a page's worth against each reader's filters (firstPassing).
 */
export async function relatedCandidates(db: Database, postId: string, type: string | null): Promise<RelatedCandidate[]> {
  const newest = type
    ? sql`select x.post_id from post_tags x
        where x.tag_id = pt0.tag_id and x.post_type = ${type} and x.post_id <> ${postId}
        order by x.created_at desc, x.post_id limit ${RELATED_PER_TAG}`
    : sql`select x.post_id from post_tags x
        where x.tag_id = pt0.tag_id and x.post_id <> ${postId} order by x.created_at desc, x.post_id limit ${RELATED_PER_TAG}`;
  // Shared tags are counted by probing the primary key (post_id, tag_id) once per own tag: index-only, no heap.
  const result = await sql<RelatedCandidate>`
    with own as materialized (select array_agg(tag_id) as ids from post_tags where post_id = ${postId}),
    c as (select distinct c.post_id from post_tags pt0 cross join lateral (${newest}) c where pt0.post_id = ${postId})
    select p.id, (extract(epoch from p.created_at) * 1000000)::float8 as created_at_us,
      (select count(*) from unnest(own.ids) t(tag_id)
         where exists (select 1 from post_tags y where y.post_id = c.post_id and y.tag_id = t.tag_id))::int as shared
    from c cross join own cross join lateral (select p0.id, p0.created_at from posts p0 where p0.id = c.post_id and p0.status = 'live' offset 0) p`.execute(db);
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
