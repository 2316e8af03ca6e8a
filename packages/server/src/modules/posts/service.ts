import type { Config } from '../../config.js';
import type { Database } from '../../db/index.js';
import type { Json } from '../../db/schema.js';
import { badRequest, forbidden, notFound } from '../../lib/envelope.js';
import type { FastifyRequest } from 'fastify';
import { knownSessionUser, rememberSessionUser, requestSessionId, sessionEpoch, type SessionUser } from '../../lib/session.js';
import { decodeCursor, encodeCursor, SNAPSHOT_TTL_MS, type Cursor } from './cursor.js';
import * as feeds from './feed-repository.js';
import type { Filters, KeyedRow, Scope } from './feed-repository.js';
import { TOP_TIMEFRAMES, topWindow, trendingFloor, type TopTimeframe } from './ranking.js';
import * as repo from './repository.js';
import { maskCoverUrl } from './mask-cover.js';
import { cacheTtl, perDatabase, VisitorPageCache, visitorCacheTtl } from './visitor-cache.js';
import { isActivePro, proSettings } from '../accounts/pro.js';
import { canonicalTag } from './tags.js';
import { MAIN_APP_ID } from '../../main-app.js';

/** Posts per page of every list (the client groups them in streams of 2, 3 then 5). */
export const PAGE_SIZE = 10;
/** The comment service's app id of the main site (DESIGN.md; defined in src/main-app.ts). */
export const MAIN_COMMENT_APP = MAIN_APP_ID;
/** News lists draw from the interest with this key. */
export const NEWS_INTEREST = 'news';

export type PostsContext = { db: Database; config: Config };

/** The one who reads a list, with what their account hides. */
export type Viewer = {
  id: number;
  userId: string;
  hidePromoted: boolean;
  mutedWords: string[];
  blockedTags: string[];
  /** The tags and interests the member follows, by id (For You). */
  followed: { tagIds: number[]; interestIds: number[] };
};

export async function loadViewer(db: Database, user: SessionUser | null): Promise<Viewer | null> {
  if (!user) return null;
  const row = await repo.findViewer(db, user.id);
  return row ? viewerOf(row) : null;
}

type ViewerRow = NonNullable<Awaited<ReturnType<typeof repo.findViewer>>>;
function viewerOf(row: ViewerRow): Viewer {
  const words = (list: string[] | null) => (list ?? []).filter((w) => w.trim() !== '');
  return {
    id: row.id,
    userId: row.userId,
    hidePromoted: isActivePro(row) && proSettings(row).hidePromotedPosts,
    mutedWords: words(row.mutedWords),
    blockedTags: words(row.blockedTags),
    followed: { tagIds: (row.followedTagIds ?? []).map(Number), interestIds: (row.followedInterestIds ?? []).map(Number) },
  };
}

/**
 * A session's viewer row for FEED_CACHE_MS (1 s): a member's list requests come in runs (pages, tabs, back), and the
 * row rarely changes. The key holds the session epoch, so a logout or a change of the member's row, word lists or
 * followed pages in this process is seen at once; made by another instance, within the TTL. Off under tests.
 */
const sessionViewers = perDatabase(() => new VisitorPageCache<Awaited<ReturnType<typeof repo.findSessionViewer>>>(visitorCacheTtl(), 2000));

/**
 * The viewer of a list request: the session and what the member hides in one statement (kept briefly:
 * sessionViewers), unless the request's user was looked up already. The user found is kept as the request's session
 * user (lib/session.ts).
 */
export async function requestViewer(db: Database, request: FastifyRequest): Promise<Viewer | null> {
  const known = knownSessionUser(request);
  if (known !== undefined) return loadViewer(db, known);
  const sessionId = requestSessionId(request);
  const row = sessionId
    ? await sessionViewers(db).get(`${sessionEpoch(db)}|${sessionId}`, () => repo.findSessionViewer(db, sessionId))
    : undefined;
  rememberSessionUser(request, row ? { id: row.id, userId: row.userId, username: row.username } : null);
  return row ? viewerOf(row) : null;
}

// --- the Post shape (posts-and-feeds.md §3) -------------------------------------------------------------------

