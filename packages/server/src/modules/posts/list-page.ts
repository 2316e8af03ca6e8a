import { badRequest } from '../../lib/envelope.js';
import type { ListPage } from '@guffaw/api';
import { PAGE_SIZE, type PostsContext } from './context.js';
import { decodeCursor, encodeCursor, SNAPSHOT_TTL_MS, type Cursor } from './cursor.js';
import * as feeds from './feed-repository.js';
import type { Filters, KeyedRow, Scope } from './feed-filters.js';
import { firstPassing } from './first-passing.js';
import { loadPosts, type PostTag } from './post-shape.js';
import { topWindow, trendingFloor, type TopTimeframe } from './ranking.js';
import type { Viewer } from './viewer.js';

/** How every list reads a page: the reply's shape, cursors, the reader's filters and the orderings. */

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

/** A page of any list: the contract's ListPage (@guffaw/api list.ts). */
export type ListReply = ListPage;

/** Reads one page: `fetch` gets limit + 1 rows so the reply knows whether a next page exists. */
export async function page(
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

export const numKey = (c: Cursor | null) => {
  if (!c) return null;
  if (typeof c.k !== 'number') throw badRequest('INVALID_CURSOR', 'This list position is not valid. Reload the list.');
  return { k: c.k, i: c.i };
};
export const textKey = (c: Cursor | null) => {
  if (!c) return null;
  if (typeof c.k !== 'string') throw badRequest('INVALID_CURSOR', 'This list position is not valid. Reload the list.');
  return { k: c.k, i: c.i };
};

export function baseFilters(viewer: Viewer | null, extra: Partial<Filters> = {}): Filters {
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

export function ordered(ctx: PostsContext, feedId: string, scope: Scope, filters: Filters, order: Ordering, after: string | undefined) {
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

export const emptyExtras = { tag: null, profile: null } as const;

export const emptyList = (feedId: string): ListReply => ({ posts: [], after: null, nextCursor: null, feedId, tags: [], tag: null, profile: null });

/** The first `limit` candidates (in list order) that pass this reader's filters, keyed for the cursor. */
export async function firstPassingKeyed<T extends { id: string }>(
  ctx: PostsContext,
  filters: Filters,
  ordered: T[],
  limit: number,
  key: (candidate: T) => string | number,
): Promise<KeyedRow[]> {
  return (await firstPassing(ctx.db, filters, ordered, limit)).map((c) => ({ id: c.id, k: key(c) }));
}

/** Larger id first: code point order, the same in every process and database collation (the lists' last tie-break). */
export const byIdDesc = (a: { id: string }, b: { id: string }) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
