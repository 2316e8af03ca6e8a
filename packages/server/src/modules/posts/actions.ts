import type {
  AwardBalance, AwardReply, BlockPostReply, DeletePostReply, DownloadReply, OffensiveReply, OpTokenReply, PollResults, PostReportReply, ProfileReportReply,
  ProfileReply, SaveReply, SentAwards, ShareReply, VoteReply,
} from '@guffaw/api';
import type { Json } from '../../db/schema.js';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/envelope.js';
import { SNAPSHOT_TTL_MS } from './cursor.js';
import * as awards from './award-repository.js';
import * as polls from './poll-repository.js';
import * as repo from './repository.js';
import { MAX_TOKEN_LIFETIME_SECONDS, findCommentApp, isModerator, signOpToken } from '../comments/index.js';
import { MAIN_COMMENT_APP, type PostsContext } from './context.js';
import { pollOptions, postUrl, profileUrl } from './post-shape.js';

/**
 * Post actions (posts-and-feeds.md §4-§6): every rule is checked here, whatever the client shows or hides.
 * The caller passes the logged-in user's internal id; routes refuse visitors before calling.
 */

async function requirePost(ctx: PostsContext, id: string) {
  const post = await repo.findLivePost(ctx.db, id);
  if (!post) throw notFound('POST_NOT_FOUND', 'This post does not exist or was removed.');
  return post;
}

let lastPrune = 0;
const PRUNE_EVERY_MS = 10 * 60 * 1000;

/** like = 1, dislike = -1, unlike = 0 (posts-and-feeds.md §4: counts never below 0). */
export async function vote(ctx: PostsContext, userId: number, postId: string, value: -1 | 0 | 1): Promise<VoteReply> {
  const counts = await repo.setVote(ctx.db, userId, postId, value);
  if (!counts) throw notFound('POST_NOT_FOUND', 'This post does not exist or was removed.');
  // Snapshots older than their TTL no longer read the change log (cursor.ts); drop it now and then.
  if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
    lastPrune = Date.now();
    await repo.pruneRankChanges(ctx.db, new Date(Date.now() - SNAPSHOT_TTL_MS));
  }
  return { id: postId, userVote: value, upVoteCount: counts.upVoteCount, downVoteCount: counts.downVoteCount };
}

export async function save(ctx: PostsContext, userId: number, postId: string, saved: boolean): Promise<SaveReply> {
  if (saved) await requirePost(ctx, postId);
  await repo.setSaved(ctx.db, userId, postId, saved);
  return { id: postId, saved };
}

/**
 * Block types of POST /v1/block-post: `post` hides the post from the member's lists (posts-and-feeds.md §4 Post card),
 * `comment` hides its anonymous OP comments from them (comments.md §5 "blocked for comments"; shell §4 Hide OP
 * comments) and leaves the post in their lists. A member may hold both on one post; each is undone on its own.
 */
export const BLOCK_POST_TYPES = ['post', 'comment'] as const;

/**
 * Block a post (or undo it with action=unblock); an own upload cannot be blocked either way (§5). A comment block is
 * taken on any post, anonymous or not: the comment service takes anonymous OP comments wherever the OP proves it.
 */
export async function blockPost(ctx: PostsContext, userId: number, postId: string, type: string, unblock: boolean): Promise<BlockPostReply> {
  if (!(BLOCK_POST_TYPES as readonly string[]).includes(type)) throw badRequest('INVALID_TYPE', `Unknown block type "${type}".`);
  if (unblock) {
    await repo.setPostBlock(ctx.db, userId, postId, type, false);
    return { id: postId, type, blocked: false };
  }
  const post = await requirePost(ctx, postId);
  if (post.creatorId === userId) throw forbidden('OWN_POST', type === 'post' ? 'You cannot hide your own post.' : 'You cannot hide your own comments.');
  await repo.setPostBlock(ctx.db, userId, postId, type, true);
  return { id: postId, type, blocked: true };
}

