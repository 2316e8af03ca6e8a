import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/harness.js';
import { hashPassword } from '../../lib/password.js';
import { SESSION_COOKIE } from '../../lib/session.js';
import { createSession } from './sessions.js';
import { makeUser, type TestUser } from '../posts/test-fixtures.js';
import { emailHash } from './email-rules.js';
import { cookiesOf, lastMailTo, nextIp } from './test-helpers.js';

/** issue #21 point 5: a session's end also ends the comment tokens issued in it and its open push streams. */

const SECRET = 'guffaw-app-secret-for-session-tests-0123';

/** The part of a `ws` client socket the tests use. */
type TestSocket = {
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'close', listener: (code: number) => void): void;
  terminate(): void;
};

async function until<T>(read: () => T | undefined | Promise<T | undefined>, what: string, ms = 3000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describeEachDatabase('sessions end everywhere', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.db.insertInto('commentApps').values({ id: 'guffaw', name: 'Guffaw', secret: SECRET }).execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  const url = () => `${t.config.publicUrl}/gag/sessions-end`;
  const commentAuth = async (cookie: string): Promise<string> => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/user-info', headers: { cookie } });
    const token = res.json().data.user?.commentAuth as string | undefined;
    if (!token) throw new Error(`no commentAuth: ${res.body}`);
    return token;
  };
  const addComment = (auth: string, text: string) =>
    t.app.inject({
      method: 'POST',
      url: '/comments/v2/add-comment.json',
      remoteAddress: nextIp(),
      payload: new URLSearchParams({ appId: 'guffaw', auth, url: url(), text }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  const logout = (cookie: string) => t.app.inject({ method: 'POST', url: '/logout', headers: { cookie, accept: 'application/json' } });

  async function openStream(user: Pick<TestUser, 'cookie'>) {
    let closedWith: number | null = null;
    const messages: string[] = [];
    const socket = (await t.app.injectWS('/v1/push', { headers: { cookie: user.cookie } }, {
      onInit: (ws) => {
        const s = ws as unknown as TestSocket;
        s.on('message', (data) => messages.push(data.toString()));
        s.on('close', (code) => {
          closedWith = code;
        });
      },
    })) as unknown as TestSocket;
    await until(() => (messages.some((m) => m.includes('"ready"')) ? true : undefined), 'the ready event');
    return { socket, closed: () => closedWith };
  }

  it('a comment token posts while its session lives and is refused once the member logs out', async () => {
    const user = await makeUser(t.db, 'sessionender');
    const auth = await commentAuth(user.cookie);
    expect((await addComment(auth, 'before logout')).statusCode).toBe(200);
    expect((await logout(user.cookie)).statusCode).toBe(200);
    const after = await addComment(auth, 'after logout');
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ status: 'ERROR', code: 'AUTH_EXPIRED' });
  });

  it('a token of another session of the same member keeps working after one session logs out', async () => {
    const user = await makeUser(t.db, 'twosessions');
    const other = `${SESSION_COOKIE}=${await createSession(t.db, user.id)}`;
    const [first, second] = [await commentAuth(user.cookie), await commentAuth(other)];
    expect((await addComment(first, 'warm the cache')).statusCode).toBe(200);
    await logout(user.cookie);
    expect((await addComment(first, 'first session ended')).statusCode).toBe(401);
    expect((await addComment(second, 'second session lives')).statusCode).toBe(200);
  });

  it('a password reset ends the tokens and streams of every session of the account', async () => {
    const user = await makeUser(t.db, 'resetter');
    const email = 'resetter@example.com';
    await t.db.updateTable('users').set({ email, emailHash: emailHash(email), emailVerified: true }).where('id', '=', user.id).execute();
    const auth = await commentAuth(user.cookie);
    expect((await addComment(auth, 'before reset')).statusCode).toBe(200);
    const stream = await openStream(user);

    const asked = await t.app.inject({ method: 'POST', url: '/v1/user-forgot-password', remoteAddress: nextIp(), payload: { email } });
    expect(asked.statusCode).toBe(200);
    const mail = await until(() => lastMailTo(t, email), 'the reset mail');
    const token = new URL(mail.links[0]!).searchParams.get('token')!;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/member/reset-password',
      remoteAddress: nextIp(),
      headers: { accept: 'application/json' },
      payload: { token, password: 'a brand new password' },
    });
    expect(reset.statusCode).toBe(200);
    expect(cookiesOf(reset)[SESSION_COOKIE]).toBeTruthy();

    expect((await addComment(auth, 'after reset')).statusCode).toBe(401);
    expect(await until(() => stream.closed() ?? undefined, 'the stream to close')).toBe(1008);
  });

  it('an open push stream closes when its session logs out, and only that one', async () => {
    const user = await makeUser(t.db, 'streamer');
    const otherCookie = `${SESSION_COOKIE}=${await createSession(t.db, user.id)}`;
    const mine = await openStream(user);
    const other = await openStream({ cookie: otherCookie });
    const started = Date.now();
    await logout(user.cookie);
    expect(await until(() => mine.closed() ?? undefined, 'the logged-out stream to close', 1000)).toBe(1008);
    expect(Date.now() - started).toBeLessThan(1000);
    await new Promise((r) => setTimeout(r, 100));
    expect(other.closed()).toBeNull();
    other.socket.terminate();
  });

  it('deleting the account closes the streams of its other sessions at once', async () => {
    const user = await makeUser(t.db, 'deleter');
    const hash = await hashPassword('delete me please');
    await t.db.updateTable('users').set({ passwordHash: hash }).where('id', '=', user.id).execute();
    const otherCookie = `${SESSION_COOKIE}=${await createSession(t.db, user.id)}`;
    const other = await openStream({ cookie: otherCookie });
    const auth = await commentAuth(otherCookie);
    expect((await addComment(auth, 'before deletion')).statusCode).toBe(200);
    const deleted = await t.app.inject({ method: 'POST', url: '/v1/settings', headers: { cookie: user.cookie }, payload: { deleteAccount: '1', password: 'delete me please' } });
    expect(deleted.json().data).toMatchObject({ deleted: true });
    expect(await until(() => other.closed() ?? undefined, 'the other session’s stream to close', 1000)).toBe(1008);
    expect((await addComment(auth, 'after deletion')).statusCode).toBe(401);
  });

  it('a main-site member’s token without a session is refused', async () => {
    const user = await makeUser(t.db, 'nosid');
    const { signAuthToken } = await import('../comments/auth.js');
    const bare = await signAuthToken(SECRET, 'guffaw', { sub: user.userId, name: user.username });
    expect((await addComment(bare, 'no session')).statusCode).toBe(401);
  });
});
