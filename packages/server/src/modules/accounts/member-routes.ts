import { Readable } from 'node:stream';
import { AuthProvidersReply, envelope, FollowedPagesReply, FollowUpdateReply, UserInfo } from '@guffaw/api';
import type { FastifyInstance } from 'fastify';
import { HttpError, success } from '../../lib/envelope.js';
import { SESSION_COOKIE, requestSessionId } from '../../lib/session.js';
import { BLOCK_PAGE_SIZE, addToList, blockedUsers, removeFromList, setBlock } from './blocks.js';
import { mainUser, userInfo } from './current-user.js';
import { EXPORTS_PER_HOUR, accountExport, exportFileName } from './export.js';
import { followedPages, setFollowing } from './follows.js';
import * as repo from './repository.js';
import type { Provider } from './repository.js';
import { minutesOf, type AccountsRouteKit, type Body } from './route-kit.js';
import * as s from './schemas.js';
import { issueWp } from './service.js';
import { endSession } from './sessions.js';
import { unlinkProvider, updateSettings, type SettingsInput } from './settings.js';

/**
 * What a member does with their own account: user info, the proof of work, sign-in providers, settings, the data
 * export, unlinking a provider, blocks, mutes, blocked tags and followed tags and interests.
 */
export function memberRoutes(app: FastifyInstance, { ctx, social, limit, currentUser, requireUser }: AccountsRouteKit): void {
  const { db, config } = ctx;

  // --- user info, proof of work, providers --------------------------------------------------------------------

  /** Guests get a Success with user null and empty collections (the site's startup call must not fail). */
  app.post('/v1/user-info', { schema: { response: { 200: envelope(UserInfo) } } }, async (request) => {
    const user = await currentUser(request);
    if (!user) {
      return success({ user: null, votes: {}, saves: [], uploads: [], reports: [], blockPosts: {}, muteList: [], blockTags: [], blocklistIds: [] });
    }
    await repo.touchUser(db, user.id);
    return success(await userInfo(ctx, user, requestSessionId(request) ?? ''));
  });

  /**
   * shell §7: the proof as four items [markup, encoded challenge, timestamp, expiry]; `challenge` is the same ALTCHA
   * challenge as an object. Solve: find n <= maxnumber with sha256(salt + n) = challenge; send
   * base64(JSON {algorithm, challenge, number, salt, signature}) as x-wp (or as the signup form's captcha field).
   */
  app.post('/v1/wp', { schema: { response: { 200: s.envelope() } }, config: limit(600, 1) }, async () => {
    const challenge = await issueWp(config.sessionSecret);
    return success(challenge);
  });

  app.get('/v1/auth-providers', { schema: { response: { 200: envelope(AuthProvidersReply) } } }, async () => success({ providers: social.configured() }));

  // --- settings -----------------------------------------------------------------------------------------------

  app.post<Body<SettingsInput>>('/v1/settings', { schema: { body: s.settingsBody, response: s.settingsReply }, config: limit(60, 1) }, async (request, reply) => {
    const user = await requireUser(request);
    const outcome = await updateSettings(ctx, user, request.body ?? {}, request.cookies[SESSION_COOKIE]);
    if (outcome === 'deleted') {
      await endSession(request, reply);
      return success({ user: null, deleted: true });
    }
    return success({ user: await mainUser(ctx, (await repo.findUserById(db, user.id))!, requestSessionId(request) ?? '') });
  });

  /**
   * The member's own data as a JSON download (export.ts), written as it is read. Errors before the first byte use the
   * envelope: 401 for a visitor, 429 after EXPORTS_PER_HOUR exports of the account within an hour.
   */
  app.get('/v1/account-export', { schema: { querystring: s.exportQuery } }, async (request, reply) => {
    const user = await requireUser(request);
    const hit = await app.limits.hit(`guffaw-export-${user.id}`, 3600_000);
    if (hit.count > EXPORTS_PER_HOUR) {
      reply.header('retry-after', Math.ceil(hit.ttlMs / 1000));
      throw new HttpError(429, 'RATE_LIMITED', `You can download your data ${EXPORTS_PER_HOUR} times an hour. Please wait ${minutesOf(hit.ttlMs)} minute(s) and try again.`);
    }
    const body = Readable.from(accountExport(db, config, user));
    body.on('error', (error) => request.log.error({ err: error }, 'account export failed'));
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${exportFileName(user)}"`)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .send(body);
  });

  app.post<Body<{ platform: Provider }>>('/connect/unlink', { schema: { body: s.unlinkBody, response: s.emptyReply } }, async (request) => {
    const user = await requireUser(request);
    await unlinkProvider(db, user, request.body.platform);
    return success({});
  });

  // --- blocks, mutes, blocked tags ----------------------------------------------------------------------------

  app.post<Body<{ fromIndex: number; itemCount: number }>>(
    '/v1/user-block-list',
    { schema: { body: s.blockListBody, response: s.blockListReply } },
    async (request) => {
      const user = await requireUser(request);
      const { fromIndex, itemCount } = request.body ?? { fromIndex: 0, itemCount: BLOCK_PAGE_SIZE };
      return success(await blockedUsers(db, user, fromIndex, itemCount));
    },
  );

  app.post<Body<{ accountId: string; _method: string }>>('/v1/user-block', { schema: { body: s.blockBody, response: s.emptyReply } }, async (request) => {
    const user = await requireUser(request);
    await setBlock(db, user, request.body.accountId, request.body._method.toLowerCase() !== 'delete');
    return success({});
  });

  for (const [path, table] of [
    ['/v1/user-mute-list', 'muteWords'],
    ['/v1/block-tag', 'blockedTags'],
  ] as const) {
    app.post<Body<{ value: string }>>(path, { schema: { body: s.wordsBody, response: s.listReply } }, async (request) => {
      const user = await requireUser(request);
      return success({ list: await addToList(db, user, table, request.body.value) });
    });
    app.delete<Body<{ value: string }>>(path, { schema: { body: s.wordsBody, response: s.listReply } }, async (request) => {
      const user = await requireUser(request);
      return success({ list: await removeFromList(db, user, table, request.body.value) });
    });
  }

  // --- followed tags and interests ---------------------------------------------------------------------------

  // shell §7 "GET /user-followed-pages returns data": a guest follows nothing, so gets the same shape, empty.
  app.get('/user-followed-pages', { schema: { response: { 200: envelope(FollowedPagesReply) } } }, async (request) => {
    const user = await currentUser(request);
    return success(user ? await followedPages(db, user) : { tags: [], interests: [] });
  });

  app.post<{ Params: { kind: 'tag' | 'interest'; key: string }; Body: { isFollowing: string } }>(
    '/user-followed-pages/:kind/:key',
    { schema: { params: s.followParams, body: s.followBody, response: { 200: envelope(FollowUpdateReply) } } },
    async (request) => {
      const user = await requireUser(request);
      return success(await setFollowing(db, user, request.params.kind, request.params.key, request.body.isFollowing === '1'));
    },
  );

}