export type PostCreator = {
  username: string;
  accountId: string;
  profileUrl: string;
  avatarUrl: string;
  name: string;
  isVerifiedAccount: boolean;
  emojiStatus: string;
};
export type PostTag = { key: string; url: string };
export type PollOption = { text: string };

export type Post = {
  id: string;
  title: string;
  description: string;
  type: string;
  url: string;
  postUrl: string;
  shareUrl: string;
  nsfw: boolean;
  /** §5 Offensive mask: set by a moderator or by offensive reports (actions.ts); the client decides who sees the mask. */
  isOffensive: boolean;
  isAnonymous: boolean;
  isMeme: boolean;
  creationTs: number;
  /** null for anonymous posts (the uploader stays hidden) and deleted accounts. */
  creator: PostCreator | null;
  interests: string[];
  tags: PostTag[];
  commentsCount: number;
  comment: { canAnonymous: boolean; pinnedCommentCount: number };
  upVoteCount: number;
  downVoteCount: number;
  isVoteMasked: boolean;
  gamFlagged: boolean;
  promoted: 0 | 1;
  hasLongPostCover: boolean;
  credit: Json | null;
  ctaData: Json | null;
  sourceDomain: string;
  sourceUrl: string;
  images: Json;
  video: Json | null;
  article: Json | null;
  awardUsers: { userId: string; username: string; profileUrl: string; avatarUrl: string }[];
  awardUsersCount: number;
  polling: { options: PollOption[]; endTs: number } | null;
  sensitiveCover: boolean;
  /** The blurred cover under a sensitive or offensive mask (mask-cover.ts); null for a post without a mask. */
  maskCoverUrl: string | null;
};

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
export const postUrl = (config: Config, id: string) => `${config.publicUrl}/gag/${id}`;
export const profileUrl = (config: Config, username: string) => `${config.publicUrl}/u/${encodeURIComponent(username.toLowerCase())}`;
export const tagUrl = (config: Config, key: string) => `${config.publicUrl}/tag/${encodeURIComponent(key)}`;

/** Poll options are stored as strings or as {text}; the wire always gets {text}. */
export function pollOptions(options: Json): PollOption[] {
  if (!Array.isArray(options)) return [];
  return options.map((o) => {
    if (typeof o === 'string') return { text: o };
    if (o && typeof o === 'object' && !Array.isArray(o) && typeof o.text === 'string') return { text: o.text };
    return { text: String(o) };
  });
}

/** Posts in the order of `ids`, each with its tags, interests, Cheers senders and poll. */
export async function loadPosts(ctx: PostsContext, ids: string[]): Promise<Post[]> {
  if (ids.length === 0) return [];
  const { db, config } = ctx;
  const rows = await repo.findPostRows(db, ids, { appId: MAIN_COMMENT_APP, urlPrefix: postUrl(config, '') });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const posts: Post[] = [];
  for (const id of ids) {
    const r = byId.get(id);
    if (!r) continue;
    const url = r.type === 'CollectionPage' ? `${config.publicUrl}/collection/${r.id}` : postUrl(config, r.id);
    posts.push({
      id: r.id,
      title: r.title,
      description: r.description,
      type: r.type,
      url,
      postUrl: postUrl(config, r.id),
      shareUrl: `${url}?utm_source=copy_link&utm_medium=post_share`,
      nsfw: r.nsfw,
      isOffensive: r.isOffensive,
      isAnonymous: r.isAnonymous,
      isMeme: r.isMeme,
      creationTs: seconds(r.createdAt),
      creator:
        r.isAnonymous || r.creatorUsername === null || r.creatorUserId === null
          ? null
          : {
              username: r.creatorUsername,
              accountId: r.creatorUserId,
              profileUrl: profileUrl(config, r.creatorUsername),
              avatarUrl: r.creatorAvatarUrl ?? '',
              name: r.creatorName ?? '',
              isVerifiedAccount: r.creatorIsVerified ?? false,
              emojiStatus: r.creatorEmojiStatus ?? '',
            },
      interests: r.interestKeys,
      tags: r.tagKeys.map((key) => ({ key, url: tagUrl(config, key) })),
      commentsCount: r.commentsCount,
      comment: { canAnonymous: r.canAnonymous, pinnedCommentCount: r.pinnedCommentCount },
      upVoteCount: r.upVoteCount,
      downVoteCount: r.downVoteCount,
      // posts-and-feeds.md §2: votes are always masked on collection pages.
      isVoteMasked: r.isVoteMasked || r.type === 'CollectionPage',
      gamFlagged: r.gamFlagged,
      promoted: r.promoted ? 1 : 0,
      hasLongPostCover: r.hasLongPostCover,
      credit: r.credit,
      ctaData: r.ctaData,
      sourceDomain: r.sourceDomain,
      sourceUrl: r.sourceUrl,
      images: r.images,
      video: r.video,
      article: r.article,
      awardUsers: r.awardUsers.map((a) => ({
        userId: a.userId,
        username: a.username,
        profileUrl: profileUrl(config, a.username),
        avatarUrl: a.avatarUrl,
      })),
      awardUsersCount: r.awardsCount,
      polling: r.pollOptions !== null && r.pollEndTs !== null ? { options: pollOptions(r.pollOptions), endTs: r.pollEndTs } : null,
      sensitiveCover: r.sensitiveCover,
      maskCoverUrl: maskCoverUrl(config, r),
    });
  }
  return posts;
}

