import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { setupServer } from 'msw/node';
import { createCommentServiceHandlers, makeUserInfo } from '@guffaw/test-utils/comments';
import { databaseKinds, startCommentService } from '@guffaw/test-utils/server';
import type { AppSettings, CommentUserInfo } from '../src/index.js';

/**
 * What the contract test files run their cases against, each case twice: the real service (built in-process on a
 * fresh database, listening on loopback) and the MSW fake of @guffaw/test-utils that the widget's tests and stories
 * use. The wire contract cannot drift on either side, and the fake cannot drift from the service.
 */

export const APP_ID = 'contract';
const SECRET = randomBytes(24).toString('base64url');
export const HOST_ORIGIN = 'https://host.example';
export const MODERATOR = 'mod-1';

/** A token of the app for `sub`, signed as the app's host signs one. */
export const sign = (claims: Record<string, unknown>, sub: string) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(sub)
    .setAudience(APP_ID)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + 3600)
    .sign(new TextEncoder().encode(SECRET));

/** A comment service the cases run against: where it answers, and how a host signs its user in. */
export type Service = { host: string; signIn(sub: string, name: string, profileUrl?: string): Promise<string>; close(): Promise<void> };
/** `settings`: the app's moderation settings (MODERATION.md), defaults for those not given. */
export type Subject = { name: string; start(settings?: Partial<AppSettings>): Promise<Service> };

const realService = (kind: (typeof databaseKinds)[number]): Subject => ({
  name: `real service [${kind}]`,
  async start(settings = {}) {
    const running = await startCommentService(kind, { appId: APP_ID, secret: SECRET, allowedOrigins: [HOST_ORIGIN], moderators: [MODERATOR], settings });
    return { ...running, signIn: (sub, name, profileUrl) => sign(profileUrl ? { name, profileUrl } : { name }, sub) };
  },
});

/** The fake takes no signed token apart: each sign-in gives it the user its token stands for. */
const fakeService: Subject = {
  name: 'MSW fake',
  async start(settings = {}) {
    const users: Record<string, CommentUserInfo> = {};
    const host = 'https://comments.test';
    const fake = createCommentServiceHandlers({ host, app: { appId: APP_ID }, users, settings });
    const server = setupServer(...fake.handlers);
    server.listen({ onUnhandledRequest: 'error' });
    return {
      host,
      async signIn(sub, name, profileUrl) {
        const token = await sign(profileUrl ? { name, profileUrl } : { name }, sub);
        users[token] = makeUserInfo({ userId: sub, accountId: sub, displayName: name, moderate: sub === MODERATOR, ...(profileUrl ? { profileUrl } : {}) });
        return token;
      },
      close: async () => server.close(),
    };
  },
};

export const subjects: Subject[] = [...databaseKinds.map(realService), fakeService];
