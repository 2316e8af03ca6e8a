import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import { testConfig, trustProxyOption, type Config } from '../../config.js';
import type { Database } from '../../db/index.js';
import { openMediaStore } from '../../lib/media/open-store.js';
import { LocalBus } from '../../lib/pubsub.js';
import { sessionIdOf, sessionTag } from '../../lib/session.js';
import { createSession } from '../accounts/sessions.js';
import { usedProofsStore } from '../accounts/used-proofs-repo.js';
import { rateLimitPlugin } from '../../lib/rate-limit.js';
import { createTestDatabase, type DatabaseKind } from '../../../test/harness.js';
import { createMainCommentService } from '../../comment-hooks.js';
import { threadsRoutes } from '../threads/routes.js';
import { commentsRoutes, type CommentsRoutesOptions, type RateLimits } from './routes.js';
import type { CommentHooks } from './service/hooks.js';
import { signAuthToken } from './auth.js';
import { addModerator, insertApp } from './repo/index.js';
import { MAIN_APP_ID } from '../../main-app.js';

/** Helpers shared by the comment service's tests: apps, main-site users, tokens and form calls. */

export type CommentsTestApp = { app: FastifyInstance; db: Database; config: Config; rateLimits: RateLimits; close(): Promise<void> };

/**
 * The comment service and the thread-follow routes as app.ts mounts them (same Ajv options, same prefixes), without
 * the other modules, so these tests exercise exactly this module.
 */
/** `hooks` take the place of app.ts's (comment-hooks.ts commentHooks) when given. */
export type CommentsTestOptions = Omit<CommentsRoutesOptions, 'service'> & { hooks?: CommentHooks };

