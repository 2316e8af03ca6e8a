import { sql, type RawBuilder } from 'kysely';
import { canonicalTag } from './tags.js';

/**
 * The lists' scopes and filters as SQL (posts-and-feeds.md §5 "List filtering"): which posts a list draws from, and
 * the conditions that leave out what the reader must not see, each kind kept apart so the cheap ones can run first.
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

export const and = (parts: RawBuilder<unknown>[]) => sql.join(parts, sql` and `);

export function scopeSql(scope: Scope): RawBuilder<unknown> {
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
export function postFilterSql(f: Filters): RawBuilder<unknown>[] {
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
export function viewerFilterSql(f: Filters): RawBuilder<unknown>[] {
  return [...contentFilterSql(f), ...viewerStateFilterSql(f)];
}

/**
 * The filters that read only what a post shows (its title and tags) against word and tag lists the request names:
 * the same answer for a post whoever asks with the same lists, so firstPassing keeps it (contentVerdicts).
 */
export function contentFilterSql(f: Filters): RawBuilder<unknown>[] {
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
export function contentKey(f: Filters): string {
  const member = f.viewerId !== null;
  const muted = member ? f.mutedWords : [];
  const blocked = member && f.blockedTags ? f.blockedTagValues : [];
  if (f.hiddenTagKeys.length === 0 && muted.length === 0 && blocked.length === 0) return '';
  return JSON.stringify([f.hiddenTagKeys, muted, blocked]);
}

/** The filters on the viewer's own rows (blocks, hides, reports, downvotes): read on every request, as they change. */
export function viewerStateFilterSql(f: Filters): RawBuilder<unknown>[] {
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

export function filterSql(f: Filters): RawBuilder<unknown>[] {
  return [...postFilterSql(f), ...viewerFilterSql(f)];
}

/** Candidates read, and checked against the filters, at a time (a member's filters hide few of a page, usually none). */
export const MIN_CANDIDATES = 40;