/** Delete is for own uploads only; the post is kept as deleted (comments and reports keep their reference). */
export async function deletePost(ctx: PostsContext, userId: number, postId: string): Promise<DeletePostReply> {
  const post = await requirePost(ctx, postId);
  if (post.creatorId !== userId) throw forbidden('NOT_OWNER', 'You can only delete your own posts.');
  await repo.markPostDeleted(ctx.db, postId);
  return { id: postId, deleted: true };
}

/**
 * POST /v1/op-token: the uploader's proof that they are the OP of their post's comment section (comments.md §6: the OP
 * pins and comments anonymously "using opToken"). A token of the main comment app with purpose 'op' for the post's
 * url and the uploader's public id, as long-lived as their commentAuth; the comment service also checks that it
 * belongs to the signed-in user. The site asks for it on its own uploads; anyone else gets 403 NOT_OWNER, so the
 * reply never tells a stranger who uploaded an anonymous post.
 */
export async function opToken(ctx: PostsContext, user: { id: number; userId: string }, postId: string): Promise<OpTokenReply> {
  const post = await requirePost(ctx, postId);
  if (post.creatorId !== user.id) throw forbidden('NOT_OWNER', 'Only the uploader of this post can act as its OP.');
  const app = await findCommentApp(ctx.db, MAIN_COMMENT_APP);
  if (!app) throw notFound('COMMENTS_UNAVAILABLE', 'Comments are not set up on this site.');
  const url = postUrl(ctx.config, postId);
  return { opToken: await signOpToken(app.secret, app.id, user.userId, url, MAX_TOKEN_LIFETIME_SECONDS), url };
}

/**
 * Report reasons after which the post's creator is blocked for the reporter (a report of a post for these
 * reasons also means "show me nothing more from them"). Anonymous posts are reported without the block: blocking
 * would tie the post to its uploader.
 */
export const BLOCKING_REPORT_REASONS = [16, 17, 2, 3, 5, 6, 7, 8, 9, 10, 1] as const;
export const MAX_REPORT_REASON = 99;

/**
 * How a post becomes offensive (posts-and-feeds.md §5 Offensive mask; the spec leaves it to the server): a moderator
 * of the main site marks or clears it (POST /v1/offensive-post), or it is marked once OFFENSIVE_REPORT_THRESHOLD
 * members have reported it for one of OFFENSIVE_REPORT_REASONS (hate speech or symbols, harassment or bullying; the
 * numbers of the site's report-reasons.ts). Reports never clear the flag: only a moderator does, and only reports made
 * after a moderator's last decision count towards marking it again.
 */
export const OFFENSIVE_REPORT_REASONS = [3, 6] as const;
export const OFFENSIVE_REPORT_THRESHOLD = 3;

export async function reportPost(ctx: PostsContext, userId: number, postId: string, reason: number): Promise<PostReportReply> {
  checkReason(reason);
  const post = await requirePost(ctx, postId);
  if (post.creatorId === userId) throw forbidden('OWN_POST', 'You cannot report your own post.');
  const inserted = await repo.insertReport(ctx.db, userId, { postId }, reason);
  const blocked = (BLOCKING_REPORT_REASONS as readonly number[]).includes(reason) && post.creatorId !== null && !post.isAnonymous;
  if (blocked && post.creatorId !== null) await repo.blockUser(ctx.db, userId, post.creatorId);
  if (inserted && !post.isOffensive && (OFFENSIVE_REPORT_REASONS as readonly number[]).includes(reason)) {
    const count = await repo.countPostReports(ctx.db, postId, OFFENSIVE_REPORT_REASONS);
    if (count >= OFFENSIVE_REPORT_THRESHOLD) await repo.setPostOffensive(ctx.db, postId, true);
  }
  return { id: postId, type: reason, creatorBlocked: blocked };
}

