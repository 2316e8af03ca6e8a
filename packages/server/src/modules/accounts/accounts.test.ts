import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChallenge } from 'altcha-lib/v1';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/harness.js';
import { proofKey, verifyProof } from '../../lib/proof-of-work.js';
import { canonicalEmail, emailHash, isValidEmail } from './email-rules.js';
import { safeNext } from './next-url.js';
import { LOGIN_PER_MINUTE } from './routes.js';
import { makePost, makeUser } from '../posts/test-fixtures.js';
import { cookiesOf, lastMailTo, nextIp, outbox, signUp, solveProof, waitForMail } from './test-helpers.js';

process.env.PROOF_MAX_NUMBER = '2000';

const JSON_ACCEPT = { accept: 'application/json' };

describe('email rules (shell §5)', () => {
  it('accepts standard addresses and refuses malformed ones', () => {
    expect(isValidEmail('  Jane.Doe+memes@Example.co.uk ')).toBe(true);
    for (const bad of ['', 'plain', 'a@b', 'a@@b.com', 'a b@c.com', 'a@-b.com', `a@${'x'.repeat(64)}.com`, 'a@b..com']) {
      expect(isValidEmail(bad), bad).toBe(false);
    }
  });
  it('drops dots and +suffix for webmail only, and hashes the canonical form', () => {
    expect(canonicalEmail(' J.Doe+x@GMail.com')).toBe('jdoe@gmail.com');
    expect(canonicalEmail('j.doe+x@googlemail.com')).toBe('jdoe@googlemail.com');
    expect(canonicalEmail('j.doe+x@example.com')).toBe('j.doe+x@example.com');
    expect(emailHash('J.Doe@gmail.com')).toBe(emailHash('jdoe+news@gmail.com'));
    expect(emailHash('jdoe@gmail.com')).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('next URL (comments.md §2)', () => {
  const pub = 'http://localhost:3000';
  it('keeps product links and relative paths, rewrites embed-comment to the post path', () => {
    expect(safeNext('/gag/abc?x=1#c', pub)).toBe('/gag/abc?x=1#c');
    expect(safeNext('http://localhost:3000/top', pub)).toBe('http://localhost:3000/top');
    expect(safeNext('/embed-comment/abc', pub)).toBe('/gag/abc');
    expect(safeNext('http://localhost:3000/embed-comment/abc', pub)).toBe('http://localhost:3000/gag/abc');
  });
  it('sends everything else home', () => {
    for (const bad of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'http://localhost:3000.evil.example/',
      'http://localhost:3001/',
      'https://localhost:3000/',
      'http://user@localhost:3000/',
      'javascript:alert(1)',
      'evil.example',
      '/%0d%0aSet-Cookie:x',
      '\t//evil.example',
    ]) {
      const out = safeNext(bad, pub);
      expect(out === '/' || out.startsWith('/') && !out.startsWith('//'), bad).toBe(true);
      expect(out.includes('evil')).toBe(false);
    }
  });
});

describeEachDatabase('accounts', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.db.insertInto('commentApps').values({ id: 'guffaw', name: 'Guffaw', secret: 'guffaw-app-secret-for-tests-0123456789' }).execute();
  });
  afterAll(() => t.close());

  const userCount = async () => Number((await t.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const info = async (session: string) =>
    (await t.app.inject({ method: 'POST', url: '/v1/user-info', cookies: { guffaw_session: session } })).json().data;
  const login = (username: string, password: string, extra: { next?: string; cookies?: Record<string, string>; json?: boolean } = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/login',
      remoteAddress: nextIp(),
      headers: extra.json === false ? {} : JSON_ACCEPT,
      cookies: extra.cookies ?? {},
      payload: { username, password, next: extra.next ?? '' },
    });

  describe('signup', () => {
    it('refuses a missing, wrong or replayed CAPTCHA with "Wrong CAPTCHA." and creates nobody', async () => {
      const before = await userCount();
      const base = { fullname: 'Eve', email: 'eve@example.com', password: 'correct horse', app: 'web' };
      const missing = await t.app.inject({ method: 'POST', url: '/member/email-signup', headers: JSON_ACCEPT, payload: base });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().meta).toMatchObject({ errorCode: 'WRONG_CAPTCHA', errorMessage: 'Wrong CAPTCHA.' });
      expect(missing.json().data).toEqual({ fullname: 'Eve', email: 'eve@example.com' });
      const wrong = await t.app.inject({ method: 'POST', url: '/member/email-signup', headers: JSON_ACCEPT, payload: { ...base, captcha: 'bm90LWEtcHJvb2Y=' } });
      expect(wrong.json().meta.errorCode).toBe('WRONG_CAPTCHA');
      const captcha = await solveProof(t);
      const first = await t.app.inject({ method: 'POST', url: '/member/email-signup', headers: JSON_ACCEPT, payload: { ...base, captcha } });
      expect(first.statusCode).toBe(200);
      await waitForMail(t, (m) => m.to === 'eve@example.com');
      const replay = await t.app.inject({ method: 'POST', url: '/member/email-signup', headers: JSON_ACCEPT, payload: { ...base, email: 'eve2@example.com', captcha } });
      expect(replay.statusCode).toBe(400);
      expect(replay.json().meta.errorCode).toBe('WRONG_CAPTCHA');
      // The accepted one made no account either: that waits for its mailed link.
      expect(await userCount()).toBe(before);
    });

    it('answers "check your mail"; the mailed link makes the account, verified, logs in with a welcome toast, once', async () => {
      const sent = outbox(t).length;
      const { res, confirmed, session } = await signUp(t, { fullname: 'Jane Doe', email: ' Jane.Doe@Example.com ', next: '/gag/a1' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ meta: { status: 'Success' }, data: { next: '/gag/a1', checkEmail: true } });
      expect(cookiesOf(res).guffaw_session).toBeUndefined();
      const mail = outbox(t).slice(sent).find((m) => m.to === 'jane.doe@example.com')!;
      expect(mail.subject).toBe('Confirm your email on Guffaw');
      const link = new URL(mail.links[0]!);
      expect(link.pathname).toBe('/member/confirm-signup');
      expect(mail.text).not.toContain('correct horse');
      expect(confirmed!.statusCode).toBe(303);
      expect(confirmed!.headers.location).toBe('/gag/a1');
      const cookies = confirmed!.cookies as Array<{ name: string; value: string; httpOnly?: boolean; sameSite?: string }>;
      expect(cookies.find((c) => c.name === 'guffaw_session')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
      expect(cookiesOf(confirmed!).toastMsg).toBe('4');
      const data = await info(session);
      expect(data.user).toMatchObject({ fullName: 'Jane Doe', email: 'jane.doe@example.com', username: 'janedoe', isVerified: { email: true, age: false } });
      expect((await login('jane.doe@example.com', 'correct horse')).statusCode).toBe(200);
      // Opened again: the account is there; the way in is the login page, and nobody is logged in by the link.
      const again = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
      expect(again.statusCode).toBe(303);
      expect(new URL(again.headers.location as string, 'http://x').pathname).toBe('/login');
      expect(cookiesOf(again).guffaw_session).toBeUndefined();
      const forged = await t.app.inject({ method: 'GET', url: `${link.pathname}?token=${link.searchParams.get('token')!.slice(0, -4)}AAAA` });
      expect(new URL(forged.headers.location as string, 'http://x').searchParams.get('error')).toBe('INVALID_TOKEN');
    });

    it('a bad verification link takes a browser to the site with a message; a JSON caller gets the code', async () => {
      for (const token of ['not-a-real-token', '', 'x'.repeat(300)]) {
        const res = await t.app.inject({ method: 'GET', url: `/member/verify?token=${token}` });
        expect(res.statusCode).toBe(303);
        expect(res.headers.location).toBe('/?msg=verification-link-invalid');
      }
      const json = await t.app.inject({ method: 'GET', url: '/member/verify?token=nope', headers: { accept: 'application/json' } });
      expect(json.statusCode).toBe(400);
      expect(json.json().meta.errorCode).toBe('INVALID_TOKEN');
    });

    it('an expired verification link sends a new mail (toast 19)', async () => {
      const { session } = await signUp(t, { email: 'late@example.com' });
      // An email not yet confirmed (an account from before signup confirmed it, or a changed email): the resend link.
      await t.db.updateTable('users').set({ emailVerified: false }).where('email', '=', 'late@example.com').execute();
      await t.app.inject({ method: 'GET', url: '/member/resend-confirmation', cookies: { guffaw_session: session } });
      const link = new URL(lastMailTo(t, 'late@example.com')!.links[0]!);
      expect(link.pathname).toBe('/member/verify');
      await t.db.updateTable('emailTokens').set({ expiresAt: new Date(Date.now() - 1000) }).where('email', '=', 'late@example.com').execute();
      const mails = outbox(t).length;
      const res = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
      expect(res.statusCode).toBe(303);
      expect(cookiesOf(res).toastMsg).toBe('19');
      expect(outbox(t).length).toBe(mails + 1);
      expect((await info(session)).user.isVerified.email).toBe(false);
    });

    it('refuses a second account for the same webmail mailbox, malformed and oversize fields', async () => {
      await signUp(t, { email: 'j.smith@gmail.com' });
      const before = await userCount();
      const sent = outbox(t).length;
      // Answered as any signup (nobody learns the mailbox has an account); its owner is told instead.
      const dup = await signUp(t, { email: 'JSmith+memes@gmail.com' });
      expect(dup.res.statusCode).toBe(200);
      expect(dup.res.json().data).toEqual({ next: '/', checkEmail: true });
      const notice = outbox(t).slice(sent).find((m) => m.to === 'j.smith@gmail.com')!;
      expect(notice.subject).toBe('Someone tried to sign up on Guffaw with your email');
      expect(notice.links).toEqual(['http://localhost:3000/login', 'http://localhost:3000/forgot-password']);
      expect(outbox(t).slice(sent).some((m) => m.to === 'jsmith+memes@gmail.com')).toBe(false);
      expect((await signUp(t, { email: 'not-an-email' })).res.json().meta).toMatchObject({ errorCode: 'INVALID_EMAIL', errorMessage: 'Please enter a valid email address.' });
      expect((await signUp(t, { email: 'short@example.com', password: 'abc' })).res.json().meta.errorCode).toBe('PASSWORD_TOO_SHORT');
      expect((await signUp(t, { email: 'noname@example.com', fullname: '   ' })).res.json().meta.errorCode).toBe('FULLNAME_REQUIRED');
      const huge = await signUp(t, { email: 'huge@example.com', fullname: 'x'.repeat(5000) });
      expect(huge.res.statusCode).toBe(400);
      expect(huge.res.json().meta.errorCode).toBe('INVALID_INPUT');
      expect(await userCount()).toBe(before);
    });

    it('a browser form post is redirected back to /signup with the error and the fields prefilled', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/member/email-signup',
        remoteAddress: nextIp(),
        payload: 'fullname=Bob&email=bob%40example.com&password=correct+horse&next=https%3A%2F%2Fevil.example&app=web&captcha=x',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.statusCode).toBe(303);
      const location = new URL(res.headers.location as string, 'http://localhost:3000');
      expect(location.pathname).toBe('/signup');
      expect(Object.fromEntries(location.searchParams)).toMatchObject({ error: 'WRONG_CAPTCHA', errorMessage: 'Wrong CAPTCHA.', fullname: 'Bob', email: 'bob@example.com', next: '/' });
    });
  });

  describe('login and sessions', () => {
    let password: string;
    beforeAll(async () => {
      password = 'login pass 123';
      await signUp(t, { fullname: 'Logan', email: 'logan@example.com', password });
    });

    it('refuses wrong passwords and unknown users with LOGIN_FAILED and no session', async () => {
      for (const [user, pass] of [['logan', 'wrong password'], ['nobody', password], ['nobody@example.com', password], ['logan@example.com', '']]) {
        const res = await login(user!, pass!);
        expect(res.statusCode, `${user}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expect(res.json().meta.errorCode).toBe('LOGIN_FAILED');
        expect(cookiesOf(res).guffaw_session).toBeUndefined();
      }
      const res = await login('logan', 'wrong password');
      expect(res.json().meta.errorMessage).toBe('Your email or password were incorrect.');
    });

    it('a browser form post with a wrong password goes back to /login with the error', async () => {
      const res = await login('logan', 'nope', { json: false, next: '/top' });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/login?error=LOGIN_FAILED&next=%2Ftop');
    });

    it('logs in by username or email, with toast 2, and redirects only to product links', async () => {
      const byName = await login('LOGAN', password, { json: false, next: '/gag/xyz' });
      expect(byName.statusCode).toBe(303);
      expect(byName.headers.location).toBe('/gag/xyz');
      expect(cookiesOf(byName).toastMsg).toBe('2');
      for (const next of ['https://evil.example/phish', '//evil.example', 'http://localhost:3000@evil.example/']) {
        const res = await login('logan@example.com', password, { json: false, next });
        expect(res.statusCode).toBe(303);
        expect(res.headers.location).toBe('/');
      }
      const embed = await login('logan@example.com', password, { json: false, next: 'http://localhost:3000/embed-comment/p1' });
      expect(embed.headers.location).toBe('http://localhost:3000/gag/p1');
    });

    it('issues a new session id at login (no fixation) and logout destroys it', async () => {
      const attacker = await login('logan', password);
      const planted = cookiesOf(attacker).guffaw_session!;
      const victim = await login('logan', password, { cookies: { guffaw_session: planted } });
      const fresh = cookiesOf(victim).guffaw_session!;
      expect(fresh).toBeTruthy();
      expect(fresh).not.toBe(planted);
      expect((await info(planted)).user).toBeNull();
      expect((await info(fresh)).user.username).toBe('logan');
      const out = await t.app.inject({ method: 'POST', url: '/logout', cookies: { guffaw_session: fresh } });
      expect(out.statusCode).toBe(303);
      expect((await info(fresh)).user).toBeNull();
    });

    it('rate-limits login attempts from one address with 429 and a clear message', async () => {
      const ip = '192.0.2.77';
      const statuses: number[] = [];
      for (let i = 0; i <= LOGIN_PER_MINUTE; i++) {
        // Another name each time: one account's own lockout (login-lockout.ts) refuses sooner.
        const res = await t.app.inject({ method: 'POST', url: '/login', remoteAddress: ip, headers: JSON_ACCEPT, payload: { username: `logan${i}`, password: 'x' } });
        statuses.push(res.statusCode);
        if (res.statusCode === 429) expect(res.json().meta).toMatchObject({ errorCode: 'RATE_LIMITED', errorMessage: expect.stringContaining('Too many attempts') });
      }
      expect(statuses.slice(0, LOGIN_PER_MINUTE).every((s) => s === 401)).toBe(true);
      expect(statuses[LOGIN_PER_MINUTE]).toBe(429);
    });
  });

  describe('CSRF', () => {
    it('refuses a state-changing request from a foreign origin and changes nothing', async () => {
      const { session } = await signUp(t, { email: 'csrf@example.com' });
      for (const headers of [{ origin: 'https://evil.example' }, { referer: 'https://evil.example/page' }, { origin: 'null' }]) {
        const res = await t.app.inject({ method: 'POST', url: '/v1/settings', headers, cookies: { guffaw_session: session }, payload: { nsfwMode: '1' } });
        expect(res.statusCode).toBe(403);
        expect(res.json().meta.errorCode).toBe('FORBIDDEN_ORIGIN');
      }
      expect((await info(session)).user.nsfwMode).toBe(false);
      const ok = await t.app.inject({ method: 'POST', url: '/v1/settings', headers: { origin: 'http://localhost:3000' }, cookies: { guffaw_session: session }, payload: { nsfwMode: '1' } });
      expect(ok.statusCode).toBe(200);
      expect((await info(session)).user.nsfwMode).toBe(true);
      const foreignLogin = await t.app.inject({ method: 'POST', url: '/login', headers: { origin: 'https://evil.example' }, payload: { username: 'x', password: 'y' } });
      expect(foreignLogin.statusCode).toBe(403);
    });
  });

  describe('user info', () => {
    it('answers guests with user null and members with the main user, collections and a comment token', async () => {
      const guest = await t.app.inject({ method: 'POST', url: '/v1/user-info' });
      expect(guest.json()).toMatchObject({ meta: { status: 'Success' }, data: { user: null, muteList: [], blocklistIds: [] } });
      const { session } = await signUp(t, { fullname: 'Info User', email: 'Info.User+x@gmail.com' });
      const data = await info(session);
      for (const key of ['votes', 'saves', 'uploads', 'reports', 'blockPosts', 'muteList', 'blockTags', 'blocklistIds']) expect(data).toHaveProperty(key);
      const u = data.user;
      expect(u).toMatchObject({ username: 'infouser', hasPassword: true, safeMode: true, googleConnected: false, hashedEmail: emailHash('infouser@gmail.com') });
      expect(u.profileUrl).toBe('http://localhost:3000/u/infouser');
      expect(u.idService.hashedRecords).toEqual([{ type: 'sha256', value: emailHash('infouser@gmail.com') }]);
      const { payload } = await jwtVerify(u.commentAuth, new TextEncoder().encode('guffaw-app-secret-for-tests-0123456789'), { audience: 'guffaw' });
      expect(payload).toMatchObject({ sub: u.userId, name: 'infouser', profileUrl: 'http://localhost:3000/u/infouser' });
      expect(payload.exp! - payload.iat!).toBe(24 * 3600);
    });
  });

  describe('settings', () => {
    let session: string;
    beforeAll(async () => {
      session = (await signUp(t, { fullname: 'Sett Ings', email: 'settings@example.com', password: 'first password' })).session;
    });
    const post = (payload: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/v1/settings', cookies: { guffaw_session: session }, payload });

    it('saves modes and profile fields and answers the user', async () => {
      const res = await post({ safeMode: '0', offensiveMode: '1', idOptOut: '1', ageVerified: '1', initialFollowFinished: '1', fullName: 'New Name', about: 'I like memes', country: 'fr', gender: 'other', birthday: '1990-02-03' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.user).toMatchObject({ safeMode: false, offensiveMode: true, idService: { optOut: true }, isVerified: { age: true }, initialFollowFinished: true, fullName: 'New Name', about: 'I like memes', country: 'FR', gender: 'other', birthday: '1990-02-03' });
    });

    it('refuses malformed values and guests, changing nothing', async () => {
      for (const [payload, code] of [
        [{ safeMode: 'yes' }, 'INVALID_INPUT'],
        [{ birthday: '1990-02-31' }, 'INVALID_BIRTHDAY'],
        [{ gender: 'robot' }, 'INVALID_GENDER'],
        [{ about: 'x'.repeat(400) }, 'ABOUT_TOO_LONG'],
        [{ fullName: 'y'.repeat(300) }, 'INVALID_INPUT'],
        [{ email: 'bad@' }, 'INVALID_EMAIL'],
      ] as const) {
        const res = await post({ ...payload, safeMode: (payload as Record<string, string>).safeMode ?? '1' });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().meta.errorCode).toBe(code);
      }
      expect((await info(session)).user.safeMode).toBe(false);
      const guest = await t.app.inject({ method: 'POST', url: '/v1/settings', payload: { safeMode: '1' } });
      expect(guest.statusCode).toBe(401);
      expect(guest.json().meta.errorCode).toBe('NOT_LOGGED_IN');
    });

    it('changes the password only with the current one and logs other sessions out', async () => {
      const other = cookiesOf(await login('settings@example.com', 'first password')).guffaw_session!;
      expect((await post({ password: 'nope', newPassword: 'second password' })).json().meta.errorCode).toBe('WRONG_PASSWORD');
      expect((await post({ newPassword: 'second password' })).json().meta.errorCode).toBe('PASSWORD_REQUIRED');
      expect((await post({ password: 'first password', newPassword: 'short' })).json().meta.errorCode).toBe('PASSWORD_TOO_SHORT');
      expect((await post({ password: 'first password', newPassword: 'second password' })).statusCode).toBe(200);
      expect((await info(other)).user).toBeNull();
      expect((await info(session)).user).not.toBeNull();
      expect((await login('settings@example.com', 'first password')).statusCode).toBe(401);
      expect((await login('settings@example.com', 'second password')).statusCode).toBe(200);
    });

    it('puts a new email in pendingEmail until its link is opened', async () => {
      await signUp(t, { email: 'taken@example.com' });
      expect((await post({ email: 'taken@example.com' })).statusCode).toBe(409);
      const res = await post({ email: 'New.Address@Example.com' });
      expect(res.json().data.user).toMatchObject({ email: 'settings@example.com', pendingEmail: 'new.address@example.com' });
      const link = new URL(lastMailTo(t, 'new.address@example.com')!.links[0]!);
      expect((await t.app.inject({ method: 'GET', url: link.pathname + link.search })).statusCode).toBe(303);
      expect((await info(session)).user).toMatchObject({ email: 'new.address@example.com', pendingEmail: null, isVerified: { email: true } });
    });

    it('resends the confirmation from a navigation and says so in the redirect', async () => {
      const { session: s2 } = await signUp(t, { email: 'resend@example.com' });
      await t.db.updateTable('users').set({ emailVerified: false }).where('email', '=', 'resend@example.com').execute();
      const mails = outbox(t).length;
      const res = await t.app.inject({ method: 'GET', url: '/member/resend-confirmation', cookies: { guffaw_session: s2 } });
      expect(res.headers.location).toBe('/?msg=account-confirmation-sent');
      expect(outbox(t).length).toBe(mails + 1);
      const guest = await t.app.inject({ method: 'GET', url: '/member/resend-confirmation' });
      expect(guest.headers.location).toBe('/?msg=account-confirmation-sent-err');
    });

    it('deletes the account only with the password, removing its sessions and data', async () => {
      const { session: s3 } = await signUp(t, { email: 'leaving@example.com', password: 'leaving pass' });
      await t.app.inject({ method: 'POST', url: '/v1/user-mute-list', cookies: { guffaw_session: s3 }, payload: { value: 'cats' } });
      const wrong = await t.app.inject({ method: 'POST', url: '/v1/settings', cookies: { guffaw_session: s3 }, payload: { deleteAccount: '1', password: 'nope' } });
      expect(wrong.statusCode).toBe(400);
      expect((await info(s3)).user).not.toBeNull();
      const ok = await t.app.inject({ method: 'POST', url: '/v1/settings', cookies: { guffaw_session: s3 }, payload: { deleteAccount: '1', password: 'leaving pass' } });
      expect(ok.json().data).toMatchObject({ user: null, deleted: true });
      expect((await info(s3)).user).toBeNull();
      expect(await t.db.selectFrom('users').select('id').where('email', '=', 'leaving@example.com').executeTakeFirst()).toBeUndefined();
      expect((await login('leaving@example.com', 'leaving pass')).statusCode).toBe(401);
    });
  });

  describe('Pro settings (hideAds, hidePromotedPosts)', () => {
    const save = (headers: { cookie: string }, payload: Record<string, string>) => t.app.inject({ method: 'POST', url: '/v1/settings', headers, payload });
    const userInfo = async (headers: { cookie: string }) => (await t.app.inject({ method: 'POST', url: '/v1/user-info', headers })).json().data.user;
    const feedIds = async (headers: { cookie: string }) =>
      ((await t.app.inject({ method: 'POST', url: '/v1/feed-posts/type/fresh', headers })).json().data.posts as { id: string }[]).map((p) => p.id);

    it('sends proSettings in user-info with hideAds on and hidePromotedPosts off by default', async () => {
      const pro = await makeUser(t.db, 'prodefaults', { tier: 1 });
      expect((await userInfo(pro.headers)).proSettings).toEqual({ hideAds: true, hidePromotedPosts: false });
    });

    it('lets an active Pro change both, keeping other preferences; the feeds and the ads follow', async () => {
      const pro = await makeUser(t.db, 'prosetter', { tier: 1, preferences: { hideFromRobots: true } });
      await makePost(t.db, { id: 'prosetpromo', promoted: true });
      await makePost(t.db, { id: 'prosetplain' });
      expect(await feedIds(pro.headers)).toEqual(expect.arrayContaining(['prosetpromo', 'prosetplain']));
      const res = await save(pro.headers, { hideAds: '0', hidePromotedPosts: '1' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.user).toMatchObject({ proSettings: { hideAds: false, hidePromotedPosts: true }, preferences: { hideFromRobots: true } });
      expect((await userInfo(pro.headers)).proSettings).toEqual({ hideAds: false, hidePromotedPosts: true });
      const ids = await feedIds(pro.headers);
      expect(ids).toContain('prosetplain');
      expect(ids).not.toContain('prosetpromo');
      const setup = await t.app.inject({ method: 'GET', url: '/v1/ads/setup', headers: pro.headers });
      expect(setup.json().data).toMatchObject({ enabled: true, reason: null });
      await save(pro.headers, { hideAds: '1', hidePromotedPosts: '0' });
      expect((await t.app.inject({ method: 'GET', url: '/v1/ads/setup', headers: pro.headers })).json().data).toMatchObject({ enabled: false, reason: 'PRO_HIDE_ADS' });
      expect(await feedIds(pro.headers)).toContain('prosetpromo');
    });

    it('refuses them with 403 PRO_REQUIRED for members without an active Pro, changing nothing', async () => {
      const free = await makeUser(t.db, 'profree');
      const lapsed = await makeUser(t.db, 'prolapsed', { tier: 1 });
      await t.db.updateTable('users').set({ proExpiresAt: new Date(Date.now() - 1000) }).where('id', '=', lapsed.id).execute();
      for (const user of [free, lapsed]) {
        for (const payload of [{ hideAds: '0' }, { hidePromotedPosts: '1', safeMode: '0' }]) {
          const res = await save(user.headers, payload);
          expect(res.statusCode).toBe(403);
          expect(res.json().meta).toMatchObject({ status: 'Failure', errorCode: 'PRO_REQUIRED', errorMessage: 'Only Pro members can change this setting.' });
        }
        const after = await userInfo(user.headers);
        expect(after.proSettings).toEqual({ hideAds: true, hidePromotedPosts: false });
        expect(after.safeMode).toBe(true);
      }
      expect((await save(free.headers, { hideAds: 'maybe' })).statusCode).toBe(400);
    });
  });

  describe('forgot and reset password', () => {
    it('mails a single-use link that sets a new password; the answer does not reveal unknown emails', async () => {
      await signUp(t, { email: 'forgetful@example.com', password: 'old password' });
      const unknown = await t.app.inject({ method: 'POST', url: '/v1/user-forgot-password', remoteAddress: nextIp(), payload: { email: 'ghost@example.com' } });
      expect(unknown.json().meta.status).toBe('Success');
      expect(lastMailTo(t, 'ghost@example.com')).toBeUndefined();
      const bad = await t.app.inject({ method: 'POST', url: '/v1/user-forgot-password', remoteAddress: nextIp(), payload: { email: 'nope' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().meta.errorMessage).toBe('Please enter a valid email address.');
      const res = await t.app.inject({ method: 'POST', url: '/v1/user-forgot-password', remoteAddress: nextIp(), payload: { email: 'Forgetful@example.com' } });
      expect(res.json().meta.status).toBe('Success');
      const link = new URL((await waitForMail(t, (m) => m.to === 'forgetful@example.com' && m.subject.startsWith('Reset'))).links[0]!);
      expect(link.pathname).toBe('/member/reset-password');
      const page = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
      expect(page.headers.location).toMatch(/^\/reset-password\?token=/);
      const token = link.searchParams.get('token')!;
      expect((await t.app.inject({ method: 'POST', url: '/v1/reset-password-check', payload: { token } })).statusCode).toBe(200);
      const stored = await t.db.selectFrom('emailTokens').select('tokenHash').where('email', '=', 'forgetful@example.com').where('kind', '=', 'reset').execute();
      expect(stored.every((r) => r.tokenHash !== token)).toBe(true);
      const short = await t.app.inject({ method: 'POST', url: '/member/reset-password', headers: JSON_ACCEPT, payload: { token, password: 'x' } });
      expect(short.json().meta.errorCode).toBe('PASSWORD_TOO_SHORT');
      const done = await t.app.inject({ method: 'POST', url: '/member/reset-password', headers: JSON_ACCEPT, payload: { token, password: 'new password' } });
      expect(done.statusCode).toBe(200);
      expect(cookiesOf(done).guffaw_session).toBeTruthy();
      const reused = await t.app.inject({ method: 'POST', url: '/member/reset-password', headers: JSON_ACCEPT, payload: { token, password: 'another password' } });
      expect(reused.statusCode).toBe(400);
      expect(reused.json().meta.errorCode).toBe('INVALID_TOKEN');
      expect((await login('forgetful@example.com', 'old password')).statusCode).toBe(401);
      expect((await login('forgetful@example.com', 'new password')).statusCode).toBe(200);
    });
  });

  describe('blocks, mute list, blocked tags', () => {
    let session: string;
    let me: string;
    const others: string[] = [];
    beforeAll(async () => {
      session = (await signUp(t, { fullname: 'Blocker', email: 'blocker@example.com' })).session;
      me = (await info(session)).user.accountId;
      for (let i = 0; i < 22; i++) {
        const s = (await signUp(t, { fullname: `Other ${i}`, email: `other${i}@example.com` })).session;
        others.push((await info(s)).user.accountId);
      }
    });
    const call = (method: 'POST' | 'DELETE', url: string, payload: Record<string, unknown>) =>
      t.app.inject({ method, url, cookies: { guffaw_session: session }, payload: payload as Record<string, string> });

    it('blocks and unblocks users, lists them in pages of 20', async () => {
      expect((await call('POST', '/v1/user-block', { accountId: me })).json().meta.errorCode).toBe('CANNOT_BLOCK_SELF');
      expect((await call('POST', '/v1/user-block', { accountId: 'no-such-user' })).statusCode).toBe(404);
      for (const id of others) expect((await call('POST', '/v1/user-block', { accountId: id, _method: 'post' })).statusCode).toBe(200);
      const first = (await call('POST', '/v1/user-block-list', { fromIndex: 0, itemCount: 20 })).json().data;
      expect(first.users).toHaveLength(20);
      expect(first.didEndOfList).toBe(false);
      const second = (await call('POST', '/v1/user-block-list', { fromIndex: 20, itemCount: 20 })).json().data;
      expect(second.users).toHaveLength(2);
      expect(second.didEndOfList).toBe(true);
      expect(second.users[0]).toMatchObject({ username: expect.any(String), fullName: expect.stringMatching(/^Other/), accountId: expect.any(String) });
      expect((await call('POST', '/v1/user-block-list', { fromIndex: 0, itemCount: 21 })).statusCode).toBe(400);
      await call('POST', '/v1/user-block', { accountId: others[0], _method: 'delete' });
      expect((await info(session)).blocklistIds).toHaveLength(21);
      expect((await info(session)).blocklistIds).not.toContain(others[0]);
    });

    it('adds only new mute words, removes them and answers the list', async () => {
      expect((await call('POST', '/v1/user-mute-list', { value: ' Cats , dogs,, cats ,' })).json().data.list).toEqual(['Cats', 'dogs']);
      expect((await call('POST', '/v1/user-mute-list', { value: 'DOGS, politics' })).json().data.list).toEqual(['Cats', 'dogs', 'politics']);
      expect((await call('DELETE', '/v1/user-mute-list', { value: 'dogs' })).json().data.list).toEqual(['Cats', 'politics']);
      expect((await call('POST', '/v1/user-mute-list', { value: ' , ' })).json().meta.errorCode).toBe('EMPTY_VALUE');
      expect((await call('POST', '/v1/user-mute-list', { value: 'z'.repeat(101) })).json().meta.errorCode).toBe('WORD_TOO_LONG');
      expect((await call('POST', '/v1/user-mute-list', {})).statusCode).toBe(400);
      expect((await info(session)).muteList).toEqual(['Cats', 'politics']);
    });

    it('keeps blocked tags lowercased and separate from mute words', async () => {
      expect((await call('POST', '/v1/block-tag', { value: 'Politics, anime' })).json().data.list).toEqual(['politics', 'anime']);
      expect((await call('DELETE', '/v1/block-tag', { value: 'Anime' })).json().data.list).toEqual(['politics']);
      expect((await info(session)).blockTags).toEqual(['politics']);
      expect((await t.app.inject({ method: 'POST', url: '/v1/block-tag', payload: { value: 'x' } })).statusCode).toBe(401);
    });
  });

  describe('followed tags and interests', () => {
    it('follows and unfollows tags and interests, newest first; refuses unknown interests and bad tags; a guest follows nothing', async () => {
      const { session } = await signUp(t, { email: 'follower@example.com' });
      await t.db.insertInto('interests').values({ key: 'gaming', name: 'Gaming' }).execute();
      const follow = (kind: string, key: string, isFollowing: string, as: string | null = session) =>
        t.app.inject({ method: 'POST', url: `/user-followed-pages/${kind}/${encodeURIComponent(key)}`, cookies: as ? { guffaw_session: as } : {}, payload: { isFollowing } });
      const tag = await follow('tag', 'Funny Cats', '1');
      expect(tag.json().data).toMatchObject({ key: 'funny-cats', name: 'funny cats', url: '/tag/funny-cats', isFollowing: 1, notification: 'Some' });
      await new Promise((r) => setTimeout(r, 5));
      expect((await follow('interest', 'gaming', '1')).json().data).toMatchObject({ key: 'gaming', name: 'Gaming', url: '/interest/gaming' });
      expect((await follow('interest', 'nope', '1')).statusCode).toBe(404);
      expect((await follow('tag', '<script>', '1')).json().meta.errorCode).toBe('INVALID_TAG');
      expect((await follow('planet', 'x', '1')).statusCode).toBe(400);
      expect((await follow('tag', 'x', 'yes')).statusCode).toBe(400);
      const list = (await t.app.inject({ method: 'GET', url: '/user-followed-pages', cookies: { guffaw_session: session } })).json().data;
      expect(list.tags.map((p: { key: string }) => p.key)).toEqual(['funny-cats']);
      expect(list.interests.map((p: { key: string }) => p.key)).toEqual(['gaming']);
      expect((await follow('tag', 'funny-cats', '0')).json().data).toMatchObject({ isFollowing: 0, notification: 'No' });
      expect((await t.app.inject({ method: 'GET', url: '/user-followed-pages', cookies: { guffaw_session: session } })).json().data.tags).toEqual([]);
      const guest = await t.app.inject({ method: 'GET', url: '/user-followed-pages' });
      expect([guest.statusCode, guest.json()]).toEqual([200, { meta: { status: 'Success' }, data: { tags: [], interests: [] } }]);
      expect((await follow('tag', 'funny-cats', '1', null)).statusCode).toBe(401);
    });
  });

  describe('proof of work', () => {
    it('accepts a solution once, then refuses the replay; refuses tampered and expired ones', async () => {
      const proof = await solveProof(t);
      expect(await verifyProof(t.app.usedProofs, t.config.sessionSecret, proof)).toEqual({ ok: true });
      expect(await verifyProof(t.app.usedProofs, t.config.sessionSecret, proof)).toMatchObject({ ok: false, code: 'WP_REPLAYED' });
      const tampered = JSON.parse(Buffer.from(await solveProof(t), 'base64').toString());
      tampered.number += 1;
      expect(await verifyProof(t.app.usedProofs, t.config.sessionSecret, Buffer.from(JSON.stringify(tampered)).toString('base64'))).toMatchObject({ code: 'WP_INVALID' });
      expect(await verifyProof(t.app.usedProofs, t.config.sessionSecret, '%%%')).toMatchObject({ code: 'WP_INVALID' });
      expect(await verifyProof(t.app.usedProofs, t.config.sessionSecret, undefined)).toMatchObject({ code: 'WP_MISSING' });
      const old = await createChallenge({ hmacKey: proofKey(t.config.sessionSecret), number: 5, maxNumber: 10, expires: new Date(Date.now() - 1000) });
      const expired = Buffer.from(JSON.stringify({ algorithm: old.algorithm, challenge: old.challenge, number: 5, salt: old.salt, signature: old.signature })).toString('base64');
      expect(await verifyProof(t.app.usedProofs, t.config.sessionSecret, expired)).toMatchObject({ code: 'WP_EXPIRED' });
      const wp = (await t.app.inject({ method: 'POST', url: '/v1/wp' })).json().data.wp;
      expect(wp).toHaveLength(4);
    });
  });

  describe('social sign-in without configuration', () => {
    it('hides unconfigured providers', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/connect/google?next=/' })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/connect/myspace' })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/v1/auth-providers' })).json().data.providers).toEqual([]);
      const auto = await t.app.inject({ method: 'GET', url: '/connect/auto-login?next=https://evil.example' });
      expect(auto.headers.location).toBe('/login?next=%2F');
    });
  });
});
