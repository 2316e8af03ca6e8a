import type { BanPage, BanParams, CommentsClient, QueuePage, QueueParams } from '@guffaw/comments-client';

/** What the queue view may do to a comment. */
export type QueueAction = 'approve' | 'reject' | 'delete' | 'mask';

/**
 * The calls the queue view makes. A moderator's are the comment service's with their token (clientModerationApi); a
 * host may hand in its own, say the console's for an app owner acting without a token.
 */
export type ModerationApi = {
  queue(params: QueueParams): Promise<QueuePage>;
  act(action: QueueAction, commentId: string, url: string): Promise<void>;
  ban(userId: string, params: BanParams): Promise<void>;
  unban(userId: string): Promise<void>;
  bans(cursor?: string): Promise<BanPage>;
};

/** The moderator's calls through the comment client. */
export const clientModerationApi = (client: CommentsClient): ModerationApi => ({
  queue: (params) => client.moderationQueue(params),
  async act(action, commentId, url) {
    if (action === 'approve') await client.approveComment(commentId, url);
    else if (action === 'reject') await client.rejectComment(commentId, url);
    else if (action === 'delete') await client.deleteComment(commentId, url);
    else await client.adminMask(commentId, url, true);
  },
  async ban(userId, params) {
    await client.banUser(userId, params);
  },
  unban: (userId) => client.adminUnban(userId),
  bans: (cursor) => client.listBans(cursor),
});