/**
 * A moderator of the main site's comments (the main app's external id is the account's userId) marks a post offensive,
 * or clears the mark; anyone else gets 403. The decision stands against the reports made before it.
 */
export async function markOffensive(ctx: PostsContext, externalUserId: string, postId: string, offensive: boolean): Promise<OffensiveReply> {
  if (!(await isModerator(ctx.db, MAIN_COMMENT_APP, externalUserId))) {
    throw forbidden('NOT_MODERATOR', 'Only moderators can mark posts as offensive.');
  }
  if (!(await repo.setPostOffensive(ctx.db, postId, offensive, { reviewed: true }))) throw notFound('POST_NOT_FOUND', 'This post does not exist or was removed.');
  return { id: postId, isOffensive: offensive };
}

export async function reportProfile(ctx: PostsContext, userId: number, username: string, reason: number): Promise<ProfileReportReply> {
  checkReason(reason);
  const target = await repo.findUserByUsername(ctx.db, username);
  if (!target) throw notFound('USER_NOT_FOUND', 'This user does not exist.');
  if (target.id === userId) throw forbidden('OWN_PROFILE', 'You cannot report yourself.');
  await repo.insertReport(ctx.db, userId, { userId: target.id }, reason);
  return { username: target.username, type: reason };
}

/** posts-and-feeds.md §3 Profile, for the profile page's header and menu (its lists come from /v1/user-posts). */
export async function userProfile(ctx: PostsContext, username: string): Promise<ProfileReply> {
  const user = await repo.findUserByUsername(ctx.db, username);
  if (!user) throw notFound('USER_NOT_FOUND', 'This user does not exist.');
  return {
    profile: { accountId: user.userId, username: user.username, fullName: user.fullName, profileUrl: profileUrl(ctx.config, user.username), avatarUrl: user.avatarUrl },
  };
}

function checkReason(reason: number): void {
  if (!Number.isInteger(reason) || reason < 1 || reason > MAX_REPORT_REASON) {
    throw badRequest('INVALID_REPORT_TYPE', 'Choose a reason for the report.');
  }
}

type ImageSet = Record<string, { url?: unknown } | undefined>;

/** Download is offered for photo and animated posts only (§5); the reply names the file to fetch. */
export async function downloadPost(ctx: PostsContext, userId: number | null, postId: string): Promise<DownloadReply> {
  const post = await requirePost(ctx, postId);
  if (post.type !== 'Photo' && post.type !== 'Animated') throw badRequest('NOT_DOWNLOADABLE', 'Only photos and animated posts can be downloaded.');
  const images = (post.images ?? {}) as ImageSet;
  const candidates = post.type === 'Animated' ? ['image460sv', 'image700', 'image460'] : ['image700', 'image460'];
  const url = candidates.map((k) => images[k]?.url).find((u): u is string => typeof u === 'string' && u !== '');
  if (!url) throw notFound('NO_MEDIA', 'This post has no media to download.');
  await repo.recordEvent(ctx.db, 'post-download', userId, postId, { type: post.type });
  return { id: postId, url };
}

/** The share bar's targets (posts-and-feeds.md §2); `other` when the client names none. */
export const SHARE_PLATFORMS = ['whatsapp', 'messenger', 'telegram', 'twitter', 'copy-link', 'email', 'facebook', 'pinterest', 'other'] as const;

/** The site's share bar calls copy link `copy`; spellings with `_` or spaces are accepted as well. */
function sharePlatform(value: string): string {
  const key = value.trim().toLowerCase().replace(/[\s_]+/g, '-');
  if (key === '') return 'other';
  return key === 'copy' ? 'copy-link' : key;
}