// --- lists ----------------------------------------------------------------------------------------------------
//
// Decisions the spec leaves to the server (posts-and-feeds.md §5 "List filtering"):
// - Filters run inside each list query (feed-repository.ts), so every page is full: removed and deleted posts,
//   blocked creators, hidden posts, reported posts and muted title words on every list; downvoted posts and blocked
//   tags (matched against tags and title words) on the home lists only; promoted posts for an active Pro member whose
//   preferences say hidePromotedPosts; the current post on related lists. No page ever holds a post twice.
// - NSFW posts stay in the lists with nsfw: true: the client masks them (§4 Sensitive mask, shown to visitors and in
//   safe mode) and a member can choose to view them, so filtering them out would break that choice.
// - Forum posts (Ask) are listed by forum lists only; anonymous posts never name their creator, and show on the
//   creator's profile to the creator alone.
// - A viewer's own lists (their profile) are not filtered.
// - Freshness: a list's candidates (order and membership) are shared by every reader for FEED_CACHE_MS (1 s), so a
//   new post or a vote shows in a member's list up to 1 s later; every removal and deletion applies at once. A
//   member's own filter rows (blocks, hides, reports, downvotes, words, followed pages) are kept as long, under
//   epochs that each change made through this instance raises: at once here, within 1 s through another instance.

export type ListReply = {
  posts: Post[];
  after: string | null;
  nextCursor: string | null;
  feedId: string;
  tags: PostTag[];
  tag: { key: string; url: string; description: string; isSensitive: boolean; config: Json } | null;
  profile: { accountId: string; username: string; fullName: string; profileUrl: string; avatarUrl: string } | null;
  /** Related posts and collection pages: the post the list belongs to (the single post page reads it from here). */
  post?: Post | null;
};

/** Reads one page: `fetch` gets limit + 1 rows so the reply knows whether a next page exists. */
async function page(
  ctx: PostsContext,
  feedId: string,
  sort: string,
  cursorToken: string | undefined,
  fetch: (cursor: Cursor | null, snapshot: Date, limit: number) => Promise<KeyedRow[]>,
): Promise<Pick<ListReply, 'posts' | 'after' | 'nextCursor' | 'feedId' | 'tags'>> {
  const cursor = decodeCursor(cursorToken, sort, ctx.config.sessionSecret);
  // An expired snapshot (the change log is pruned) is read against today's keys: see cursor.ts.
  const now = Date.now();
  const snapshot = new Date(cursor && cursor.t <= now && now - cursor.t < SNAPSHOT_TTL_MS ? cursor.t : now);
  const rows = await fetch(cursor, snapshot, PAGE_SIZE + 1);
  const more = rows.length > PAGE_SIZE;
  const shown = rows.slice(0, PAGE_SIZE);
  const last = shown[shown.length - 1];
  const t = last?.snap ?? snapshot.getTime();
  const after = more && last ? encodeCursor({ s: sort, t, k: last.k, i: last.id }, ctx.config.sessionSecret) : null;
  const posts = await loadPosts(ctx, shown.map((r) => r.id));
  const tagKeys = new Map<string, PostTag>();
  for (const p of posts) for (const t of p.tags) if (!tagKeys.has(t.key)) tagKeys.set(t.key, t);
  return { posts, after, nextCursor: after, feedId, tags: [...tagKeys.values()].slice(0, 20) };
}