export async function createCommentsTestApp(kind: DatabaseKind, options: CommentsTestOptions = {}, overrides: Partial<Config> = {}): Promise<CommentsTestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'guffaw-comments-test-'));
  const testDb = await createTestDatabase(kind);
  const config = testConfig({ dataDir, ...overrides });
  const app = Fastify({ logger: false, trustProxy: trustProxyOption(config.trustProxy), bodyLimit: 1024 * 1024, ajv: { customOptions: { coerceTypes: 'array', removeAdditional: true, allErrors: false } } });
  app.decorate('config', config);
  app.decorate('db', testDb.db);
  const bus = new LocalBus();
  app.decorate('bus', bus);
  // Uploaded media: the configured store (DATA_DIR/media here), as app.ts opens it.
  const media = await openMediaStore(config);
  app.decorate('media', media);
  app.addHook('onClose', () => media.close());
  await app.register(rateLimitPlugin, { log: { info: () => undefined, warn: () => undefined } });
  app.decorate('usedProofs', usedProofsStore(testDb.db));
  await app.register(cookie, { secret: config.sessionSecret });
  await app.register(formbody);
  await app.register(threadsRoutes);
  // Tests share a few users across many calls: limits are raised unless a test lowers them.
  const rateLimits: RateLimits = { comment: 10_000, upload: 10_000, action: 10_000 };
  const { hooks, ...routeOptions } = options;
  const service = createMainCommentService(testDb.db, config, bus, hooks);
  service.start();
  app.addHook('onClose', () => service.close());
  await app.register(commentsRoutes, { prefix: '/comments', rateLimits, service, ...routeOptions });
  await app.ready();
  return {
    app,
    db: testDb.db,
    config,
    rateLimits,
    async close() {
      await app.close();
      await testDb.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The database of each main-site app a test made, by its secret: tokenFor ties its members' tokens to a session. */
const mainAppDatabases = new Map<string, Database>();

export async function createApp(db: Database, id: string, opts: { origins?: string[]; quotaPerHour?: number; maxMessageLength?: number } = {}) {
  const secret = randomBytes(24).toString('base64url');
  if (id === MAIN_APP_ID) mainAppDatabases.set(secret, db);
  await insertApp(db, { id, name: `App ${id}`, secret, allowedOrigins: opts.origins ?? [] });
  const set: Record<string, unknown> = { anonymousAvatarUrl: 'https://cdn.example/anon.png' };
  if (opts.quotaPerHour !== undefined) set.quotaPerHour = opts.quotaPerHour;
  if (opts.maxMessageLength !== undefined) set.maxMessageLength = opts.maxMessageLength;
  await db.updateTable('commentApps').set(set).where('id', '=', id).execute();
  return { id, secret };
}

export async function createMainUser(db: Database, username: string): Promise<{ id: number; userId: string }> {
  const userId = `u${randomBytes(6).toString('hex')}`;
  const row = await db
    .insertInto('users')
    .values({ userId, hashId: randomBytes(8).toString('hex'), username, fullName: username })
    .returning(['id', 'userId'])
    .executeTakeFirstOrThrow();
  return row;
}

export async function createPost(db: Database, creatorId: number | null): Promise<string> {
  const id = `p${randomBytes(4).toString('hex')}`;
  await db.insertInto('posts').values({ id, title: 'A post', type: 'Photo', creatorId }).execute();
  return id;
}

/**
 * A token as a host signs it. For a main-site member (`sub` is a users.user_id) of the main app, it carries the `sid`
 * of a fresh session of theirs, as the site's commentAuth does (a main-site member's token without one is refused).
 */
export async function tokenFor(app: { id: string; secret: string }, sub: string, name = sub, extra: { avatar?: string; profileUrl?: string } = {}) {
  const db = app.id === MAIN_APP_ID ? mainAppDatabases.get(app.secret) : undefined;
  const member = db ? await db.selectFrom('users').select('id').where('userId', '=', sub).executeTakeFirst() : undefined;
  if (!db || !member) return signAuthToken(app.secret, app.id, { sub, name, ...extra });
  const sessionId = sessionIdOf(await createSession(db, member.id)) ?? '';
  return signAuthToken(app.secret, app.id, { sub, name, ...extra, sid: sessionTag(sessionId) });
}

export const makeModerator = (db: Database, appId: string, externalId: string) => addModerator(db, appId, externalId);

export type Call = { status: number; body: { status: string; code?: string; error?: string; payload: Record<string, unknown> }; headers: Record<string, unknown> };

/** The calls that need a proof of work (MODERATION.md "Spam defences"). */
export const PROOF_CALLS = new Set(['add-comment.json', 'like.json', 'report.json', 'link-attachment.json', 'media.json']);

/** Solves an ALTCHA challenge as the widget does (SHA-256 of salt + number): the x-wp value. */
export function solveChallenge(wp: { algorithm: string; challenge: string; salt: string; signature: string; maxnumber?: number }): string {
  const max = wp.maxnumber ?? 1_000_000;
  for (let n = 0; n <= max; n++) {
    if (createHash('sha256').update(wp.salt + n).digest('hex') === wp.challenge) {
      return Buffer.from(JSON.stringify({ algorithm: wp.algorithm, challenge: wp.challenge, number: n, salt: wp.salt, signature: wp.signature })).toString('base64');
    }
  }
  throw new Error('the challenge has no solution');
}

/** A solved proof for the next write of `auth` in `appId` (wp.json, then solved here); none for a token wp.json refuses. */
export async function proofFor(app: FastifyInstance, appId: string, auth: string): Promise<string | null> {
  const res = await post(app, 'wp.json', { appId, auth });
  const wp = res.body.payload?.wp as Parameters<typeof solveChallenge>[0] | null | undefined;
  return res.status === 200 && wp ? solveChallenge(wp) : null;
}

/**
 * POSTs a form to /comments/v2/{path}. A write of PROOF_CALLS with an `auth`, on a server that requires proofs and
 * without an x-wp of the test's own, carries a freshly solved proof, as the widget's would.
 */
export async function post(app: FastifyInstance, path: string, fields: Record<string, string | number | boolean | undefined>, headers: Record<string, string> = {}): Promise<Call> {
  if (PROOF_CALLS.has(path) && app.config.commentSpam.proofRequired && !('x-wp' in headers) && typeof fields.auth === 'string' && typeof fields.appId === 'string') {
    const proof = await proofFor(app, fields.appId, fields.auth);
    if (proof) headers = { ...headers, 'x-wp': proof };
  }
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.set(k, String(v));
  const res = await app.inject({
    method: 'POST',
    url: `/comments/v2/${path}`,
    payload: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });
  return { status: res.statusCode, body: res.body ? res.json() : { status: '', payload: {} }, headers: res.headers };
}

export async function get(app: FastifyInstance, path: string, query: Record<string, string | number | undefined>, headers: Record<string, string> = {}): Promise<Call> {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) q.set(k, String(v));
  const res = await app.inject({ method: 'GET', url: `/comments/v2/${path}?${q.toString()}`, headers });
  return { status: res.statusCode, body: res.body ? res.json() : { status: '', payload: {} }, headers: res.headers };
}
