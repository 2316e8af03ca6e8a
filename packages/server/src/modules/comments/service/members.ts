import type { CommentUserState } from '@guffaw/comments-client';
import { badRequest, notFound, unauthorized } from '../../../lib/envelope.js';
import { presentUserInfo } from '../present.js';
import * as repo from '../repo/index.js';
import type { AppRow } from '../repo/index.js';
import type { CommentCore } from './core.js';
import type { CommentHooks } from './hooks.js';
import { quotaOf } from './add-comment/phases/quota.js';
import type { Sections } from './sections.js';
import type { Viewer } from './types.js';
import { requireActive, type Viewers } from './viewers.js';

/** user.json lists at most this many of an app member's blocked users (newest first). */
const BLOCKLIST_MAX = 1000;

/** A member's own state (user.json), and their thread follows and user blocks (issue #18). */
export function createMembers(core: CommentCore, sections: Sections, viewers: Viewers) {
  const { db, hooks } = core;

  async function userState(app: AppRow, viewerIn: Viewer | null, url: string | undefined): Promise<CommentUserState> {
    if (!viewerIn) throw unauthorized('AUTH_REQUIRED', 'You must be logged in');
    const viewer = viewerIn;
    const section = url ? await repo.findSection(db, app.id, url) : undefined;
    const now = new Date();
    const [commented, reported, likes, quotaRow, fresh, blocklist] = await Promise.all([
      repo.commentedUrls(db, viewer.user.id),
      repo.reportedUrls(db, viewer.user.id),
      url && !section ? Promise.resolve({}) : repo.likeMapping(db, viewer.user.id, section?.id ?? null),
      repo.readQuota(db, viewer.user.id),
      repo.findUserById(db, viewer.user.id),
      core.hostOf(app) ? Promise.resolve(null) : repo.blockedUsers(db, viewer.user.id, BLOCKLIST_MAX),
    ]);
    return {
      info: presentUserInfo(fresh ?? viewer.user, viewer.moderator),
      commentedPostUrls: commented,
      reportedPostUrls: reported,
      likeMapping: likes,
      quota: quotaOf(app, quotaRow, now),
      // Other apps' members: whom they blocked here (the main site's blocklist comes from /v1/user-info).
      ...(blocklist ? { blocklist } : {}),
    };
  }

  // --- thread follows and user blocks of app users (issue #18) ------------------------------------------------

  /**
   * The main app's members follow threads and block users in the main site's tables (/v1/follow-thread and
   * /v1/user-block on the site): these calls hand their requests to hooks.mainMembers, so the embed frame, which only
   * speaks to the comment service, offers both. Other apps' members are kept here (comment_thread_follows and
   * comment_user_blocks).
   */
  function mainMembers(app: AppRow, viewer: Viewer): NonNullable<CommentHooks['mainMembers']> | null {
    if (!core.hostOf(app)) return null;
    if (!viewer.mainUser || !hooks.mainMembers) throw badRequest('USE_MAIN_API', 'Members of the main site follow threads and block users through the main API.');
    return hooks.mainMembers;
  }

  async function followStatus(app: AppRow, viewerIn: Viewer | null, threadId: string): Promise<{ threadId: string; followed: boolean }> {
    if (!viewerIn) throw unauthorized('AUTH_REQUIRED', 'You must be logged in');
    const main = mainMembers(app, viewerIn);
    if (main) return { threadId, followed: await main.followStatus(viewerIn.user.externalId, threadId) };
    const thread = await sections.findThread(app, threadId, viewerIn);
    return { threadId, followed: thread ? await repo.isFollowingThread(db, viewerIn.user.id, thread.id) : false };
  }

  /** Following is a member's ability: a banned user may read the status and unfollow, not follow (as the main API). */
  async function followThread(app: AppRow, viewerIn: Viewer | null, threadId: string, follow: boolean): Promise<{ threadId: string; followed: boolean }> {
    if (!viewerIn) throw unauthorized('AUTH_REQUIRED', 'You must be logged in');
    const viewer = follow ? requireActive(viewerIn) : viewerIn;
    const main = mainMembers(app, viewer);
    if (main) return { threadId, followed: await main.follow(viewer.user.externalId, threadId, follow) };
    const thread = await sections.findThread(app, threadId, viewer);
    if (!thread) {
      if (follow) throw notFound('THREAD_NOT_FOUND', 'This comment thread does not exist.');
      return { threadId, followed: false };
    }
    await repo.setFollowingThread(db, viewer.user.id, thread.id, follow);
    return { threadId, followed: follow };
  }

  /**
   * Blocks or unblocks a member of the same app by accountId (the host's user id, the wire `accountId`): the blocker's
   * lists leave out the blocked member's comments (anonymous OP comments excepted, as on the main site). Blocking only
   * changes what the blocker sees, so a banned member may do it too.
   */
  async function blockUser(app: AppRow, viewerIn: Viewer | null, accountId: string, blocked: boolean): Promise<{ accountId: string; blocked: boolean }> {
    if (!viewerIn) throw unauthorized('AUTH_REQUIRED', 'You must be logged in');
    if (accountId === viewerIn.user.externalId) throw badRequest('CANNOT_BLOCK_SELF', 'You cannot block yourself.');
    const main = mainMembers(app, viewerIn);
    if (main) {
      await main.block(viewerIn.user.externalId, accountId, blocked);
      // The main viewer's filter is cached per post too: drop them all (a rare act), so lists follow at once.
      viewers.dropFilters(viewerIn.user.id, true);
      return { accountId, blocked };
    }
    const target = await repo.findUserByExternalId(db, app.id, accountId);
    if (!target) {
      if (blocked) throw notFound('USER_NOT_FOUND', 'This user does not exist.');
      return { accountId, blocked: false };
    }
    await repo.setUserBlock(db, viewerIn.user.id, target.id, blocked);
    // The viewer's filter is cached per moderator flag (other apps have no post part): read it again at once.
    viewers.dropFilters(viewerIn.user.id, false);
    return { accountId, blocked };
  }

  return { userState, followStatus, followThread, blockUser };
}
