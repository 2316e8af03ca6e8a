/** JSON schemas of the notification routes (shell-and-account.md §7), shared by routes and tests. */

const userSchema = {
  type: 'object',
  required: ['username', 'accountId', 'avatarUrl'],
  properties: { username: { type: 'string' }, accountId: { type: 'string' }, avatarUrl: { type: 'string' } },
} as const;

const imageSchema = {
  type: ['object', 'null'],
  required: ['url', 'webpUrl'],
  properties: { url: { type: 'string' }, webpUrl: { type: 'string' } },
} as const;

const postSchema = {
  type: 'object',
  required: ['id', 'title', 'type', 'url', 'images'],
  properties: {
    id: { type: 'string' },
    title: { type: 'string' },
    type: { type: 'string' },
    url: { type: 'string' },
    images: { type: 'object', required: ['imageFbThumbnail'], properties: { imageFbThumbnail: imageSchema } },
  },
} as const;

const itemSchema = {
  type: 'object',
  required: ['id', 'type', 'timestamp', 'url', 'title', 'message', 'wrapMessage', 'users', 'post', 'suppData', 'isRead'],
  properties: {
    id: { type: 'string' },
    type: { type: 'string' },
    timestamp: { type: 'integer' },
    url: { type: 'string' },
    title: { type: 'string' },
    message: { type: 'string' },
    wrapMessage: { type: 'string' },
    users: { type: 'array', items: userSchema },
    post: { anyOf: [{ type: 'null' }, postSchema] },
    suppData: { type: 'object', properties: { followedPageUrl: { type: 'string' }, image: { type: 'string' } } },
    isRead: { type: 'boolean' },
  },
} as const;

const metaSchema = {
  type: 'object',
  required: ['status'],
  properties: { status: { type: 'string' }, errorCode: { type: 'string' }, errorMessage: { type: 'string' } },
} as const;

export const listBody = {
  type: ['object', 'null'],
  additionalProperties: false,
  properties: {
    refKey: { type: 'string', maxLength: 40 },
    /** Ours: `mentions` pages through the Mentions tab's types only (shell-and-account.md §2); default `all`. */
    tab: { type: 'string', enum: ['all', 'mentions'] },
  },
} as const;

/** POST /v1/notifications: `{ meta, data: { data: { items, nextKey, didEndOfList, posts } } }` (the client reads data.data). */
export const listReply = {
  type: 'object',
  required: ['meta', 'data'],
  properties: {
    meta: metaSchema,
    data: {
      type: 'object',
      required: ['data'],
      properties: {
        data: {
          type: 'object',
          required: ['items', 'nextKey', 'didEndOfList', 'posts'],
          properties: {
            items: { type: 'array', items: itemSchema },
            nextKey: { type: ['string', 'null'] },
            didEndOfList: { type: 'boolean' },
            posts: { type: 'object', additionalProperties: postSchema },
          },
        },
      },
    },
  },
} as const;

/** GET and POST /v1/read-state.json reply in the notification host's envelope: `{ status: 'OK', payload }`. */
export const readStateReply = {
  type: 'object',
  required: ['status', 'payload'],
  properties: {
    status: { type: 'string' },
    code: { type: 'string' },
    error: { type: 'string' },
    payload: {
      type: 'object',
      properties: { lastReadTimestamp: { type: 'integer' }, unreadCount: { type: 'integer' } },
    },
  },
} as const;

/** The read-state params the user info hands out (notiOptions.readStateParams) are accepted and not needed: the session says who. */
export const readStateParams = {
  type: ['object', 'null'],
  properties: {},
} as const;

export const MAX_ITEM_KEYS = 100;

export const markReadBody = {
  type: 'object',
  required: ['itemKeys'],
  additionalProperties: false,
  properties: {
    /** Item ids, as a comma list ("12,15") or an array (form fields repeated, or JSON). */
    itemKeys: {
      anyOf: [
        { type: 'string', minLength: 1, maxLength: MAX_ITEM_KEYS * 20 },
        { type: 'array', minItems: 1, maxItems: MAX_ITEM_KEYS, items: { type: 'string', maxLength: 20 } },
      ],
    },
    /** 1 marks read (the spec's only use); 0 marks unread again. */
    states: { type: 'integer', enum: [0, 1], default: 1 },
  },
} as const;

export const markReadReply = {
  type: 'object',
  required: ['meta', 'data'],
  properties: {
    meta: metaSchema,
    data: {
      type: 'object',
      required: ['updated', 'unreadCount'],
      properties: { updated: { type: 'integer' }, unreadCount: { type: 'integer' } },
    },
  },
} as const;
