/**
 * What the comment service tells other modules, through their public faces (app.ts wires them; modules never touch
 * each other's tables).
 */
export type CommentHooks = {
  /**
   * A reply by a main-site account (its users.user_id): follow the thread per the account's autoFollowThreadReply
   * (threads module). Null when there is no such account.
   */
  followOnReply?: (externalUserId: string, threadId: string) => Promise<{ followed: boolean; started: boolean } | null>;
  /**
   * The comment count of a main-app product post (`${PUBLIC_URL}/gag/{postId}`) is now `count`: the section total,
   * comments people can see (posts module, posts.comments_count).
   */
  postCommentsChanged?: (postId: string, count: number) => Promise<void>;
  /**
   * An event for the app's webhooks (modules/webhooks): queued durably before the call answers; a failure to queue
   * never fails the call. Only real changes are told (hiding a hidden comment or banning a banned user is not).
   */
  webhookEvent?: (appId: string, type: 'comment.created' | 'comment.deleted' | 'comment.reported' | 'comment.hidden' | 'user.banned', data: Record<string, unknown>) => Promise<unknown>;
  /**
   * The main app's members follow threads and block users in the main site's tables (threads and accounts modules):
   * the comment service's follow and block calls hand a main-site member's request to them (the embed frame).
   */
  mainMembers?: {
    followStatus: (externalUserId: string, threadId: string) => Promise<boolean>;
    follow: (externalUserId: string, threadId: string, followed: boolean) => Promise<boolean>;
    block: (externalUserId: string, accountId: string, blocked: boolean) => Promise<void>;
  };
  /**
   * Email notifications (modules/email) of apps without a host: a user's verified token (its `email` claim is their
   * address) with the address kept now ('' for none), on each sign-in; and a reply to an app user's comment (after it
   * is written).
   */
  appUserEmail?: (commentUserId: number, verifiedToken: string, keptEmail: string) => Promise<void>;
  appReply?: (e: { recipientId: number; threadId: number; actorId: number; commentId: string; actorName: string; text: string; url: string }) => Promise<unknown>;
};
