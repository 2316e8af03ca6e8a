import { envelope, ThreadFollowReply } from '@guffaw/api';

const threadId = { type: 'string', pattern: '^[A-Za-z0-9_-]{1,32}$' } as const;

export const statusSchema = { type: 'object', properties: { threadId }, required: ['threadId'] } as const;
export const followSchema = {
  type: 'object',
  properties: { threadId, follow: { type: 'string', enum: ['true', 'false', '1', '0'] } },
  required: ['threadId', 'follow'],
} as const;

export const replySchema = envelope(ThreadFollowReply);
