import type { HttpHandler } from 'msw';
import type {
  AppSettings, Attachment, Comment, CommentAppInfo, CommentPage, CommentUser, CommentUserInfo, EmailNotificationSettings, LikeValue,
  LogEntry, Quota,
} from '@guffaw/comments-client';

/** What the fake comment service answers, is given, holds and hands back (fake-service.ts makes it). */

export const COMMENT_ENDPOINTS = [
  'comment-list.json', 'add-comment.json', 'link-attachment.json', 'media.json', 'like.json', 'comment.json',
  'report.json', 'user.json', 'app.json', 'op/pin', 'op/hide', 'admin/ban', 'admin/unban', 'admin/mask', 'admin/hide',
  'admin/unhide', 'admin/pin', 'admin/update', 'follow-thread-status.json', 'follow-thread.json', 'user-block.json',
  'wp.json', 'email-notifications.json', 'admin/queue.json', 'admin/approve', 'admin/reject', 'admin/bans.json', 'admin/log.json',
] as const;
export type CommentEndpoint = (typeof COMMENT_ENDPOINTS)[number];

/** `once`: only the next call fails, then the failure is removed. */
export type FakeFailure = { code: string; error?: string; status?: number; once?: boolean };

export type CommentServiceOptions = {
  /** Origin the handlers answer on, e.g. https://comments.test (default: any origin). */
  host?: string;
  app?: Partial<CommentAppInfo>;
  /** Initial sections: each page's url, lock, status and comments of both levels (makePage, makeComment). */
  pages?: Array<Partial<CommentPage> & { url: string }>;
  /** auth token -> user (one `banned` starts banned, with its `ban`). Without it, any non-empty auth is `viewer`. */
  users?: Record<string, CommentUserInfo>;
  /** The user behind any auth token when `users` is not given (default: a member, userId "viewer"). */
  viewer?: CommentUserInfo;
  /** url -> userId of the original poster of that post (may use op/pin, op/hide). */
  ops?: Record<string, string>;
  /** Starting quota of every user (default count 10). */
  quota?: Quota;
  /** Each reply waits this long, in ms (Storybook: loading states). */
  latency?: number;
  /** Calls that fail with the given code (and text, and HTTP status, default 400) until removed from the object. */
  failures?: Partial<Record<CommentEndpoint, FakeFailure>>;
  /**
   * What the service says about following after a reply (the main app applies the account's autoFollowThreadReply):
   * `threadFollowed` and `autoFollowed` of the add-comment reply. Absent: the reply says nothing (other apps).
   */
  replyFollow?: { followed: boolean; started: boolean };
  /** Every member's email notification setting at the start (default: immediately, to no address). */
  email?: Partial<EmailNotificationSettings>;
  /** The app's moderation settings the fake applies (MODERATION.md; default premoderation 'off', reportThreshold 3). */
  settings?: Partial<FakeSettings>;
};

export type FakeSettings = Pick<AppSettings, 'premoderation' | 'reportThreshold'>;

export type RecordedCall = {
  endpoint: CommentEndpoint;
  method: string;
  version: string;
  params: Record<string, string>;
  headers: Record<string, string>;
};

export type FakeSection = { url: string; lock: boolean; status: string; comments: Comment[] };

/**
 * A member's report of a comment (report.json): `data` is its userReportData ({ reason, text }); open until a
 * moderator approves or rejects the comment. `at` (ISO) defaults to the comment's time, for seeded reports.
 */
export type FakeReport = { userId: string; commentId: string; url: string; data: unknown; at?: string; resolved?: boolean };

/** A ban (admin/ban): the banned user as bans.json names them, why, since and until when (null: for good), and by whom. */
export type FakeBan = {
  user: Pick<CommentUser, 'userId' | 'accountId' | 'displayName' | 'avatarUrl'>;
  reason: string;
  bannedAt: string;
  until: string | null;
  bannedBy: string;
};

export type FakeCommentState = {
  app: CommentAppInfo;
  sections: Map<string, FakeSection>;
  /** userId -> commentId -> vote. */
  likes: Map<string, Record<string, LikeValue>>;
  quotas: Map<string, Quota>;
  reports: FakeReport[];
  commentedUrls: Map<string, Set<string>>;
  reportedUrls: Map<string, Set<string>>;
  uploads: Map<string, Attachment>;
  /** userId -> ban; one whose `until` has passed counts as none. */
  banned: Map<string, FakeBan>;
  ops: Map<string, string>;
  /** Apps other than the main one: userId -> followed thread ids; userId -> blocked accountId -> name. */
  follows: Map<string, Set<string>>;
  blocks: Map<string, Map<string, string>>;
  /** userId -> email notification setting (email-notifications.json). */
  emails: Map<string, EmailNotificationSettings>;
  settings: FakeSettings;
  /** The audit log (admin/log.json), oldest first. */
  log: LogEntry[];
};

export type CommentServiceFake = {
  handlers: HttpHandler[];
  state: FakeCommentState;
  /** Every request received, in order. */
  calls: RecordedCall[];
  callsTo(endpoint: CommentEndpoint): RecordedCall[];
  /** The options' failures, mutable: set or delete entries while a test runs. */
  failures: Partial<Record<CommentEndpoint, FakeFailure>>;
  /** Holds every call of `endpoint` (after it is recorded) until the returned release function is called. */
  hold(endpoint: CommentEndpoint): () => void;
};

/** One endpoint of the fake: the call's fields and files to its reply payload (or a thrown FakeError). */
export type FakeAnswer = (p: Record<string, string>, files: Record<string, Blob>) => unknown;

/** What fake-service.ts shares with the fake's other parts (its moderation tools, bans and desk). */
export type FakeContext = {
  state: FakeCommentState;
  /** The section of `url`, made when first asked for. */
  section(url: string | undefined): FakeSection;
  findAnywhere(commentId: string | undefined): [FakeSection, Comment];
  /** A signed-in user (401 AUTH_REQUIRED without auth) who is not banned (403 USER_BANNED). */
  active(auth: string | undefined): CommentUserInfo;
  /** An active moderator of the app: 403 NOT_MODERATOR. */
  moderator(auth: string | undefined): CommentUserInfo;
  /** A user the fake knows by their userId: its users, its viewer and the comments' authors. */
  knownUser(userId: string): CommentUser | CommentUserInfo | undefined;
};
