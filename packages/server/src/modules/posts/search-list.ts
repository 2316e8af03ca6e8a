import { baseFilters, byIdDesc, emptyList, firstPassingKeyed, numKey, page, type ListReply } from './list-page.js';
import type { PostsContext } from './context.js';
import { searchMatches, type SearchMatch } from './candidate-repository.js';
import { tagUrl } from './post-shape.js';
import * as repo from './repository.js';
import type { Viewer } from './viewer.js';
import { cacheTtl, perDatabase, VisitorPageCache } from './visitor-cache.js';

/** Search: a query's ranked matches, kept and shared, paged through each reader's filters. */

export const MAX_QUERY_LENGTH = 200;
/** A search lists at most this many best matches (deeper pages of a common word are not read by anyone). */
export const SEARCH_MAX_RESULTS = 1000;

/**
 * A query's ranked matches, kept SEARCH_CACHE_MS (default 30 s; 0 keeps none; off under tests) and shared by every
 * reader and page: ranking reads every match, while a page only checks its candidates against the reader's filters.
 * A post uploaded meanwhile shows in searches once the kept matches expire; removals show at once (the filters).
 */
const searchCaches = perDatabase(() => new VisitorPageCache<SearchMatch[]>(searchCacheTtl(), 200));

export const searchCacheTtl = (env: Record<string, string | undefined> = process.env): number => cacheTtl('SEARCH_CACHE_MS', 30_000, env);

/** Best match first, then the larger id. */
const byRank = (a: SearchMatch, b: SearchMatch) => b.rank - a.rank || byIdDesc(a, b);

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
    const matches = await searchCaches(ctx.db).get(text, async () => (await searchMatches(ctx.db, text, SEARCH_MAX_RESULTS)).sort(byRank));
    const untilUs = snapshot.getTime() * 1000;
    const rest = matches.filter((m) => m.createdAtUs <= untilUs && (!from || m.rank < from.k || (m.rank === from.k && m.id < from.i)));
    return firstPassingKeyed(ctx, filters, rest, limit, (m) => m.rank);
  });
  const tags = after ? [] : await repo.findTagsByPrefix(ctx.db, text, 10);
  return { ...reply, tags: tags.map((t) => ({ key: t.key, url: tagUrl(ctx.config, t.key) })), tag: null, profile: null };
}