const numKey = (c: Cursor | null) => {
  if (!c) return null;
  if (typeof c.k !== 'number') throw badRequest('INVALID_CURSOR', 'This list position is not valid. Reload the list.');
  return { k: c.k, i: c.i };
};
const textKey = (c: Cursor | null) => {
  if (!c) return null;
  if (typeof c.k !== 'string') throw badRequest('INVALID_CURSOR', 'This list position is not valid. Reload the list.');
  return { k: c.k, i: c.i };
};

function baseFilters(viewer: Viewer | null, extra: Partial<Filters> = {}): Filters {
  return {
    viewerId: viewer?.id ?? null,
    hidePromoted: viewer?.hidePromoted ?? false,
    uninterested: false,
    blockedTags: false,
    excludePostId: null,
    mutedWords: viewer?.mutedWords ?? [],
    blockedTagValues: viewer?.blockedTags ?? [],
    hiddenTagKeys: [],
    ...extra,
  };
}

type Ordering = { kind: 'hot' } | { kind: 'trending' } | { kind: 'top'; timeframe: TopTimeframe } | { kind: 'fresh' };

function ordered(ctx: PostsContext, feedId: string, scope: Scope, filters: Filters, order: Ordering, after: string | undefined) {
  const sort = order.kind === 'top' ? `top-${order.timeframe}` : order.kind;
  return page(ctx, feedId, sort, after, (cursor, snapshot, limit) => {
    switch (order.kind) {
      case 'fresh':
        return feeds.listFresh(ctx.db, { scope, filters, after: textKey(cursor), limit });
      case 'hot':
        return feeds.listRanked(ctx.db, { sort: 'hot', scope, filters, snapshot, after: numKey(cursor), limit, firstPage: !cursor });
      case 'trending':
        return feeds.listRanked(ctx.db, { sort: 'trending', scope, filters, snapshot, after: numKey(cursor), limit, floor: trendingFloor(snapshot), firstPage: !cursor });
      case 'top':
        return feeds.listRanked(ctx.db, { sort: 'top', scope, filters, snapshot, after: numKey(cursor), limit, window: topWindow(order.timeframe, snapshot), firstPage: !cursor });
    }
  });
}

const emptyExtras = { tag: null, profile: null } as const;

/**
 * Home lists (posts-and-feeds.md §2, shell-and-account.md §2 list sort types), served at /v1/feed-posts and
 * /v1/group-posts alike: home and hot (hot), trending, fresh and explore (timeframe for-you or recent), top
 * (timeframe today, week, month, last-month, year, last-year; also spelled top-week and so on), news and
 * news-fresh (the news interest; news with timeframe fresh is news-fresh), forum (Ask: forum posts, newest first).
 *
 * For You: the newest posts of the tags and interests the viewer follows; Recent, and For You for a visitor or a
 * viewer who follows nothing: every newest post. Main lists hide the viewer's uninterested posts and blocked tags.
 */
