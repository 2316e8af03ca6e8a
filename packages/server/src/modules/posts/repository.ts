import { sql, type Selectable } from 'kysely';
import type { Database } from '../../db/index.js';
import type { Interests, Json, Tags } from '../../db/schema.js';
import { perDatabase, RecentRows, visitorCacheTtl } from './visitor-cache.js';
import { liveSession } from '../accounts/session-repo.js';

/**
 * Posts: the rows behind a post card, and the writes of the post actions (votes, saves, hides, reports); polls and
 * awards have their own files (poll-repository.ts, award-repository.ts).
 */

export type AwardUser = { userId: string; username: string; avatarUrl: string };

/** Where a post's comment thread lives in the comment service: the main app, keyed by `${urlPrefix}${postId}`. */
export type PostThreads = { appId: string; urlPrefix: string };

/**
 * Everything a post card shows, for a page of ids, in one statement (one round trip matters on the embedded
 * database): the post, its creator, tag keys in order, interest keys, the 3 latest Cheers senders
 * (posts-and-feeds.md §4: up to 3 avatars), the poll and the number of pinned comments of its thread. Nested JSON
 * keys are camelCase already.
 */
export async function findPostRows(db: Database, ids: string[], threads: PostThreads): Promise<PostRowShape[]> {
  if (ids.length === 0) return [];
  return recentRowsOf(db).get(ids, (row) => row.id, (missing) => selectPostRows(db, missing, threads));
}

/**
 * Post rows read in the last FEED_CACHE_MS (./visitor-cache.ts): most of a list page's rows were read by the previous
 * requests. Every write that changes what a card shows forgets the post's row.
 */
const recentRowsOf = perDatabase(() => new RecentRows<PostRowShape>(visitorCacheTtl()));
/** The row cache forgets a post whose counts or state changed, so its next read is fresh. */
export const forgetRow = (db: Database, postId: string) => recentRowsOf(db).forget(postId);

/**
 * A count per member, raised after each change of what the member's lists leave out (votes, hides, reports, blocks
 * made here): the lists keep a member's rows for a short time under it (first-passing.ts viewerState), so a change
 * made in this process applies at once.
 */
const viewerEpochs = perDatabase(() => new Map<number, number>());
export const viewerStateEpoch = (db: Database, userId: number): number => viewerEpochs(db).get(userId) ?? 0;
function viewerStateChanged(db: Database, userId: number): void {
  const epochs = viewerEpochs(db);
  // Bounded: a forgotten count restarts at 0, and its key also carries the session epoch, raised on every removal.
  if (epochs.size > 50_000) epochs.clear();
  epochs.set(userId, viewerStateEpoch(db, userId) + 1);
}

