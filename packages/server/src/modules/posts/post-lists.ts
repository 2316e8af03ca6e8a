import { badRequest, notFound } from '../../lib/envelope.js';
import { PAGE_SIZE, type PostsContext } from './context.js';
import type { Cursor } from './cursor.js';
import { relatedCandidates, type RelatedCandidate } from './candidate-repository.js';
import * as feeds from './feed-repository.js';
import { baseFilters, byIdDesc, emptyExtras, firstPassingKeyed, numKey, page, textKey, type ListReply } from './list-page.js';
import { loadPosts, type Post } from './post-shape.js';
import * as repo from './repository.js';
import { searchCacheTtl } from './search-list.js';
import type { Viewer } from './viewer.js';
import { perDatabase, VisitorPageCache } from './visitor-cache.js';

/** What hangs off one post: the post itself, its related posts and articles, and a collection page's posts. */

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
 * filters apply at once (firstPassingKeyed).
 */
const relatedCaches = perDatabase(() => new VisitorPageCache<RelatedCandidate[]>(searchCacheTtl(), 500));
const byShared = (a: RelatedCandidate, b: RelatedCandidate) => b.shared - a.shared || b.createdAtUs - a.createdAtUs || byIdDesc(a, b);
const relatedOf = (ctx: PostsContext, id: string, type: string | null) =>
  relatedCaches(ctx.db).get(`${id}|${type ?? ''}`, async () => (await relatedCandidates(ctx.db, id, type)).sort(byShared));

/** A related list's cursor key: "shared createdAtUs" (the id breaks ties). */
const relatedKey = (c: RelatedCandidate) => `${c.shared} ${c.createdAtUs}`;
function afterRelated(cursor: Cursor | null): ((c: RelatedCandidate) => boolean) | null {
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
    return firstPassingKeyed(ctx, filters, isAfter ? candidates.filter(isAfter) : candidates, limit, relatedKey);
  });
  // requirePost above found it live: page 1 carries it without asking again.
  return { ...reply, ...emptyExtras, post: after ? null : ((await loadPosts(ctx, [id]))[0] ?? null) };
}

/** /v1/related-articles?id=: the Explore More carousel, articles sharing tags, else the newest articles. One page. */
export async function relatedArticles(ctx: PostsContext, viewer: Viewer | null, id: string): Promise<ListReply> {
  await requirePost(ctx, id);
  const filters = baseFilters(viewer, { excludePostId: id });
  let rows = await firstPassingKeyed(ctx, filters, await relatedOf(ctx, id, 'Article'), PAGE_SIZE, relatedKey);
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