export async function homeList(
  ctx: PostsContext,
  viewer: Viewer | null,
  type: string,
  timeframe: string | undefined,
  after: string | undefined,
  hiddenTags: string[] = [],
): Promise<ListReply> {
  const filters = baseFilters(viewer, { uninterested: true, blockedTags: true, hiddenTagKeys: hiddenTags });
  const main: Scope = { kind: 'main' };
  let t = type.toLowerCase();
  let tf = timeframe?.toLowerCase();
  if (t.startsWith('top-')) {
    tf = t.slice(4);
    t = 'top';
  }
  if (t === 'news' && tf === 'fresh') t = 'news-fresh';
  switch (t) {
    case 'home':
    case 'hot':
      return { ...(await ordered(ctx, 'home', main, filters, { kind: 'hot' }, after)), ...emptyExtras };
    case 'trending':
      return { ...(await ordered(ctx, 'trending', main, filters, { kind: 'trending' }, after)), ...emptyExtras };
    case 'fresh':
    case 'explore': {
      const mode = tf ?? 'for-you';
      if (mode !== 'for-you' && mode !== 'recent') throw notFound('UNKNOWN_TIMEFRAME', `Unknown timeframe "${mode}" for ${t}.`);
      let scope: Scope = main;
      if (mode === 'for-you' && viewer) {
        const followed = viewer.followed;
        if (followed.tagIds.length > 0 || followed.interestIds.length > 0) scope = { kind: 'followed', ...followed };
      }
      const feedId = `${t}-${mode}`;
      return { ...(await ordered(ctx, feedId, scope, filters, { kind: 'fresh' }, after)), ...emptyExtras };
    }
    case 'top': {
      const frame = tf ?? 'today';
      if (!(TOP_TIMEFRAMES as readonly string[]).includes(frame)) throw notFound('UNKNOWN_TIMEFRAME', `Unknown timeframe "${frame}" for top.`);
      const timeframe = frame as TopTimeframe;
      return { ...(await ordered(ctx, `top-${timeframe}`, main, filters, { kind: 'top', timeframe }, after)), ...emptyExtras };
    }
    case 'news':
    case 'news-fresh': {
      const news = await listInterest(ctx.db, NEWS_INTEREST);
      if (!news) return emptyList(t);
      const scope: Scope = { kind: 'interest', interestId: news.id, excludeType: 'ForumPost' };
      return { ...(await ordered(ctx, t, scope, filters, { kind: t === 'news' ? 'hot' : 'fresh' }, after)), ...emptyExtras };
    }
    case 'forum':
      return { ...(await ordered(ctx, 'forum', { kind: 'type', type: 'ForumPost' }, filters, { kind: 'fresh' }, after)), ...emptyExtras };
    default:
      throw notFound('UNKNOWN_LIST', `Unknown list type "${type}".`);
  }
}

/** Hidden tags a home list call may name: the site sends its newest ones and filters any others on screen. */
const MAX_HIDDEN_TAGS = 50;

/**
 * The `hiddenTags` field of a home list call: canonical tag keys, comma separated (tags never hold commas: uploads
 * split on them), or an array in a JSON body.
 */
export function parseHiddenTags(value: unknown): string[] {
  if (value === undefined || value === null || value === '') return [];
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : null;
  if (items === null || items.some((item) => typeof item !== 'string')) {
    throw badRequest('INVALID_HIDDEN_TAGS', 'Hidden tags must be a comma-separated list of tags.');
  }
  const keys = [...new Set((items as string[]).map(canonicalTag).filter(Boolean))];
  if (keys.length > MAX_HIDDEN_TAGS) throw badRequest('TOO_MANY_HIDDEN_TAGS', `A list can leave out up to ${MAX_HIDDEN_TAGS} hidden tags.`);
  if (keys.some((key) => key.length > 100)) throw badRequest('INVALID_HIDDEN_TAGS', 'A hidden tag is at most 100 characters long.');
  return keys;
}

const emptyList = (feedId: string): ListReply => ({ posts: [], after: null, nextCursor: null, feedId, tags: [], tag: null, profile: null });

/**
 * Tag and interest rows by key for the list calls, kept FEED_CACHE_MS (1 s): every tag, interest and news page reads
 * one, and they change rarely (an edit shows within the TTL; a missing key is asked again after it).
 */
const pageRows = perDatabase(() => new VisitorPageCache<unknown>(visitorCacheTtl(), 1000));
const listTag = (db: Database, key: string) => pageRows(db).get(`tag|${key}`, () => repo.findTag(db, key)) as ReturnType<typeof repo.findTag>;
const listInterest = (db: Database, key: string) =>
  pageRows(db).get(`interest|${key}`, () => repo.findInterest(db, key)) as ReturnType<typeof repo.findInterest>;

/** /v1/tag-posts/tag/{tag}/type/{hot|fresh} */
export async function tagList(ctx: PostsContext, viewer: Viewer | null, key: string, type: string, after: string | undefined): Promise<ListReply> {
  if (type !== 'hot' && type !== 'fresh') throw notFound('UNKNOWN_LIST', `Unknown tag list type "${type}".`);
  const tag = await listTag(ctx.db, canonicalTag(key));
  if (!tag) throw notFound('TAG_NOT_FOUND', 'Sorry! No posts were found');
  const reply = await ordered(ctx, `tag-${tag.key}-${type}`, { kind: 'tag', tagId: tag.id }, baseFilters(viewer), { kind: type }, after);
  return {
    ...reply,
    tag: { key: tag.key, url: tagUrl(ctx.config, tag.key), description: tag.description, isSensitive: tag.isSensitive, config: tag.config },
    profile: null,
  };
}

