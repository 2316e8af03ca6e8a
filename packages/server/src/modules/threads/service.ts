import type { Database } from '../../db/index.js';
import { forbidden, notFound } from '../../lib/envelope.js';
import { MAIN_APP_ID } from '../../main-app.js';
import { isAppThread, isBannedFromApp } from '../comments/index.js';
import { followOnReply, followerAccountIds, isFollowing, setFollowing } from './repository.js';

/**
 * Following a comment thread (comments.md §4 "Follow status per thread"): a follower is notified of every reply in the
 * thread (notifications/comment-events.ts). Only threads of the main site's comments can be followed: their followers are
 * main-site users. Unfollowing keeps the row (followed = false) so an explicit "no" is remembered.
 *
 * Following is a member's ability (comments.md §6), so a user banned from the main site's comments cannot start
 * following (403 USER_BANNED); they can still read their follow status and unfollow.
 */
export async function followStatus(db: Database, userId: number, threadId: string): Promise<boolean> {
  return isFollowing(db, userId, threadId);
}

/** `user`: the main-site account (`id`) and its id in the main comment app (`userId`, the session's). */
export async function follow(db: Database, user: { id: number; userId: string }, threadId: string, followed: boolean): Promise<boolean> {
  if (followed && (await isBannedFromApp(db, MAIN_APP_ID, user.userId))) throw forbidden('USER_BANNED', 'You are banned from commenting here.');
  if (followed && !(await isAppThread(db, MAIN_APP_ID, threadId))) throw notFound('THREAD_NOT_FOUND', 'This comment thread does not exist.');
  await setFollowing(db, user.id, threadId, followed);
  return followed;
}

/**
 * comments.md §4: after the user replies, the thread is followed if their autoFollowThreadReply is on and it is not
 * followed yet. The comment service calls this for a reply by a main-site account (app.ts wires it).
 */
export const followThreadOnReply = (db: Database, externalUserId: string, threadId: string) => followOnReply(db, externalUserId, threadId);

/** The accounts (users.user_id) following a thread: who a reply in it notifies (FOLLOW_THREAD). */
export const threadFollowers = (db: Database, threadId: string): Promise<string[]> => followerAccountIds(db, threadId);

/**
 * Follows asked through the comment service (the embed frame of the main app, follow-thread*.json): the member is
 * named by their public id (users.user_id, the comment user's externalId); the rules are those of the main API's.
 */
const memberByPublicId = (db: Database, publicId: string) =>
  db.selectFrom('users').select('id').where('userId', '=', publicId).where('deletedAt', 'is', null).executeTakeFirst();

export async function followStatusByPublicId(db: Database, publicId: string, threadId: string): Promise<boolean> {
  const user = await memberByPublicId(db, publicId);
  return user ? isFollowing(db, user.id, threadId) : false;
}

export async function followByPublicId(db: Database, publicId: string, threadId: string, followed: boolean): Promise<boolean> {
  const user = await memberByPublicId(db, publicId);
  if (!user) throw notFound('USER_NOT_FOUND', 'This user does not exist.');
  return follow(db, { id: user.id, userId: publicId }, threadId, followed);
}