async function selectPostRows(db: Database, ids: string[], threads: PostThreads): Promise<PostRowShape[]> {
  const list = sql.join(ids);
  const threadUrls = sql.join(ids.map((id) => `${threads.urlPrefix}${id}`));
  // Set-based (one aggregate per related table over the page's ids), not one subquery per post: far less work per call.
  const result = await sql<PostRowShape>`
    select p.id, p.type, p.title, p.description, p.nsfw, p.is_offensive, p.is_anonymous, p.is_meme, p.promoted, p.is_vote_masked,
      p.gam_flagged, p.has_long_post_cover, p.sensitive_cover, p.can_anonymous, p.source_domain, p.source_url,
      p.credit, p.cta_data, p.images, p.video, p.article, p.up_vote_count, p.down_vote_count, p.comments_count,
      p.awards_count, p.created_at, p.creator_id, p.status,
      u.user_id as creator_user_id, u.username as creator_username, u.full_name as creator_name,
      u.avatar_url as creator_avatar_url, u.is_verified_account as creator_is_verified, u.emoji_status as creator_emoji_status,
      coalesce(tg.keys, '[]'::json) as tag_keys, coalesce(it.keys, '[]'::json) as interest_keys,
      coalesce(aw.users, '[]'::json) as award_users, pl.options as poll_options,
      extract(epoch from pl.ends_at)::int8 as poll_end_ts, coalesce(pc.n, 0) as pinned_comment_count
    from posts p
    left join users u on u.id = p.creator_id and u.deleted_at is null
    left join (select pt.post_id, json_agg(t.key order by pt.position, t.key) as keys
               from post_tags pt join tags t on t.id = pt.tag_id where pt.post_id in (${list}) group by pt.post_id) tg on tg.post_id = p.id
    left join (select pi.post_id, json_agg(i.key order by i.position, i.key) as keys
               from post_interests pi join interests i on i.id = pi.interest_id where pi.post_id in (${list}) group by pi.post_id) it on it.post_id = p.id
    left join (select x.post_id, json_agg(json_build_object('userId', x.user_id, 'username', x.username, 'avatarUrl', x.avatar_url) order by x.n) as users
               from (select a.post_id, s.user_id, s.username, s.avatar_url,
                            row_number() over (partition by a.post_id order by a.created_at desc, a.id desc) as n
                     from awards a join users s on s.id = a.sender_id
                     where a.post_id in (${list}) and s.deleted_at is null) x
               where x.n <= 3 group by x.post_id) aw on aw.post_id = p.id
    left join polls pl on pl.post_id = p.id
    left join (select substr(s.url, ${threads.urlPrefix.length + 1}) as post_id, count(*)::int as n
               from comment_sections s join comments c on c.section_id = s.id and c.is_pinned and not c.is_hidden
               where s.app_id = ${threads.appId} and s.url in (${threadUrls}) group by s.url) pc on pc.post_id = p.id
    where p.id in (${list})`.execute(db);
  return result.rows;
}

type PostRowShape = {
  id: string; type: string; title: string; description: string; nsfw: boolean; isOffensive: boolean; isAnonymous: boolean; isMeme: boolean;
  promoted: boolean; isVoteMasked: boolean; gamFlagged: boolean; hasLongPostCover: boolean; sensitiveCover: boolean;
  canAnonymous: boolean; sourceDomain: string; sourceUrl: string; credit: Json | null; ctaData: Json | null; images: Json;
  video: Json | null; article: Json | null; upVoteCount: number; downVoteCount: number; commentsCount: number;
  awardsCount: number; createdAt: Date; creatorId: number | null; status: string;
  creatorUserId: string | null; creatorUsername: string | null; creatorName: string | null; creatorAvatarUrl: string | null;
  creatorIsVerified: boolean | null; creatorEmojiStatus: string | null;
  tagKeys: string[]; interestKeys: string[]; awardUsers: AwardUser[]; pollOptions: Json | null; pollEndTs: number | null;
  /** Pinned comments a reader sees at the top of the thread (hidden ones left out). */
  pinnedCommentCount: number;
};
export type PostRow = PostRowShape;

// --- viewer and taxonomy --------------------------------------------------------------------------------------

const viewerColumns = [
  'u.id', 'u.userId', 'u.username', 'u.tier', 'u.proExpiresAt', 'u.preferences',
  sql<string[] | null>`array(select mw.value from mute_words mw where mw.user_id = u.id)`.as('mutedWords'),
  sql<string[] | null>`array(select bt.value from blocked_tags bt where bt.user_id = u.id)`.as('blockedTags'),
  // The ids of the tags and interests the member follows (kept by key): For You reads them.
  sql<number[] | null>`array(select t.id from followed_pages f join tags t on t.key = f.key where f.user_id = u.id and f.kind = 'tag')`.as(
    'followedTagIds',
  ),
  sql<number[] | null>`array(select i.id from followed_pages f join interests i on i.key = f.key where f.user_id = u.id and f.kind = 'interest')`.as(
    'followedInterestIds',
  ),
] as const;