/** /v1/interest-posts/interest/{interest}/type/{hot|fresh|forum}; hot and fresh leave forum posts to the forum tab. */
export async function interestList(ctx: PostsContext, viewer: Viewer | null, key: string, type: string, after: string | undefined): Promise<ListReply> {
  if (type !== 'hot' && type !== 'fresh' && type !== 'forum') throw notFound('UNKNOWN_LIST', `Unknown interest list type "${type}".`);
  const interest = await listInterest(ctx.db, key.trim().toLowerCase());
  if (!interest) throw notFound('INTEREST_NOT_FOUND', 'Sorry! No posts were found');
  const scope: Scope =
    type === 'forum'
      ? { kind: 'interest', interestId: interest.id, type: 'ForumPost' }
      : { kind: 'interest', interestId: interest.id, excludeType: 'ForumPost' };
  const reply = await ordered(ctx, `interest-${interest.key}-${type}`, scope, baseFilters(viewer), { kind: type === 'hot' ? 'hot' : 'fresh' }, after);
  return { ...reply, ...emptyExtras };
}

export const USER_LIST_TYPES = ['posts', 'likes', 'upvotes', 'comments', 'saved'] as const;

/**
 * /v1/user-posts/username/{u}/type/{posts|likes|comments|saved} (upvotes = likes). Saved belongs to its owner only.
 * An anonymous upload shows on its owner's own Posts tab only, so a profile never reveals who posted it.
 */
export async function userList(ctx: PostsContext, viewer: Viewer | null, username: string, type: string, after: string | undefined): Promise<ListReply> {
  if (!(USER_LIST_TYPES as readonly string[]).includes(type)) throw notFound('UNKNOWN_LIST', `Unknown profile list type "${type}".`);
  const user = await repo.findUserByUsername(ctx.db, username);
  if (!user) throw notFound('USER_NOT_FOUND', 'This user does not exist.');
  const own = viewer?.id === user.id;
  if (type === 'saved' && !own) throw forbidden('SAVED_IS_PRIVATE', 'Saved posts are visible to their owner only.');
  const profile = { accountId: user.userId, username: user.username, fullName: user.fullName, profileUrl: profileUrl(ctx.config, user.username), avatarUrl: user.avatarUrl };
  const feedId = `user-${user.username.toLowerCase()}-${type}`;
  // The owner sees everything of their own; others get the usual filters.
  const filters = own ? baseFilters(null) : baseFilters(viewer);
  let reply;
  if (type === 'posts') {
    reply = await ordered(ctx, feedId, { kind: 'creator', userId: user.id, includeAnonymous: own }, filters, { kind: 'fresh' }, after);
  } else if (type === 'comments') {
    reply = await page(ctx, feedId, 'comments', after, (cursor, snapshot, limit) =>
      feeds.listCommented(ctx.db, {
        externalId: user.userId,
        appId: MAIN_COMMENT_APP,
        // Comments made as a post's anonymous OP list on their author's own tab only, as anonymous uploads do.
        includeAnonymous: own,
        postUrlPrefix: `${ctx.config.publicUrl}/gag/`,
        filters,
        snapshot,
        after: textKey(cursor),
        limit,
      }),
    );
  } else {
    const activity = type === 'saved' ? 'saved' : 'likes';
    reply = await page(ctx, feedId, activity, after, (cursor, _snapshot, limit) =>
      feeds.listUserActivity(ctx.db, { userId: user.id, activity, filters, after: textKey(cursor), limit }),
    );
  }
  return { ...reply, tag: null, profile };
}

