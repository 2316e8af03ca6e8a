import type { Config } from './config.js';
import type { Database } from './db/index.js';
import type { Bus } from './lib/pubsub.js';
import { MAIN_APP_ID } from './main-app.js';
import { createCommentService, type CommentHooks, type CommentService, type HostPort } from './modules/comments/index.js';
import { notifyCommentAdded } from './modules/notifications/comment-events.js';
import { accountsCommentPort } from './modules/accounts/comment-port.js';
import { postsCommentPort } from './modules/posts/comment-port.js';
import { appReplyAdded, emailClaimOf, setAppUserEmail } from './modules/email/service.js';
import { setPostCommentsCount } from './modules/posts/service.js';
import { setBlockByPublicId } from './modules/accounts/blocks.js';
import { followByPublicId, followStatusByPublicId, followThreadOnReply, threadFollowers } from './modules/threads/service.js';
import type { WebhookService } from './modules/webhooks/service.js';

/**
 * Part of the composition root (app.ts): what the comment service tells the other modules, each through its own
 * service, so no module reads or writes another's tables. The comment tests mount the service with the same hooks.
 */
export const commentHooks = (db: Database, webhooks?: Pick<WebhookService, 'enqueue'>): CommentHooks => ({
  followOnReply: (externalUserId, threadId) => followThreadOnReply(db, externalUserId, threadId),
  mainMembers: {
    followStatus: (externalUserId, threadId) => followStatusByPublicId(db, externalUserId, threadId),
    follow: (externalUserId, threadId, followed) => followByPublicId(db, externalUserId, threadId, followed),
    block: (externalUserId, accountId, blocked) => setBlockByPublicId(db, externalUserId, accountId, blocked),
  },
  postCommentsChanged: (postId, count) => setPostCommentsCount(db, postId, count),
  appUserEmail: async (commentUserId, verifiedToken, keptEmail) => {
    const email = emailClaimOf(verifiedToken);
    if (email !== keptEmail) await setAppUserEmail(db, commentUserId, email);
  },
  appReply: (e) => appReplyAdded(db, e),
  ...(webhooks ? { webhookEvent: (appId, type, data) => webhooks.enqueue(appId, type, data) } : {}),
});

/**
 * The main site as the host of the main app's comments (comments/service/host.ts): the accounts and posts modules
 * answer for their own tables.
 */
export function mainSitePort(db: Database, config: Config): HostPort {
  const accounts = accountsCommentPort(db, config);
  const posts = postsCommentPort(db, config);
  return {
    sessionLive: accounts.sessionLive,
    liveAccounts: accounts.liveAccounts,
    accountsByName: accounts.accountsByName,
    postOf: posts.postOf,
    post: posts.post,
    async viewerFilter(accountId, postId) {
      const [viewer, postBlocked] = await Promise.all([accounts.viewer(accountId), postId ? posts.postBlocked(accountId, postId) : false]);
      return { ...viewer, postBlocked };
    },
  };
}

/**
 * The process's comment service as app.ts runs it (and the comment tests mount it): the main app hosted by the main
 * site (mainSitePort), the hooks above (by default), and its `comment.added` events routed to the notifications module. The caller
 * starts it (`start`) and closes it.
 */
export function createMainCommentService(db: Database, config: Config, bus: Bus, hooks: CommentHooks = commentHooks(db)): CommentService {
  const comments = createCommentService(db, config, { hooks, host: { appId: MAIN_APP_ID, port: mainSitePort(db, config) } });
  comments.events.on('comment.added', async (e) => {
    if (e.appId === MAIN_APP_ID) await notifyCommentAdded(db, bus, e, (threadId) => threadFollowers(db, threadId));
  });
  return comments;
}
