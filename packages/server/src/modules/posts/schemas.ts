import {
  AppConfig, AwardBalance, AwardReply, BlockPostReply, DeletePostReply, DownloadReply, envelope, InterestsReply, ListPage, OffensiveReply, OpTokenReply, PollReply,
  PostReply, ProfileReply, ReportReply, SaveReply, SentAwards, ShareReply, VoteReply,
} from '@guffaw/api';

/** JSON schemas of the posts routes: inputs are checked before a handler runs; replies use the main envelope. */

export const POST_ID_PATTERN = '^[A-Za-z0-9_-]{1,64}$';

/** The list calls' reply: a page of posts (@guffaw/api list.ts), every field the lists send. */
export const listReply = { 200: envelope(ListPage) } as const;
/** GET|POST /v1/post: {post}. */
export const postReply = { 200: envelope(PostReply) } as const;
/** GET|POST /v1/config and /v1/interests. */
export const configReply = { 200: envelope(AppConfig) } as const;
export const interestsReply = { 200: envelope(InterestsReply) } as const;
/** GET /v1/user-profile: {profile}. */
export const profileReply = { 200: envelope(ProfileReply) } as const;

/** The post actions' replies (@guffaw/api actions.ts). */
export const voteReply = { 200: envelope(VoteReply) } as const;
export const saveReply = { 200: envelope(SaveReply) } as const;
export const blockPostReply = { 200: envelope(BlockPostReply) } as const;
export const deletePostReply = { 200: envelope(DeletePostReply) } as const;
export const opTokenReply = { 200: envelope(OpTokenReply) } as const;
export const reportReply = { 200: envelope(ReportReply) } as const;
export const offensiveReply = { 200: envelope(OffensiveReply) } as const;
export const downloadReply = { 200: envelope(DownloadReply) } as const;
export const shareReply = { 200: envelope(ShareReply) } as const;
export const pollReply = { 200: envelope(PollReply) } as const;
export const awardReply = { 200: envelope(AwardReply) } as const;
export const awardBalanceReply = { 200: envelope(AwardBalance) } as const;
export const sentAwardsReply = { 200: envelope(SentAwards) } as const;

const cursorFields = {
  after: { type: 'string', maxLength: 400 },
  cursor: { type: 'string', maxLength: 400 },
} as const;

/** Lists take the cursor in the query string, or (POST) in the body. */
export const listQuery = { type: 'object', properties: { ...cursorFields }, additionalProperties: true } as const;
export const listBody = { type: ['object', 'null'], properties: { ...cursorFields }, additionalProperties: true } as const;

const name = { type: 'string', minLength: 1, maxLength: 100 } as const;

export const feedParams = {
  type: 'object',
  properties: { type: { type: 'string', minLength: 1, maxLength: 40 }, timeframe: { type: 'string', minLength: 1, maxLength: 40 } },
  required: ['type'],
} as const;
export const tagParams = { type: 'object', properties: { tag: name, type: name }, required: ['tag', 'type'] } as const;
export const interestParams = { type: 'object', properties: { interest: name, type: name }, required: ['interest', 'type'] } as const;
export const userParams = { type: 'object', properties: { username: name, type: name }, required: ['username', 'type'] } as const;

export const searchQuery = {
  type: 'object',
  properties: { ...cursorFields, query: { type: 'string', maxLength: 500 } },
  additionalProperties: true,
} as const;
export const searchBody = { ...searchQuery, type: ['object', 'null'] } as const;

const postId = { type: 'string', pattern: POST_ID_PATTERN } as const;

export const postIdQuery = { type: 'object', properties: { ...cursorFields, id: postId }, additionalProperties: true } as const;
export const postIdBody = { ...postIdQuery, type: ['object', 'null'] } as const;

/** Post actions: the same fields may come in the query string or the body (form or JSON). */
const actionFields = {
  id: postId,
  entryId: postId,
  feedId: { type: 'string', maxLength: 200 },
  feedSource: { type: 'string', maxLength: 200 },
  type: { type: 'string', maxLength: 40 },
  action: { type: 'string', maxLength: 40 },
  username: name,
  platform: { type: 'string', maxLength: 40 },
  channel: { type: 'string', maxLength: 40 },
  option_index: { type: 'integer', minimum: 0, maximum: 1000 },
} as const;

export const actionQuery = { type: 'object', properties: actionFields, additionalProperties: true } as const;
export const actionBody = { type: ['object', 'null'], properties: actionFields, additionalProperties: true } as const;