export const MAX_QUERY_LENGTH = 200;
/** A search lists at most this many best matches (deeper pages of a common word are not read by anyone). */
export const SEARCH_MAX_RESULTS = 1000;
/** The first `limit` candidates (in list order) that pass this reader's filters, keyed for the cursor. */
async function firstPassing<T extends { id: string }>(
  ctx: PostsContext,
  filters: Filters,
  ordered: T[],
  limit: number,
  key: (candidate: T) => string | number,
): Promise<KeyedRow[]> {
  return (await feeds.firstPassing(ctx.db, filters, ordered, limit)).map((c) => ({ id: c.id, k: key(c) }));
}

/**
 * A query's ranked matches, kept SEARCH_CACHE_MS (default 30 s; 0 keeps none; off under tests) and shared by every
 * reader and page: ranking reads every match, while a page only checks its candidates against the reader's filters.
 * A post uploaded meanwhile shows in searches once the kept matches expire; removals show at once (the filters).
 */
const searchCaches = perDatabase(() => new VisitorPageCache<feeds.SearchMatch[]>(searchCacheTtl(), 200));

export const searchCacheTtl = (env: Record<string, string | undefined> = process.env): number => cacheTtl('SEARCH_CACHE_MS', 30_000, env);

/** Larger id first: code point order, the same in every process and database collation (the lists' last tie-break). */
const byIdDesc = (a: { id: string }, b: { id: string }) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** Best match first, then the larger id. */
const byRank = (a: feeds.SearchMatch, b: feeds.SearchMatch) => b.rank - a.rank || byIdDesc(a, b);

/**
 * /v1/search-posts?query=: ranked full-text search (ts_rank_cd over title and description), the best
 * SEARCH_MAX_RESULTS; an empty query finds nothing. Tags starting with the query ride along. Pages walk the kept
 * matches by (rank, id) up to the list's snapshot time, so a page never repeats or skips a post.
 */
export async function searchList(ctx: PostsContext, viewer: Viewer | null, query: string, after: string | undefined): Promise<ListReply> {
  const text = query.trim().slice(0, MAX_QUERY_LENGTH);
  if (text === '') return emptyList('search');
  const filters = baseFilters(viewer);
  const reply = await page(ctx, 'search', 'search', after, async (cursor, snapshot, limit) => {
    const from = numKey(cursor);
    const matches = await searchCaches(ctx.db).get(text, async () => (await feeds.searchMatches(ctx.db, text, SEARCH_MAX_RESULTS)).sort(byRank));
    const untilUs = snapshot.getTime() * 1000;
    const rest = matches.filter((m) => m.createdAtUs <= untilUs && (!from || m.rank < from.k || (m.rank === from.k && m.id < from.i)));
    return firstPassing(ctx, filters, rest, limit, (m) => m.rank);
  });
  const tags = after ? [] : await repo.findTagsByPrefix(ctx.db, text, 10);
  return { ...reply, tags: tags.map((t) => ({ key: t.key, url: tagUrl(ctx.config, t.key) })), tag: null, profile: null };
}

async function requirePost(ctx: PostsContext, id: string) {
  const post = await repo.findLivePost(ctx.db, id);
  if (!post) throw notFound('POST_NOT_FOUND', 'This post does not exist or was removed.');
  return post;
}

/** GET /v1/post?id=: one live post, whoever asks (the page itself shows the blocked-creator placeholder). */
export async function singlePost(ctx: PostsContext, id: string): Promise<Post> {
  await requirePost(ctx, id);
  const [post] = await loadPosts(ctx, [id]);
  if (!post) throw notFound('POST_NOT_FOUND', 'This post does not exist or was removed.');
  return post;
}

/**
 * A post's related candidates in list order (most shared tags, then newest, then the larger id), kept
 * SEARCH_CACHE_MS for every reader: posts uploaded meanwhile join once they expire; removals and each reader's
 * filters apply at once (firstPassing).
 */
const relatedCaches = perDatabase(() => new VisitorPageCache<feeds.RelatedCandidate[]>(searchCacheTtl(), 500));
const byShared = (a: feeds.RelatedCandidate, b: feeds.RelatedCandidate) => b.shared - a.shared || b.createdAtUs - a.createdAtUs || byIdDesc(a, b);
const relatedOf = (ctx: PostsContext, id: string, type: string | null) =>
  relatedCaches(ctx.db).get(`${id}|${type ?? ''}`, async () => (await feeds.relatedCandidates(ctx.db, id, type)).sort(byShared));

