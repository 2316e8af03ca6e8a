/**
 * Outer bounds of the console's requests; the rules and their messages are input.ts's (so a wrong field says what is
 * wrong with it, in the codes of MODERATION.md), and the comment service's for the queue, bans and log.
 */
const str = (maxLength: number) => ({ type: 'string', maxLength }) as const;

export const registerBody = {
  type: 'object',
  properties: { name: {}, allowedOrigins: {} },
} as const;

export const updateBody = {
  type: 'object',
  properties: { name: {}, allowedOrigins: {}, settings: {} },
} as const;

export const moderatorBody = { type: 'object', properties: { username: {} } } as const;

export type QueueQuery = { view?: 'reported' | 'held' | 'recent'; sort?: 'newest' | 'reports'; cursor?: string; count?: number };
export const queueQuery = {
  type: 'object',
  properties: {
    view: { type: 'string', enum: ['reported', 'held', 'recent'] },
    sort: { type: 'string', enum: ['newest', 'reports'] },
    cursor: str(500),
    count: { type: 'integer', minimum: 1, maximum: 50 },
  },
} as const;

export const cursorQuery = { type: 'object', properties: { cursor: str(500) } } as const;

export type BanBody = { userId: string; reason?: string; duration?: '1d' | '7d' | 'forever' };
export const banBody = {
  type: 'object',
  required: ['userId'],
  properties: {
    userId: { type: 'string', minLength: 1, maxLength: 100 },
    reason: str(500),
    duration: { type: 'string', enum: ['1d', '7d', 'forever'] },
  },
} as const;
