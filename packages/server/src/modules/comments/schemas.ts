import { DEFAULT_PAGE_COUNT, MAX_PAGE_COUNT } from './service/types.js';

/**
 * JSON schemas of the comment service's form fields (comments.md §7). Form values arrive as strings: numbers are
 * coerced by Ajv; booleans are taken as 'true'/'false'/'1'/'0' and read with `flag()`.
 */
const appId = { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' } as const;
const auth = { type: 'string', minLength: 1, maxLength: 4096 } as const;
const pageUrl = { type: 'string', minLength: 8, maxLength: 2048, pattern: '^https?://[^\\s]+$' } as const;
const id = { type: 'string', pattern: '^[A-Za-z0-9_-]{1,32}$' } as const;
const cursor = { type: 'string', minLength: 1, maxLength: 400 } as const;
const bool = { type: 'string', enum: ['true', 'false', '1', '0'] } as const;

export const flag = (v: string | undefined): boolean | undefined => (v === undefined ? undefined : v === 'true' || v === '1');

const object = (properties: Record<string, unknown>, required: string[]) => ({ type: 'object', properties, required }) as const;

export const listSchema = object(
  {
    appId,
    auth,
    url: pageUrl,
    count: { type: 'integer', minimum: 1, maximum: MAX_PAGE_COUNT, default: DEFAULT_PAGE_COUNT },
    type: { type: 'string', enum: ['hot', 'new', 'old'], default: 'new' },
    commentId: id,
    level: { type: 'integer', enum: [1, 2] },
    next: cursor,
    prev: cursor,
    refresh: cursor,
    origin: { type: 'string', maxLength: 300 },
  },
  ['appId', 'url'],
);
export type ListBody = {
  appId: string;
  auth?: string;
  url: string;
  count: number;
  type: 'hot' | 'new' | 'old';
  commentId?: string;
  level?: 1 | 2;
  next?: string;
  prev?: string;
  refresh?: string;
};

export const addCommentSchema = object(
  {
    appId,
    auth,
    url: pageUrl,
    text: { type: 'string', maxLength: 40_000, default: '' },
    /** JSON text of [{type, token}] (form encoding has no arrays of objects). */
    attachments: { type: 'string', maxLength: 2000 },
    replyThreadOnly: bool,
    parent: id,
    opToken: auth,
    delegateUserId: id,
  },
  ['appId', 'url'],
);
export type AddCommentBody = {
  appId: string;
  auth?: string;
  url: string;
  text: string;
  attachments?: string;
  replyThreadOnly?: string;
  parent?: string;
  opToken?: string;
  delegateUserId?: string;
};

export const linkAttachmentSchema = object({ appId, auth, url: pageUrl }, ['appId', 'url']);
export type LinkAttachmentBody = { appId: string; auth?: string; url: string };

export const likeSchema = object({ appId, auth, commentId: id, value: { type: 'integer', enum: [1, -1, 0] }, url: pageUrl }, ['appId', 'commentId', 'value']);
export type LikeBody = { appId: string; auth?: string; commentId: string; value: 1 | -1 | 0; url?: string };

export const deleteSchema = object({ appId, auth, id, url: pageUrl, _method: { type: 'string', enum: ['DELETE', 'delete'] } }, ['appId', 'id']);
export type DeleteBody = { appId: string; auth?: string; id: string; url?: string; _method?: string };

export const reportSchema = object({ appId, auth, commentId: id, url: pageUrl, userReportData: { type: 'string', maxLength: 2000 } }, ['appId', 'commentId']);
export type ReportBody = { appId: string; auth?: string; commentId: string; url?: string; userReportData?: string };

export const userSchema = object({ appId, auth, url: pageUrl }, ['appId']);
export type UserBody = { appId: string; auth?: string; url?: string };

export const appSchema = object({ id: appId, appId, auth }, []);
export type AppQuery = { id?: string; appId?: string; auth?: string };

export const pinSchema = object({ appId, auth, commentId: id, url: pageUrl, pinned: bool }, ['appId', 'commentId', 'url', 'pinned']);
export type PinBody = { appId: string; auth?: string; commentId: string; url: string; pinned: string };

export const commentActionSchema = object({ appId, auth, commentId: id, url: pageUrl }, ['appId', 'commentId', 'url']);
export type CommentActionBody = { appId: string; auth?: string; commentId: string; url: string };

export const maskSchema = object({ appId, auth, commentId: id, url: pageUrl, sensitive: bool }, ['appId', 'commentId', 'url', 'sensitive']);
export type MaskBody = CommentActionBody & { sensitive: string };

export const banSchema = object(
  { appId, auth, userId: id, reason: { type: 'string', maxLength: 500 }, duration: { type: 'string', enum: ['1d', '7d', 'forever'] } },
  ['appId', 'userId'],
);
export type BanBody = { appId: string; auth?: string; userId: string; reason?: string; duration?: '1d' | '7d' | 'forever' };

/** Moderation (MODERATION.md "Comment service calls"). */
export const queueSchema = object(
  {
    appId,
    auth,
    view: { type: 'string', enum: ['reported', 'held', 'recent'], default: 'reported' },
    sort: { type: 'string', enum: ['newest', 'reports'], default: 'newest' },
    cursor,
    count: { type: 'integer', minimum: 1, maximum: MAX_PAGE_COUNT, default: 20 },
  },
  ['appId'],
);
export type QueueBody = { appId: string; auth?: string; view: 'reported' | 'held' | 'recent'; sort: 'newest' | 'reports'; cursor?: string; count: number };
export const decisionSchema = object({ appId, auth, commentId: id, url: pageUrl }, ['appId', 'commentId']);
export type DecisionBody = { appId: string; auth?: string; commentId: string; url?: string };
export const deskPageSchema = object({ appId, auth, cursor, count: { type: 'integer', minimum: 1, maximum: MAX_PAGE_COUNT, default: 20 } }, ['appId']);
export type DeskPageBody = { appId: string; auth?: string; cursor?: string; count: number };

export const updateSchema = object({ appId, auth, url: pageUrl, lock: bool, status: { type: 'string', pattern: '^[a-z][a-z0-9_-]{0,31}$' } }, ['appId', 'url']);
export type UpdateBody = { appId: string; auth?: string; url: string; lock?: string; status?: string };

/** The envelope of every reply (DESIGN.md); payload shapes are the wire types of comments-client/src/types.ts. */
export const envelopeSchema = {
  type: 'object',
  properties: { status: { type: 'string', enum: ['OK', 'ERROR'] }, code: { type: 'string' }, error: { type: 'string' }, payload: { type: 'object', additionalProperties: true } },
  required: ['status', 'payload'],
} as const;

/** Thread follows and user blocks of app members (issue #18); the main app's members use the main API. */
export const followStatusSchema = object({ appId, auth, threadId: id }, ['appId', 'threadId']);
export type FollowStatusBody = { appId: string; auth?: string; threadId: string };

export const followThreadSchema = object({ appId, auth, threadId: id, follow: bool }, ['appId', 'threadId', 'follow']);
export type FollowThreadBody = { appId: string; auth?: string; threadId: string; follow: string };

/** accountId: the host's user id of the member (the wire `accountId`, the token's `sub`). As /v1/user-block: `_method` post or delete. */
export const userBlockSchema = object(
  { appId, auth, accountId: { type: 'string', minLength: 1, maxLength: 256 }, _method: { type: 'string', enum: ['POST', 'post', 'DELETE', 'delete'] } },
  ['appId', 'accountId'],
);
export type UserBlockBody = { appId: string; auth?: string; accountId: string; _method?: string };
