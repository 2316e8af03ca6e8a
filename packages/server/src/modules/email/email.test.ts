import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/harness.js';
import { SignJWT } from 'jose';
import { SESSION_COOKIE } from '../../lib/session.js';
import { createSession } from '../accounts/sessions.js';
import { createApp, post } from '../comments/test-kit.js';
import { groupKeys } from '../notifications/producers.js';
import { notify } from '../notifications/service.js';
import { renderMail } from './render.js';
import { lastDigestSlot, memberRecipient, queueAppUserItem, setMode } from './service.js';
import { recipientOfToken, unsubscribeToken } from './token.js';

type Member = { id: number; username: string; email: string; cookie: string };
type Sent = { to: string; subject: string; links: string[]; text: string; eml: string };

describeEachDatabase('email notifications', (kind) => {
  let t: TestApp;
  let counter = 0;
  const outbox = () => join(t.config.dataDir, 'outbox');

  beforeAll(async () => {
    t = await createTestApp(kind, { mailBatchMs: 60_000, mailDigestHour: 8 });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    rmSync(outbox(), { recursive: true, force: true });
  });

  function mails(): Sent[] {
    if (!existsSync(outbox())) return [];
    return readdirSync(outbox())
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => {
        const summary = JSON.parse(readFileSync(join(outbox(), f), 'utf8')) as Omit<Sent, 'eml'>;
        return { ...summary, eml: readFileSync(join(outbox(), f.replace(/\.json$/, '.eml')), 'utf8') };
      });
  }

  async function member(opts: { verified?: boolean; name?: string } = {}): Promise<Member> {
    const username = opts.name ?? `m${++counter}${randomBytes(2).toString('hex')}`;
    const email = `${username.replace(/[^a-z0-9]/gi, '') || 'x'}${counter}@mail.test`;
    const row = await t.db
      .insertInto('users')
      .values({ userId: randomBytes(6).toString('hex'), hashId: randomBytes(8).toString('hex'), username, email, emailVerified: opts.verified ?? true })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = await createSession(t.db, row.id);
    return { id: row.id, username, email, cookie: `${SESSION_COOKIE}=${token}` };
  }

  let commentSeq = 0;
  async function reply(to: Member, from: Member, text = 'a reply') {
    const commentId = `c${++commentSeq}`;
    await notify(t.db, t.app.bus, {
      userId: to.id,
      type: 'COMMENT_REPLY',
      groupKey: groupKeys.commentReply(`parent-of-${to.id}`),
      actorUserId: from.id,
      url: `/gag/p1#cs_comment_id=${commentId}`,
      title: text,
    });
  }

  const later = (ms: number) => new Date(Date.now() + ms);

  /** Tokens a host app signs for its users: subject, display name, and an email claim when given. */
  const signerOf = (host: { id: string; secret: string }) => (sub: string, name: string, email?: string) =>
    new SignJWT({ name, ...(email ? { email } : {}) })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sub)
      .setAudience(host.id)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(host.secret));

  it('fifty replies to one member in a busy minute make one mail, after the batch window', async () => {
    const a = await member();
    const others = await Promise.all(Array.from({ length: 5 }, () => member()));
    for (let i = 0; i < 50; i++) await reply(a, others[i % 5] as Member, `reply number ${i}`);
    await t.app.emailWorker.tick(new Date());
    expect(mails()).toHaveLength(0); // the window is still open
    await t.app.emailWorker.tick(later(61_000));
    const sent = mails().filter((m) => m.to === a.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toMatch(/replied to your comment/);
    await t.app.emailWorker.tick(later(200_000));
    expect(mails().filter((m) => m.to === a.email)).toHaveLength(1); // nothing sent twice
  });

  it('every mail has text and HTML, List-Unsubscribe with One-Click, and the footer link in both', async () => {
    const a = await member();
    const b = await member();
    await reply(a, b, 'hello there');
    await t.app.emailWorker.tick(later(61_000));
    const [mail] = mails().filter((m) => m.to === a.email);
    expect(mail).toBeDefined();
    // Header lines may be folded (RFC 5322): unfolded before reading.
    const eml = (mail as Sent).eml.replace(/\n[ \t]+/g, ' ');
    expect(eml).toMatch(/^List-Unsubscribe: <http:\/\/localhost:3000\/email\/unsubscribe\?t=[^>]+>$/m);
    expect(eml).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(eml).toMatch(/Content-Type: multipart\/alternative/);
    expect(eml).toMatch(/Content-Type: text\/plain/);
    expect(eml).toMatch(/Content-Type: text\/html/);
    const unsubscribe = (mail as Sent).links.at(-1) as string;
    expect((mail as Sent).text).toContain(`Unsubscribe: ${unsubscribe}`);
    expect((mail as Sent).text).toContain('http://localhost:3000/settings/email');
    expect((mail as Sent).text).toContain('"hello there"');
    expect(recipientOfToken(t.config.sessionSecret, new URL(unsubscribe).searchParams.get('t'))).toBe(memberRecipient(a.id));
  });

  it('comment text and names are escaped in the HTML part', () => {
    const mail = renderMail(
      [{ kind: 'COMMENT_REPLY', message: '<b>evil</b> replied to your comment.', excerpt: '"><script>alert(1)</script>', url: 'javascript:alert(1)' }],
      { to: 'a@b.test', siteName: 'Site & <Co>', mode: 'immediately', unsubscribeUrl: 'http://x.test/email/unsubscribe?t=a&b', settingsUrl: null },
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>evil');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).toContain('Site &amp; &lt;Co&gt;');
    expect(mail.html).not.toContain('javascript:');
    expect(mail.html).toContain('href="http://x.test/email/unsubscribe?t=a&amp;b"');
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });

  it('nothing is mailed to an unverified address', async () => {
    const a = await member({ verified: false });
    const b = await member();
    await reply(a, b);
    await t.app.emailWorker.tick(later(61_000));
    expect(mails().filter((m) => m.to === a.email)).toHaveLength(0);
    expect(await t.db.selectFrom('emailItems').select('id').where('recipient', '=', memberRecipient(a.id)).execute()).toHaveLength(0);
  });

  it('never sends nothing; the setting is read and saved through /v1/email-notifications', async () => {
    const a = await member();
    const b = await member();
    const get = await t.app.inject({ method: 'GET', url: '/v1/email-notifications', headers: { cookie: a.cookie } });
    expect(get.json()).toMatchObject({ meta: { status: 'Success' }, data: { mode: 'immediately', email: a.email, emailVerified: true } });
    const save = await t.app.inject({ method: 'POST', url: '/v1/email-notifications', headers: { cookie: a.cookie }, payload: { mode: 'never' } });
    expect(save.json()).toMatchObject({ data: { mode: 'never' } });
    await reply(a, b);
    await t.app.emailWorker.tick(later(61_000));
    expect(mails().filter((m) => m.to === a.email)).toHaveLength(0);
    const bad = await t.app.inject({ method: 'POST', url: '/v1/email-notifications', headers: { cookie: a.cookie }, payload: { mode: 'hourly' } });
    expect(bad.statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'GET', url: '/v1/email-notifications' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('daily digest: one mail at the digest hour for the day before, none in between', async () => {
    const a = await member();
    const b = await member();
    await setMode(t.db, memberRecipient(a.id), 'digest');
    await reply(a, b, 'first');
    await t.app.emailWorker.tick(new Date());
    const c = await member();
    await t.db
      .insertInto('notifications')
      .values({ userId: a.id, type: 'COMMENT_MENTION', groupKey: `mention:${c.id}`, url: '/gag/p2', message: `${c.username} mentioned you in a comment.`, title: 'hey' })
      .execute();
    await t.app.emailWorker.tick(new Date());
    const slot = lastDigestSlot(new Date(), 8);
    const nextSlot = new Date(slot.getTime() + 24 * 3600_000);
    await t.app.emailWorker.tick(new Date(nextSlot.getTime() - 1000));
    expect(mails().filter((m) => m.to === a.email)).toHaveLength(0);
    await t.app.emailWorker.tick(new Date(nextSlot.getTime() + 1000));
    const sent = mails().filter((m) => m.to === a.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toMatch(/^Your daily Guffaw digest: 2 replies and mentions$/);
    await t.app.emailWorker.tick(new Date(nextSlot.getTime() + 3600_000));
    expect(mails().filter((m) => m.to === a.email)).toHaveLength(1);
  });

  it('unsubscribe: GET shows a button and changes nothing; POST without cookies unsubscribes, twice is fine; no more mail', async () => {
    const a = await member();
    const b = await member();
    const token = unsubscribeToken(t.config.sessionSecret, memberRecipient(a.id));
    const page = await t.app.inject({ method: 'GET', url: `/email/unsubscribe?t=${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<button type="submit">Unsubscribe</button>');
    expect(page.body).toContain(`action="/email/unsubscribe?t=${token}"`);
    expect((await t.db.selectFrom('emailSettings').select('mode').where('recipient', '=', memberRecipient(a.id)).executeTakeFirst())?.mode).toBeUndefined();

    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/email/unsubscribe?t=${token}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('You are unsubscribed');
    }
    const multipart = await t.app.inject({
      method: 'POST',
      url: `/email/unsubscribe?t=${token}`,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(multipart.statusCode).toBe(200);
    await reply(a, b);
    await t.app.emailWorker.tick(later(61_000));
    expect(mails().filter((m) => m.to === a.email)).toHaveLength(0);
    const settings = await t.app.inject({ method: 'GET', url: '/v1/email-notifications', headers: { cookie: a.cookie } });
    expect(settings.json()).toMatchObject({ data: { mode: 'never' } });
  });

  it('a forged or cut unsubscribe token is refused with 400 and changes nothing', async () => {
    const a = await member();
    const forged = unsubscribeToken('another-secret', memberRecipient(a.id));
    const cut = unsubscribeToken(t.config.sessionSecret, memberRecipient(a.id)).slice(0, -2);
    const other = unsubscribeToken(t.config.sessionSecret, memberRecipient(a.id)).replace(/^[^.]+/, Buffer.from(`u:${a.id + 1}`).toString('base64url'));
    for (const token of [forged, cut, other, '', 'x'.repeat(300)]) {
      const post = await t.app.inject({ method: 'POST', url: `/email/unsubscribe?t=${encodeURIComponent(token)}`, payload: {} });
      expect(post.statusCode).toBe(400);
      expect(post.json()).toMatchObject({ meta: { errorCode: 'UNSUBSCRIBE_TOKEN_INVALID' } });
      const get = await t.app.inject({ method: 'GET', url: `/email/unsubscribe?t=${encodeURIComponent(token)}` });
      expect(get.statusCode).toBe(400);
    }
    expect(await t.db.selectFrom('emailSettings').select('mode').where('recipient', 'in', [memberRecipient(a.id), memberRecipient(a.id + 1)]).execute()).toHaveLength(0);
  });

  it('a restart keeps what waits: a new worker sends it once', async () => {
    const a = await member();
    const b = await member();
    await reply(a, b);
    await t.app.emailWorker.tick(new Date());
    const { startEmailWorker } = await import('./worker.js');
    const second = startEmailWorker({ db: t.db, config: t.config, log: t.app.log, autoStart: false });
    await second.tick(later(61_000));
    await t.app.emailWorker.tick(later(62_000));
    await second.stop();
    expect(mails().filter((m) => m.to === a.email)).toHaveLength(1);
  });

  it('app users get mail only with an email claim', async () => {
    const app = await t.db.insertInto('commentApps').values({ id: `app${randomBytes(3).toString('hex')}`, name: 'Host <Blog>', secret: 's' }).returning('id').executeTakeFirstOrThrow();
    const withEmail = await t.db
      .insertInto('commentUsers')
      .values({ appId: app.id, externalId: 'x1', userId: randomBytes(6).toString('hex'), email: 'reader@host.test' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const without = await t.db.insertInto('commentUsers').values({ appId: app.id, externalId: 'x2', userId: randomBytes(6).toString('hex') }).returning('id').executeTakeFirstOrThrow();
    const item = { commentId: 'k1', kind: 'COMMENT_REPLY' as const, message: 'bob replied to your comment.', excerpt: 'hi', url: 'https://host.test/post#c' };
    expect(await queueAppUserItem(t.db, { ...item, commentUserId: withEmail.id })).toBe(true);
    expect(await queueAppUserItem(t.db, { ...item, commentUserId: without.id })).toBe(false);
    await t.app.emailWorker.tick(later(61_000));
    const sent = mails().filter((m) => m.to === 'reader@host.test');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.eml).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  });

  it('a reply in another app mails its parent’s author when their host signs an email claim, and only then', async () => {
    const host = await createApp(t.db, `blog${randomBytes(3).toString('hex')}`);
    const sign = signerOf(host);
    const url = 'https://blog.example/post/1';
    const alice = await sign('alice', 'Alice', 'Alice@Blog.Example');
    const bob = await sign('bob', 'Bob <script>');
    const top = await post(t.app, 'add-comment.json', { appId: host.id, auth: alice, url, text: 'Alice writes' });
    expect(top.body.status).toBe('OK');
    const parent = (top.body.payload.comment as { commentId: string }).commentId;
    const replied = await post(t.app, 'add-comment.json', { appId: host.id, auth: bob, url, parent, text: 'Bob answers' });
    expect(replied.body.status).toBe('OK');
    const bobsReply = (replied.body.payload.comment as { commentId: string }).commentId;
    // Alice answers Bob, whose host sent no email: nothing for him.
    expect((await post(t.app, 'add-comment.json', { appId: host.id, auth: alice, url, parent: bobsReply, text: 'Thanks Bob' })).body.status).toBe('OK');
    await t.app.emailWorker.tick(later(61_000));
    const sent = mails().filter((m) => m.to === 'alice@blog.example');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toBe('Bob <script> replied to your comment');
    expect(sent[0]?.eml).toContain('Bob &lt;script&gt; replied to your comment.');
    expect(sent[0]?.text).toContain(`${url}#cs_comment_id=`);
    expect(sent[0]?.eml.replace(/\n[ \t]+/g, ' ')).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(mails().filter((m) => m.to !== 'alice@blog.example' && m.subject.includes('Alice'))).toHaveLength(0);
  });

  it('a banned app user gets no reply mail while the ban lasts, and gets it again once the ban has ended', async () => {
    const host = await createApp(t.db, `ban${randomBytes(3).toString('hex')}`);
    const sign = signerOf(host);
    const url = 'https://ban.example/post/1';
    const carol = await sign('carol', 'Carol', `carol@${host.id}.example`);
    const dan = await sign('dan', 'Dan');
    const top = await post(t.app, 'add-comment.json', { appId: host.id, auth: carol, url, text: 'Carol writes' });
    const parent = (top.body.payload.comment as { commentId: string }).commentId;
    const ban = (until: Date | null) =>
      t.db.updateTable('commentUsers').set({ bannedAt: new Date(Date.now() - 60_000), bannedUntil: until }).where('appId', '=', host.id).where('externalId', '=', 'carol').execute();
    const mailsToCarol = () => mails().filter((m) => m.to === `carol@${host.id}.example`);

    await ban(later(86_400_000));
    expect((await post(t.app, 'add-comment.json', { appId: host.id, auth: dan, url, parent, text: 'Dan answers while Carol is banned' })).body.status).toBe('OK');
    await t.app.emailWorker.tick(later(61_000));
    expect(mailsToCarol()).toHaveLength(0);

    await ban(new Date(Date.now() - 1000));
    expect((await post(t.app, 'add-comment.json', { appId: host.id, auth: dan, url, parent, text: 'Dan answers after the ban ended' })).body.status).toBe('OK');
    await t.app.emailWorker.tick(later(122_000));
    expect(mailsToCarol()).toHaveLength(1);
  });

  it('a reply in another app mails the thread’s followers once each, and not the replier', async () => {
    const host = await createApp(t.db, `club${randomBytes(3).toString('hex')}`);
    const sign = (sub: string, name: string, email: string) =>
      new SignJWT({ name, email })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(sub)
        .setAudience(host.id)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(host.secret));
    const url = 'https://club.example/post/7';
    const [ann, cal, dan] = await Promise.all([sign('ann', 'Ann', 'ann@club.example'), sign('cal', 'Cal', 'cal@club.example'), sign('dan', 'Dan', 'dan@club.example')]);
    const top = await post(t.app, 'add-comment.json', { appId: host.id, auth: ann, url, text: 'Ann starts' });
    const thread = (top.body.payload.comment as { commentId: string }).commentId;
    // Cal follows the thread, and so does Ann (its author); Dan will reply.
    for (const auth of [cal, ann]) {
      const follow = await post(t.app, 'follow-thread.json', { appId: host.id, auth, threadId: thread, follow: true });
      expect(follow.body.status).toBe('OK');
    }
    const follow = await post(t.app, 'follow-thread.json', { appId: host.id, auth: dan, threadId: thread, follow: true });
    expect(follow.body.status).toBe('OK');
    expect((await post(t.app, 'add-comment.json', { appId: host.id, auth: dan, url, parent: thread, text: 'Dan answers' })).body.status).toBe('OK');
    await t.app.emailWorker.tick(later(61_000));
    const to = (address: string) => mails().filter((m) => m.to === address);
    expect(to('cal@club.example').map((m) => m.subject)).toEqual(['Dan replied in a thread you follow']);
    // Ann is the parent's author: one mail, the reply's, although she follows the thread too.
    expect(to('ann@club.example').map((m) => m.subject)).toEqual(['Dan replied to your comment']);
    expect(to('dan@club.example')).toHaveLength(0);
  });

  it('the widget reads and saves an app user’s setting through /comments/v2/email-notifications.json', async () => {
    const host = await createApp(t.db, `site${randomBytes(3).toString('hex')}`, { origins: ['https://site.example'] });
    const auth = await new SignJWT({ name: 'Carol', email: 'carol@site.example' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('carol')
      .setAudience(host.id)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(host.secret));
    const path = '/comments/v2/email-notifications.json';
    const before = await t.app.inject({ method: 'GET', url: `${path}?appId=${host.id}&auth=${auth}` });
    expect(before.statusCode).toBe(404); // not signed in to the comments yet
    expect((await post(t.app, 'user.json', { appId: host.id, auth })).status).toBeLessThan(500);
    await t.app.inject({ method: 'GET', url: `/comments/v2/user.json?appId=${host.id}&auth=${auth}` });
    const got = await t.app.inject({ method: 'GET', url: `${path}?appId=${host.id}&auth=${auth}`, headers: { origin: 'https://site.example' } });
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual({ status: 'OK', payload: { mode: 'immediately', email: 'carol@site.example' } });
    expect(got.headers['access-control-allow-origin']).toBe('https://site.example');
    const form = (mode: string) => new URLSearchParams({ appId: host.id, auth, mode }).toString();
    const ct = { 'content-type': 'application/x-www-form-urlencoded' };
    const saved = await t.app.inject({ method: 'POST', url: path, payload: form('digest'), headers: { ...ct, origin: 'https://site.example' } });
    expect(saved.json()).toMatchObject({ status: 'OK', payload: { mode: 'digest' } });
    expect((await t.app.inject({ method: 'POST', url: path, payload: form('hourly'), headers: ct })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: path, payload: form('never'), headers: { ...ct, origin: 'https://evil.example' } })).statusCode).toBe(403);
    const forged = new URLSearchParams({ appId: host.id, auth: `${auth}x`, mode: 'never' }).toString();
    expect((await t.app.inject({ method: 'POST', url: path, payload: forged, headers: ct })).statusCode).toBe(401);
    const after = await t.app.inject({ method: 'GET', url: `${path}?appId=${host.id}&auth=${auth}` });
    expect(after.json()).toMatchObject({ payload: { mode: 'digest' } });
    // A POST without mode reads (the client's way: the token stays out of the URL).
    const read = await t.app.inject({ method: 'POST', url: path, payload: new URLSearchParams({ appId: host.id, auth }).toString(), headers: ct });
    expect(read.json()).toEqual({ status: 'OK', payload: { mode: 'digest', email: 'carol@site.example' } });
  });
});
