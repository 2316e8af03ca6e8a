/**
 * The site behind a hosted app: an app whose members are that site's accounts (the main app; app.ts hands its port,
 * made by the accounts and posts modules). The comment module reads none of the host's tables: it asks this port.
 * Apps without a host keep their members in the comment service alone (tokens of their own users, link attachments
 * detected in the text, blocks and follows in comment_user_blocks and comment_thread_follows, replies mailed).
 */
export type HostPort = {
  /** Whether the host's session tagged `sid` of the account is still live (a token lives as long as its session). */
  sessionLive(accountId: string, sid: string): Promise<boolean>;
  /** Which of these ids are live accounts of the host (only they can cause notifications and follow threads). */
  liveAccounts(accountIds: string[]): Promise<Set<string>>;
  /**
   * What the account's lists leave out: everything offensive unless it is in offensive mode, the accounts it
   * blocked, and anonymous OP comments of `postId` when it blocked that post for comments (comments.md §5).
   */
  viewerFilter(accountId: string, postId: string | null): Promise<{ offensiveMode: boolean; blockedAccountIds: string[]; postBlocked: boolean }>;
  /** The host's post a section url shows (its comment count follows the section), else null. */
  postOf(url: string): string | null;
  /** A post's creator (the OP of its section) and whether it was uploaded anonymously; null: no such post. */
  post(postId: string): Promise<{ creatorAccountId: string | null; anonymous: boolean } | null>;
  /** Live accounts by username, case-insensitive (mentions): their ids and profile urls. */
  accountsByName(names: string[]): Promise<{ accountId: string; username: string; profileUrl: string }[]>;
};

/** A hosted app: its id and its host's port. */
export type HostedApp = { appId: string; port: HostPort };
