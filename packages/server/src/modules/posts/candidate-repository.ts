import { sql } from 'kysely';
import type { Database } from '../../db/index.js';

/**
 * The candidates of the lists ranked in memory, search and related posts: read once, kept and shared (search-list.ts,
 * post-lists.ts), and filtered per reader with firstPassing (first-passing.ts).
 */

/** A search match: its id, its rank (ts_rank_cd) and its creation time in microseconds since the epoch. */
export type SearchMatch = { id: string; rank: number; createdAtUs: number };

/**
 * Full-text search on posts.search (title and description): the `max` best live matches, best first (ts_rank_cd,
 * cover density; then newest id). Ranking reads every match (2,000 for a common word on 100,000 posts, 10 to 13
 * ms), so the service keeps a query's matches for a short time and pages through them (search-list.ts).
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
