import type {
  AddCommentParams, AddCommentResult, Attachment, CommentAppInfo, CommentPage, CommentUserState, LikeValue,
  ListParams, ReportData, SectionUpdate,
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
  fetch?: typeof fetch;
};

export type RequestOptions = { signal?: AbortSignal };
export type UploadOptions = RequestOptions & { onProgress?: (fraction: number) => void };

/** One typed function per comment-service call (comments.md §7). */
export interface CommentsClient {
  readonly appId: string;
  setAuth(auth: string | null): void;
  isLoggedIn(): boolean;
  listComments(params: ListParams, options?: RequestOptions): Promise<CommentPage>;
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
  /** Drops cached list pages of one url (all when omitted). */
  invalidate(url?: string): void;
}