export async function findViewer(db: Database, id: number) {
  return db.selectFrom('users as u').select(viewerColumns).where('u.id', '=', id).executeTakeFirst();
}

/** The viewer of a live session (lib/session.ts liveSession) in one statement: who they are and what they hide. */
export async function findSessionViewer(db: Database, sessionId: string) {
  return liveSession(db, sessionId).select(viewerColumns).executeTakeFirst();
}

export async function findUserByUsername(db: Database, username: string) {
  return db
    .selectFrom('users')
    .select(['id', 'userId', 'username', 'fullName', 'avatarUrl'])
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
}

export async function findTag(db: Database, key: string): Promise<Selectable<Tags> | undefined> {
  return db.selectFrom('tags').selectAll().where('key', '=', key).executeTakeFirst();
}

export async function findInterest(db: Database, key: string): Promise<Selectable<Interests> | undefined> {
  return db.selectFrom('interests').selectAll().where('key', '=', key).executeTakeFirst();
}

export async function findTagsByPrefix(db: Database, text: string, limit: number) {
  const pattern = text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`).replace(/\s+/g, '-') + '%';
  return db.selectFrom('tags').select(['key', 'description', 'isSensitive']).where('key', 'like', pattern).orderBy('key').limit(limit).execute();
}

/** Tags carried by the most live posts of the last 30 days (config's popular tags). */
export async function findPopularTags(db: Database, limit: number) {
  const result = await sql<{ key: string; description: string; isSensitive: boolean; n: number }>`
    select t.key, t.description, t.is_sensitive, count(*)::int as n
    from post_tags pt join posts p on p.id = pt.post_id join tags t on t.id = pt.tag_id
    where p.status = 'live' and p.created_at > now() - interval '30 days'
    group by t.id order by n desc, t.key limit ${limit}`.execute(db);
  return result.rows;
}

export async function findInterests(db: Database) {
  return db.selectFrom('interests').selectAll().orderBy('position').orderBy('name').execute();
}

// --- post actions ---------------------------------------------------------------------------------------------

export async function findLivePost(db: Database, id: string) {
  return db
    .selectFrom('posts')
    .select(['id', 'type', 'creatorId', 'isAnonymous', 'nsfw', 'isOffensive', 'images', 'status', 'upVoteCount', 'downVoteCount'])
    .where('id', '=', id)
    .where('status', '=', 'live')
    .executeTakeFirst();
}

export type VoteResult = { upVoteCount: number; downVoteCount: number };

/**
 * Sets the viewer's vote (1, -1, or 0 = none) in one transaction. The post row is locked first so concurrent votes
 * on a post apply one after the other; counts move by the difference and never go below 0; trending gains an
 * upvote's event, or loses the exact term of a removed upvote (ranking.ts). The trigger recomputes hot_score and
 * logs the old keys.
 */
export async function setVote(db: Database, userId: number, postId: string, value: -1 | 0 | 1): Promise<VoteResult | null> {
  const result = await db.transaction().execute(async (trx) => {
    const post = await sql<{ id: string }>`select id from posts where id = ${postId} and status = 'live' for update`.execute(trx);
    if (post.rows.length === 0) return null;
    const previous = await trx
      .selectFrom('postVotes')
      .select(['value', sql<string>`created_at::text`.as('at')])
      .where('userId', '=', userId)
      .where('postId', '=', postId)
      .executeTakeFirst();
    const old = previous?.value ?? 0;
    if (old === value) {
      const same = await trx.selectFrom('posts').select(['upVoteCount', 'downVoteCount']).where('id', '=', postId).executeTakeFirstOrThrow();
      return same;
    }
    if (value === 0) {
      await trx.deleteFrom('postVotes').where('userId', '=', userId).where('postId', '=', postId).execute();
    } else {
      await trx
        .insertInto('postVotes')
        .values({ userId, postId, value })
        .onConflict((oc) => oc.columns(['userId', 'postId']).doUpdateSet({ value, createdAt: sql`now()` }))
        .execute();
    }
    const dUp = (value === 1 ? 1 : 0) - (old === 1 ? 1 : 0);
    const dDown = (value === -1 ? 1 : 0) - (old === -1 ? 1 : 0);
    let trending = sql`trending_score`;
    if (old === 1 && previous) trending = sql`trending_add(${trending}, ${previous.at}::timestamptz, -1)`;
    if (value === 1) trending = sql`trending_add(${trending}, now(), 1)`;
    const updated = await sql<VoteResult>`
      update posts set
        up_vote_count = greatest(up_vote_count + ${dUp}, 0),
        down_vote_count = greatest(down_vote_count + ${dDown}, 0),
        trending_score = ${trending},
        updated_at = now()
      where id = ${postId}
      returning up_vote_count, down_vote_count`.execute(trx);
    return updated.rows[0] ?? null;
  });
  forgetRow(db, postId);
  viewerStateChanged(db, userId);
  return result;
}

/** Comment counts come from the comment service; the trigger folds them into hot and trending. */
export async function addCommentCount(db: Database, postId: string, delta: number): Promise<void> {
  await sql`update posts set comments_count = greatest(comments_count + ${delta}, 0) where id = ${postId}`.execute(db);
  forgetRow(db, postId);
}

export async function setCommentCount(db: Database, postId: string, count: number): Promise<void> {
  const res = await sql`update posts set comments_count = ${Math.max(0, count)} where id = ${postId} and comments_count <> ${Math.max(0, count)}`.execute(db);
  if (Number(res.numAffectedRows ?? 0) > 0) forgetRow(db, postId);
}

export async function pruneRankChanges(db: Database, before: Date): Promise<void> {
  await db.deleteFrom('postRankChanges').where('changedAt', '<', before).execute();
}

export async function setSaved(db: Database, userId: number, postId: string, saved: boolean): Promise<void> {
  if (saved) {
    await db.insertInto('postSaves').values({ userId, postId }).onConflict((oc) => oc.doNothing()).execute();
  } else {
    await db.deleteFrom('postSaves').where('userId', '=', userId).where('postId', '=', postId).execute();
  }
}

/** One block of one type: a post and a comment block of the same post are kept and undone apart (migration 0014). */
export async function setPostBlock(db: Database, userId: number, postId: string, type: string, blocked: boolean): Promise<void> {
  if (blocked) {
    await db
      .insertInto('postBlocks')
      .values({ userId, postId, type })
      .onConflict((oc) => oc.columns(['userId', 'postId', 'type']).doNothing())
      .execute();
  } else {
    await db.deleteFrom('postBlocks').where('userId', '=', userId).where('postId', '=', postId).where('type', '=', type).execute();
  }
  viewerStateChanged(db, userId);
}

export async function markPostDeleted(db: Database, postId: string): Promise<void> {
  await db.updateTable('posts').set({ status: 'deleted', updatedAt: new Date() }).where('id', '=', postId).execute();
  forgetRow(db, postId);
}

/** Sets or clears a post's offensive flag (`reviewed`: a moderator's decision); false when there is no such live post. */
export async function setPostOffensive(db: Database, postId: string, offensive: boolean, { reviewed = false } = {}): Promise<boolean> {
  const rows = await db
    .updateTable('posts')
    // The decision on the database's clock, like the reports' created_at it is compared with.
    .set({ isOffensive: offensive, updatedAt: new Date(), ...(reviewed ? { offensiveReviewedAt: sql<Date>`now()` } : {}) })
    .where('id', '=', postId)
    .where('status', '=', 'live')
    .returning('id')
    .execute();
  forgetRow(db, postId);
  return rows.length > 0;
}

/**
 * How many members reported the post for one of `reasons` (one report per member and post) since a moderator last
 * decided on its offensive flag.
 */
export async function countPostReports(db: Database, postId: string, reasons: readonly number[]): Promise<number> {
  const row = await db
    .selectFrom('reports as r')
    .innerJoin('posts as p', 'p.id', 'r.postId')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('r.postId', '=', postId)
    .where('r.type', 'in', [...reasons])
    .where((eb) => eb.or([eb('p.offensiveReviewedAt', 'is', null), eb('r.createdAt', '>', eb.ref('p.offensiveReviewedAt'))]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One report per reporter and post (or user); a repeat keeps the first. Returns whether this one was new. */
export async function insertReport(db: Database, reporterId: number, target: { postId: string } | { userId: number }, type: number): Promise<boolean> {
  const values = 'postId' in target ? { reporterId, postId: target.postId, type } : { reporterId, reportedUserId: target.userId, type };
  const rows = await db.insertInto('reports').values(values).onConflict((oc) => oc.doNothing()).returning('id').execute();
  viewerStateChanged(db, reporterId);
  return rows.length > 0;
}

export async function blockUser(db: Database, userId: number, blockedUserId: number): Promise<void> {
  await db.insertInto('userBlocks').values({ userId, blockedUserId }).onConflict((oc) => oc.doNothing()).execute();
  viewerStateChanged(db, userId);
}

/** What a member's lists leave out, from the member's own rows (see first-passing.ts viewerState). */
export async function findViewerState(db: Database, userId: number) {
  const result = await sql<{ blocked: number[] | null; hidden: string[] | null; downvoted: string[] | null }>`
    select array(select ub.blocked_user_id from user_blocks ub where ub.user_id = ${userId}) as blocked,
      array(select pb.post_id from post_blocks pb where pb.user_id = ${userId} and pb.type = 'post'
            union all select r.post_id from reports r where r.reporter_id = ${userId} and r.post_id is not null) as hidden,
      array(select pv.post_id from post_votes pv where pv.user_id = ${userId} and pv.value = -1) as downvoted`.execute(db);
  const row = result.rows[0];
  return {
    blockedCreators: new Set((row?.blocked ?? []).map(Number)),
    hiddenPosts: new Set(row?.hidden ?? []),
    downvoted: new Set(row?.downvoted ?? []),
  };
}
export type ViewerState = Awaited<ReturnType<typeof findViewerState>>;

export async function recordEvent(db: Database, name: string, userId: number | null, postId: string | null, payload: Json): Promise<void> {
  await db.insertInto('analyticsEvents').values({ name, userId, postId, payload: JSON.stringify(payload) }).execute();
}

/** A random live post: a random point on the `seq` range, then the next live post from there (uses seq's index). */
export async function findRandomPostId(db: Database): Promise<string | null> {
  const result = await sql<{ id: string }>`
    with bounds as (select min(seq) as lo, max(seq) as hi from posts where status = 'live' and not nsfw and type <> 'ForumPost'),
         pick as (select lo + floor(random() * (hi - lo + 1))::bigint as at from bounds where lo is not null)
    select p.id from posts p, pick
    where p.seq >= pick.at and p.status = 'live' and not p.nsfw and p.type <> 'ForumPost'
    order by p.seq limit 1`.execute(db);
  return result.rows[0]?.id ?? null;
}

/**
 * Recomputes every post's trending key from its upvote rows (ranking.ts), for data written without going through
 * `setVote` (the demo seed, imports). Comments made before are not events here: the comment service reports new ones.
 */
export async function rebuildTrendingScores(db: Database): Promise<void> {
  await sql`
    update posts p set trending_score = s.score
    from (
      select post_id, m + ln(sum(power(2::float8, greatest(x - m, -60)))) / ln(2) as score
      from (
        select post_id, x, max(x) over (partition by post_id) as m
        from (select post_id, (extract(epoch from created_at)::float8 - 1700000000) / 21600 as x from post_votes where value = 1) e
      ) w
      group by post_id, m
    ) s
    where s.post_id = p.id and p.trending_score is distinct from s.score`.execute(db);
}
