const threadId = { type: 'string', pattern: '^[A-Za-z0-9_-]{1,32}$' } as const;

export const statusSchema = { type: 'object', properties: { threadId }, required: ['threadId'] } as const;
export const followSchema = {
  type: 'object',
  properties: { threadId, follow: { type: 'string', enum: ['true', 'false', '1', '0'] } },
  required: ['threadId', 'follow'],
} as const;

export const replySchema = {
  type: 'object',
  properties: {
    meta: { type: 'object', properties: { status: { type: 'string' }, errorCode: { type: 'string' }, errorMessage: { type: 'string' } }, required: ['status'] },
    data: { type: 'object', properties: { followed: { type: 'boolean' } } },
  },
  required: ['meta', 'data'],
} as const;
