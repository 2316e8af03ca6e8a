import { randomBytes } from 'node:crypto';
import { HttpError } from '../../../lib/envelope.js';
import type { AppRow, SortType, UserRow } from '../repo/index.js';

/** comments.md §9. */
export const DEFAULT_PAGE_COUNT = 10;
export const MAX_PAGE_COUNT = 50;
/** Pinned comments per section: the top of a thread is not a second list. */
export const MAX_PINNED = 3;
export const MAX_ATTACHMENTS = 4;
export const MAX_MENTIONS = 10;
export const VISITOR_MAX_AGE_SECONDS = 5;

/** An error of the comment service that carries a payload (e.g. the quota when it is used up). */
export class CommentServiceError extends HttpError {
  constructor(
    statusCode: number,
    code: string,
    message: string,
    readonly payload: Record<string, unknown>,
  ) {
    super(statusCode, code, message);
  }
}

/** `mainUser`: main app only, the viewer is a live main-site account (only they can cause notifications there). */
export type Viewer = { user: UserRow; moderator: boolean; mainUser: boolean; claims: { sub: string; exp: number } };

/**
 * The spam defences of a write (routes/write-guard.ts), which `authenticate` runs once it knows the token's user:
 * the proof of work of every write, and the fresh-identity throttle before a new comment user is created.
 */
export type WriteGuard = {
  proved(sub: string): Promise<void>;
  admitNewUser(): Promise<void>;
};

export type ListInput = {
  url: string;
  type: SortType;
  count: number;
  commentId?: string | undefined;
  level?: 1 | 2 | undefined;
  next?: string | undefined;
  prev?: string | undefined;
  refresh?: string | undefined;
};

export type AddInput = {
  url: string;
  text: string;
  attachments: { type: 'userMedia' | 'link'; token: string }[];
  parent?: string | undefined;
  opToken?: string | undefined;
  delegateUserId?: string | undefined;
  /** The request's client (the spam check: Akismet wants the address and user agent) and its log. */
  client?: { ip: string; userAgent: string; log: { warn: (obj: Record<string, unknown>, msg: string) => void } } | undefined;
};

export type VisitorPage = { body: Buffer; etag: string };
export type RenderedPage = VisitorPage & { version: number; at: number; section: string };
/** A visitor page as the GET answers it: bytes, ETag and headers ready, and the app (for CORS). */
export type VisitorAnswer = { page: RenderedPage; app: AppRow; headers: Record<string, string> };

export const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
export const newId = (bytes = 9) => randomBytes(bytes).toString('base64url');
