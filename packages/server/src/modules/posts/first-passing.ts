import { sql } from 'kysely';
import type { Database } from '../../db/index.js';
import { sessionEpoch } from '../../lib/session.js';
import { and, contentFilterSql, contentKey, MIN_CANDIDATES, postFilterSql, type Filters } from './feed-filters.js';
import { findViewerState, viewerStateEpoch, type ViewerState } from './repository.js';
import { perDatabase, RecentRows, visitorCacheTtl, VisitorPageCache } from './visitor-cache.js';
import type { RawBuilder } from 'kysely';

/** Candidates already in list order, checked against a reader's filters in small statements and kept verdicts. */

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
