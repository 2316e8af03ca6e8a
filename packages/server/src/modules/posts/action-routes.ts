import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { badRequest, success, unauthorized } from '../../lib/envelope.js';
import { sessionUser } from '../accounts/sessions.js';
import * as actions from './actions.js';
import * as schemas from './schemas.js';

type ActionInput = {
  id?: string;
  entryId?: string;
  feedId?: string;
  feedSource?: string;
  type?: string;
  action?: string;
  username?: string;
  platform?: string;
  /** An older name of `platform`, still accepted. */
  channel?: string;
  option_index?: number;
};

/** Fields may come in the query string or the body (form or JSON); the body wins. */
const input = (request: FastifyRequest): ActionInput => ({
  ...(request.query as ActionInput),
  ...((request.body as ActionInput | null | undefined) ?? {}),
});

const postIdOf = (i: ActionInput): string => {
  const id = i.id ?? i.entryId;
  if (!id) throw badRequest('MISSING_ID', 'Which post? The id is missing.');
  return id;
};

/**
 * Post actions (posts-and-feeds.md §4-§7). Paths the spec leaves open are ours: /v1/vote/{like,dislike,unlike},
 * /v1/save-post, /v1/block-post, DELETE /v1/post, /v1/op-token, /report, /v1/offensive-post, /v1/download-post, /v1/share-post, /shuffle, /v1/poll/*,
 * /award, /award-balance, /user-sent-awards, /v1/user-profile. Replies use the main envelope; a visitor gets 401 LOGIN_REQUIRED.
 */
export const postActionRoutes: FastifyPluginAsync = async (app) => {
  const ctx = { db: app.db, config: app.config };
  /** Every action takes its fields from the query or the body; each declares its reply (@guffaw/api actions.ts). */
  const inputs = { querystring: schemas.actionQuery, body: schemas.actionBody };
  const getInputs = { querystring: schemas.actionQuery };

  async function member(request: FastifyRequest): Promise<number> {
    const user = await sessionUser(request);
    if (!user) throw unauthorized('LOGIN_REQUIRED', 'Log in to continue.');
    return user.id;
  }

  const votes = { like: 1, dislike: -1, unlike: 0 } as const;
  for (const [name, value] of Object.entries(votes)) {
    app.post(`/v1/vote/${name}`, { schema: { ...inputs, response: schemas.voteReply } }, async (request) => {
      const userId = await member(request);
      return success(await actions.vote(ctx, userId, postIdOf(input(request)), value));
    });
  }

  app.post('/v1/save-post', { schema: { ...inputs, response: schemas.saveReply } }, async (request) => success(await actions.save(ctx, await member(request), postIdOf(input(request)), true)));
  app.delete('/v1/save-post', { schema: { ...inputs, response: schemas.saveReply } }, async (request) => success(await actions.save(ctx, await member(request), postIdOf(input(request)), false)));

  app.post('/v1/block-post', { schema: { ...inputs, response: schemas.blockPostReply } }, async (request) => {
    const userId = await member(request);
    const i = input(request);
    return success(await actions.blockPost(ctx, userId, postIdOf(i), i.type ?? 'post', i.action === 'unblock'));
  });

  app.delete('/v1/post', { schema: { ...inputs, response: schemas.deletePostReply } }, async (request) => success(await actions.deletePost(ctx, await member(request), postIdOf(input(request)))));

  app.post('/v1/op-token', { schema: { ...inputs, response: schemas.opTokenReply } }, async (request) => {
    const user = await sessionUser(request);
    if (!user) throw unauthorized('LOGIN_REQUIRED', 'Log in to continue.');
    return success(await actions.opToken(ctx, user, postIdOf(input(request))));
  });

  app.post('/report', { schema: { ...inputs, response: schemas.reportReply } }, async (request) => {
    const userId = await member(request);
    const i = input(request);
    const reason = Number(i.type);
    if (i.username && !i.entryId && !i.id) return success(await actions.reportProfile(ctx, userId, i.username, reason));
    return success(await actions.reportPost(ctx, userId, postIdOf(i), reason));
  });

  // §5 Offensive mask: moderators only (actions.markOffensive); action=unmark clears the flag.
  app.post('/v1/offensive-post', { schema: { ...inputs, response: schemas.offensiveReply } }, async (request) => {
    const user = await sessionUser(request);
    if (!user) throw unauthorized('LOGIN_REQUIRED', 'Log in to continue.');
    const i = input(request);
    if (i.action !== undefined && i.action !== 'mark' && i.action !== 'unmark') throw badRequest('INVALID_ACTION', 'The action must be mark or unmark.');
    return success(await actions.markOffensive(ctx, user.userId, postIdOf(i), i.action !== 'unmark'));
  });

  const download = async (request: FastifyRequest) => success(await actions.downloadPost(ctx, (await sessionUser(request))?.id ?? null, postIdOf(input(request))));
  app.get('/v1/download-post', { schema: { ...getInputs, response: schemas.downloadReply } }, download);
  app.post('/v1/download-post', { schema: { ...inputs, response: schemas.downloadReply } }, download);

  app.get('/v1/user-profile', { schema: { ...getInputs, response: schemas.profileReply } }, async (request) => {
    const { username } = input(request);
    if (!username) throw badRequest('MISSING_USERNAME', 'Which user? The username is missing.');
    return success(await actions.userProfile(ctx, username));
  });

  app.post('/v1/share-post', { schema: { ...inputs, response: schemas.shareReply } }, async (request) => {
    const i = input(request);
    return success(await actions.sharePost(ctx, (await sessionUser(request))?.id ?? null, postIdOf(i), i.platform ?? i.channel ?? ''));
  });

  /** r key / drawer: a random live post; the front page when there is none. */
  app.get('/shuffle', async (_request, reply) => {
    const id = await actions.randomPostId(ctx);
    return reply.header('cache-control', 'no-store').redirect(id ? `/gag/${id}` : '/', 302);
  });

  // §7: GET for visitors, POST for logged-in users; reply data.poll = {options [{text, votes}], ends_at, user_voted_option}.
  const results = async (request: FastifyRequest) => {
    const user = await sessionUser(request);
    return success({ poll: await actions.pollResults(ctx, user?.id ?? null, postIdOf(input(request))) });
  };
  app.get('/v1/poll/results', { schema: { ...getInputs, response: schemas.pollReply } }, results);
  app.post('/v1/poll/results', { schema: { ...inputs, response: schemas.pollReply } }, results);

  app.post('/v1/poll/vote', { schema: { ...inputs, response: schemas.pollReply } }, async (request) => {
    const userId = await member(request);
    const i = input(request);
    if (i.option_index === undefined) throw badRequest('INVALID_OPTION', 'Choose one of the poll options.');
    return success({ poll: await actions.pollVote(ctx, userId, postIdOf(i), i.option_index) });
  });

  app.post('/award', { schema: { ...inputs, response: schemas.awardReply } }, async (request) => {
    const userId = await member(request);
    const i = input(request);
    return success(await actions.sendAward(ctx, userId, postIdOf(i), i.type ?? ''));
  });
  app.get('/award-balance', { schema: { ...getInputs, response: schemas.awardBalanceReply } }, async (request) => success(await actions.awardBalance(ctx, await member(request))));
  app.get('/user-sent-awards', { schema: { ...getInputs, response: schemas.sentAwardsReply } }, async (request) => success(await actions.sentAwards(ctx, await member(request))));
};