/** A related list's cursor key: "shared createdAtUs" (the id breaks ties). */
const relatedKey = (c: feeds.RelatedCandidate) => `${c.shared} ${c.createdAtUs}`;
function afterRelated(cursor: Cursor | null): ((c: feeds.RelatedCandidate) => boolean) | null {
  const from = textKey(cursor);
  if (!from) return null;
  const [shared, us] = from.k.split(' ').map(Number);
  if (shared === undefined || us === undefined || !Number.isFinite(shared) || !Number.isFinite(us)) {
    throw badRequest('INVALID_CURSOR', 'This list position is not valid. Reload the list.');
  }
  return (c) => c.shared < shared || (c.shared === shared && (c.createdAtUs < us || (c.createdAtUs === us && c.id < from.i)));
}

/** /v1/related-posts?id=: posts sharing the most tags with this one (never the post itself). */
export async function relatedList(ctx: PostsContext, viewer: Viewer | null, id: string, after: string | undefined): Promise<ListReply> {
  await requirePost(ctx, id);
  const filters = baseFilters(viewer, { excludePostId: id });
  const reply = await page(ctx, `related-${id}`, 'related', after, async (cursor, _s, limit) => {
    const isAfter = afterRelated(cursor);
    const candidates = await relatedOf(ctx, id, null);
    return firstPassing(ctx, filters, isAfter ? candidates.filter(isAfter) : candidates, limit, relatedKey);
  });
  // requirePost above found it live: page 1 carries it without asking again.
  return { ...reply, ...emptyExtras, post: after ? null : ((await loadPosts(ctx, [id]))[0] ?? null) };
}

/** /v1/related-articles?id=: the Explore More carousel, articles sharing tags, else the newest articles. One page. */
export async function relatedArticles(ctx: PostsContext, viewer: Viewer | null, id: string): Promise<ListReply> {
  await requirePost(ctx, id);
  const filters = baseFilters(viewer, { excludePostId: id });
  let rows = await firstPassing(ctx, filters, await relatedOf(ctx, id, 'Article'), PAGE_SIZE, relatedKey);
  if (rows.length === 0) {
    rows = await feeds.listFresh(ctx.db, { scope: { kind: 'type', type: 'Article' }, filters, after: null, limit: PAGE_SIZE });
  }
  const posts = await loadPosts(ctx, rows.map((r) => r.id));
  return { posts, after: null, nextCursor: null, feedId: `related-articles-${id}`, tags: [], tag: null, profile: null };
}

/** /v1/collection-posts?id=: a collection page's posts in order. */
export async function collectionList(ctx: PostsContext, viewer: Viewer | null, id: string, after: string | undefined): Promise<ListReply> {
  const post = await requirePost(ctx, id);
  if (post.type !== 'CollectionPage') throw notFound('NOT_A_COLLECTION', 'This post is not a collection page.');
  const reply = await page(ctx, `collection-${id}`, 'collection', after, (cursor, _s, limit) =>
    feeds.listCollection(ctx.db, { collectionId: id, filters: baseFilters(viewer), after: numKey(cursor), limit }),
  );
  // requirePost above found it live: page 1 carries it without asking again.
  return { ...reply, ...emptyExtras, post: after ? null : ((await loadPosts(ctx, [id]))[0] ?? null) };
}

/**
 * For the comment service: a post's comment count changed by `delta` (a comment added: 1; removed: -1). The
 * database trigger folds it into hot and trending (ranking.ts) and logs the old keys for open cursors.
 */
export const recordPostComments = (db: Database, postId: string, delta: number): Promise<void> => repo.addCommentCount(db, postId, delta);

/**
 * For the comment service (app.ts wires it): the post's comment count is now `count`, the comments people can see in
 * its section. Set, not added to, so a count that drifted (a seed, a lost update) comes right with the next change.
 * The row cache forgets the post, so its reply and lists show it within FEED_CACHE_MS.
 */
export const setPostCommentsCount = (db: Database, postId: string, count: number): Promise<void> => repo.setCommentCount(db, postId, count);

/** For the seed and imports: trending keys recomputed from the stored upvotes (repository.ts). */
export const rebuildTrendingScores = (db: Database): Promise<void> => repo.rebuildTrendingScores(db);