/** comments.md §7: POST /v1/share-post with id, feedId, feedSource, platform. */
export async function sharePost(ctx: PostsContext, userId: number | null, postId: string, platform: string): Promise<ShareReply> {
  const key = sharePlatform(platform);
  if (!(SHARE_PLATFORMS as readonly string[]).includes(key)) throw badRequest('INVALID_PLATFORM', `Unknown share platform "${platform}".`);
  await requirePost(ctx, postId);
  await repo.recordEvent(ctx.db, 'post-share', userId, postId, { platform: key });
  return { id: postId, platform: key };
}

export const randomPostId = (ctx: PostsContext) => repo.findRandomPostId(ctx.db);

// --- polls (posts-and-feeds.md §4, §7) ------------------------------------------------------------------------

export async function pollResults(ctx: PostsContext, userId: number | null, postId: string): Promise<PollResults> {
  const poll = await polls.findPoll(ctx.db, postId);
  if (!poll) throw notFound('POLL_NOT_FOUND', 'This post has no poll.');
  const [counts, mine] = await Promise.all([
    polls.countPollVotes(ctx.db, postId),
    userId === null ? Promise.resolve(null) : polls.findPollVote(ctx.db, postId, userId),
  ]);
  const votes = new Map(counts.map((c) => [c.optionIndex, c.n]));
  return {
    options: pollOptions(poll.options as Json).map((o, i) => ({ text: o.text, votes: votes.get(i) ?? 0 })),
    ends_at: Math.floor(poll.endsAt.getTime() / 1000),
    user_voted_option: mine,
  };
}

/** A poll vote is final: no change, no unvote, none after the end. */
export async function pollVote(ctx: PostsContext, userId: number, postId: string, optionIndex: number): Promise<PollResults> {
  const poll = await polls.findPoll(ctx.db, postId);
  if (!poll) throw notFound('POLL_NOT_FOUND', 'This post has no poll.');
  if (poll.endsAt.getTime() <= Date.now()) throw badRequest('POLL_ENDED', 'This poll has ended.');
  const count = pollOptions(poll.options as Json).length;
  if (!Number.isInteger(optionIndex) || optionIndex < 0 || optionIndex >= count) throw badRequest('INVALID_OPTION', 'Choose one of the poll options.');
  const inserted = await polls.insertPollVote(ctx.db, postId, userId, optionIndex);
  if (!inserted) throw new HttpError(409, 'ALREADY_VOTED', 'You have already voted in this poll.');
  return pollResults(ctx, userId, postId);
}

// --- Cheers (posts-and-feeds.md §4) ---------------------------------------------------------------------------

export const AWARD_TYPES = ['cheers'] as const;

export async function sendAward(ctx: PostsContext, userId: number, postId: string, type: string): Promise<AwardReply> {
  const kind = type === '' ? 'cheers' : type.toLowerCase();
  if (!(AWARD_TYPES as readonly string[]).includes(kind)) throw badRequest('INVALID_AWARD', `Unknown award "${type}".`);
  const post = await requirePost(ctx, postId);
  if (post.type === 'CollectionPage') throw badRequest('NOT_AWARDABLE', 'Collection pages cannot receive Cheers.');
  if (post.creatorId === userId) throw forbidden('OWN_POST', 'You cannot send Cheers to your own post.');
  const outcome = await awards.sendAward(ctx.db, userId, postId, post.creatorId, kind);
  if (outcome === 'no-balance') throw badRequest('NO_BALANCE', 'You have no Cheers left.');
  if (outcome === 'already-sent') throw new HttpError(409, 'ALREADY_SENT', 'You already sent Cheers to this post.');
  return { id: postId, balance: await awards.findAwardBalance(ctx.db, userId) };
}

export const awardBalance = async (ctx: PostsContext, userId: number): Promise<AwardBalance> => ({ balance: await awards.findAwardBalance(ctx.db, userId) });

export async function sentAwards(ctx: PostsContext, userId: number): Promise<SentAwards> {
  const [sent, balance] = await Promise.all([awards.findSentAwardPostIds(ctx.db, userId), awards.findAwardBalance(ctx.db, userId)]);
  return { sentAwards: sent, balance };
}
