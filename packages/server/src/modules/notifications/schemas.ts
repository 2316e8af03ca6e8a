import { Type } from '@sinclair/typebox';
import { envelope, MarkReadReply, NotificationListReply, ReadState } from '@guffaw/api';

/** JSON schemas of the notification routes (shell-and-account.md §7), shared by routes and tests; replies from the contract. */

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
export const listReply = envelope(NotificationListReply);

/** GET and POST /v1/read-state.json reply in the notification host's envelope: `{ status: 'OK', payload }`. */
export const readStateReply = {
  type: 'object',
  required: ['status', 'payload'],
  properties: {
    status: { type: 'string' },
    code: { type: 'string' },
    error: { type: 'string' },
    payload: Type.Partial(ReadState),
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

export const markReadReply = envelope(MarkReadReply);
