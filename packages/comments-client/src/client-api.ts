import type {
  AddCommentParams, AddCommentResult, Attachment, CommentAppInfo, CommentPage, CommentUserState, LikeValue,
  EmailMode, EmailNotificationSettings, ListParams, ReportData, SectionUpdate,
  BanPage, BanParams, BanResult, Comment, LogPage, QueuePage, QueueParams,
} from './types.js';

/** Hands out a proof-of-work value for sensitive calls; null until one is ready (the client polls every 100 ms). */
export type ProofOfWorkProvider = () => { wp: string; wpb: string } | null;

export type CommentsClientOptions = {
  /** Origin of the comment service, e.g. https://comments.example.com (default: same origin). */
  host?: string;
  appId: string;
  /** The app's signed token for the current user, or null for a visitor. */
  auth?: string | null;
  /** 'v2' by default. */
  version?: 'v1' | 'v2';
  proofOfWork?: ProofOfWorkProvider;
  /** How long a sensitive call waits for a proof-of-work value (default PROOF_OF_WORK_TIMEOUT_MS, 15 s). */
  proofOfWorkTimeout?: number;
  /**
   * The embedding page's origin, sent as `origin` on the visitors' list GET so a shared cache keeps one copy per
   * origin (default: location.origin where there is one).
   */
  origin?: string;
  /** Per-request timeout in ms for everything but uploads (default 10000). */
  timeout?: number;
  fetch?: typeof fetch;
};

export type RequestOptions = { signal?: AbortSignal };
/** `fresh` skips the list cache (an explicit reload); identical requests within 1 s are still collapsed. */
export type ListOptions = RequestOptions & { fresh?: boolean };
export type UploadOptions = RequestOptions & { onProgress?: (fraction: number) => void };

/** One typed function per comment-service call. */
export interface CommentsClient {
  readonly appId: string;
  setAuth(auth: string | null): void;
  isLoggedIn(): boolean;
  /**
   * A page of comments (visitors: cacheable GET; members: POST). Pages come from a shared cache: treat them as
   * read-only and copy before changing anything.
   */
  listComments(params: ListParams, options?: ListOptions): Promise<CommentPage>;
  /**
   * The page after `page` for the same list: throws "Next cursor is empty" without a next cursor
   * and "The request is already processing" while a next page of the same list is loading.
   */
  loadNext(params: ListParams, page: Pick<CommentPage, 'next'>, options?: ListOptions): Promise<CommentPage>;
  /** The page before `page`: "Prev cursor is empty", "The request is already processing" as loadNext. */
  loadPrev(params: ListParams, page: Pick<CommentPage, 'prev'>, options?: ListOptions): Promise<CommentPage>;
  addComment(params: AddCommentParams, options?: RequestOptions): Promise<AddCommentResult>;
  linkAttachment(url: string, options?: RequestOptions): Promise<Attachment>;
  uploadMedia(source: Blob | { url: string }, options?: UploadOptions): Promise<Attachment>;
  likeComment(commentId: string, value: LikeValue, url: string): Promise<void>;
  deleteComment(commentId: string, url: string): Promise<void>;
  reportComment(commentId: string, url: string, data: ReportData): Promise<void>;
  getUser(): Promise<CommentUserState>;
  getApp(): Promise<CommentAppInfo>;
  opPin(commentId: string, url: string, pinned: boolean): Promise<string[]>;
  opHide(commentId: string, url: string): Promise<void>;
  adminBan(userId: string): Promise<void>;
  adminUnban(userId: string): Promise<void>;
  adminMask(commentId: string, url: string, sensitive: boolean): Promise<void>;
  adminHide(commentId: string, url: string): Promise<void>;
  adminUnhide(commentId: string, url: string): Promise<void>;
  adminPin(commentId: string, url: string, pinned: boolean): Promise<string[]>;
  adminUpdate(url: string, update: SectionUpdate): Promise<void>;
  /** Moderators of the app: the queue of reported, held or recent comments, paged by `next`. */
  moderationQueue(params?: QueueParams): Promise<QueuePage>;
  /** Approves a comment: reports resolved, unhidden, released from hold. */
  approveComment(commentId: string, url: string): Promise<Comment>;
  /** Rejects a comment: reports resolved, hidden (a held comment stays out of every list but its author's). */
  rejectComment(commentId: string, url: string): Promise<Comment>;
  /** Bans a member with a reason and a duration (default forever). */
  banUser(userId: string, params?: BanParams): Promise<BanResult>;
  /** Active bans, newest first. */
  listBans(cursor?: string): Promise<BanPage>;
  /** The audit log of the app's moderation, newest first. */
  moderationLog(cursor?: string, count?: number): Promise<LogPage>;
  /**
   * Apps other than the main one (whose members use the main API): whether the user follows the thread of the
   * top-level comment `threadId`, and following or unfollowing it.
   */
  followStatus(threadId: string): Promise<boolean>;
  followThread(threadId: string, follow: boolean): Promise<void>;
  /** Apps other than the main one: block or unblock a member of the app by `accountId`; lists leave out their comments. */
  blockUser(accountId: string): Promise<void>;
  unblockUser(accountId: string): Promise<void>;
  /**
   * Email notifications of replies to the user's comments (a main-app member's own setting there): how often, and
   * the address mail goes to (another app's: the `email` claim its host signs; null: none, so nothing is mailed).
   */
  emailNotifications(): Promise<EmailNotificationSettings>;
  setEmailNotifications(mode: EmailMode): Promise<EmailNotificationSettings>;
  /** Drops cached list pages of one url (all when omitted). */
  invalidate(url?: string): void;
}
