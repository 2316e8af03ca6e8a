import type { Database } from '../../db/index.js';
import { badRequest, forbidden, notFound } from '../../lib/envelope.js';
import { MAIN_COMMENT_APP, NEWS_INTEREST, type PostsContext } from './context.js';
import * as feeds from './feed-repository.js';
import type { Scope } from './feed-filters.js';
import { baseFilters, emptyExtras, emptyList, ordered, page, textKey, type ListReply } from './list-page.js';
import { profileUrl, tagUrl } from './post-shape.js';
import { TOP_TIMEFRAMES, type TopTimeframe } from './ranking.js';
import * as repo from './repository.js';
import { canonicalTag } from './tags.js';
import type { Viewer } from './viewer.js';
import { perDatabase, VisitorPageCache, visitorCacheTtl } from './visitor-cache.js';

/** The browsing lists: home (every sort and timeframe), tag, interest and profile lists. */

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
