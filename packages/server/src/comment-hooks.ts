import type { Config } from './config.js';
import type { Database } from './db/index.js';
import type { CommentHooks, HostPort } from './modules/comments/index.js';
import { accountsCommentPort } from './modules/accounts/comment-port.js';
import { postsCommentPort } from './modules/posts/comment-port.js';
import { appReplyAdded, emailClaimOf, setAppUserEmail } from './modules/email/service.js';
import { setPostCommentsCount } from './modules/posts/service.js';
import { setBlockByPublicId } from './modules/accounts/service.js';
import { followByPublicId, followStatusByPublicId, followThreadOnReply } from './modules/threads/service.js';
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
