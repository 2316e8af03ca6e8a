import type { Database } from './db/index.js';
import type { CommentHooks } from './modules/comments/index.js';
import { appReplyAdded, setAppUserEmail } from './modules/email/service.js';
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
  appUserEmail: (commentUserId, email) => setAppUserEmail(db, commentUserId, email),
  appReply: (e) => appReplyAdded(db, e),
  ...(webhooks ? { webhookEvent: (appId, type, data) => webhooks.enqueue(appId, type, data) } : {}),
});
