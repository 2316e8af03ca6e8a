import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.js';
import { LOGIN_PER_MINUTE } from './routes.js';
import { cookiesOf, lastMailTo, nextIp, outbox, signUp, solveProof, waitForMail } from './test-helpers.js';
import { JSON_ACCEPT, useAccountsApp } from './accounts-fixture.js';

describeEachDatabase('accounts: signup, login, sessions and CSRF', (kind) => {
  const { t, userCount, info, login } = useAccountsApp(kind);

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
});
