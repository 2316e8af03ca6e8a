import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/harness.js';
import { cookiesOf, signUp } from './test-helpers.js';

process.env.PROOF_MAX_NUMBER = '2000';

describeEachDatabase('social sign-in (OpenID Connect against a mock provider)', (kind) => {
  let t: TestApp;
  let provider: OAuth2Server;
  let claims: Record<string, unknown> = {};

  beforeAll(async () => {
    provider = new OAuth2Server();
    await provider.issuer.keys.generate('RS256');
    await provider.start(0, '127.0.0.1');
    provider.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => Object.assign(token.payload, claims));
    process.env.OIDC_GOOGLE_ISSUER = provider.issuer.url!;
    process.env.OIDC_GOOGLE_CLIENT_ID = 'guffaw-test-client';
    process.env.OIDC_GOOGLE_CLIENT_SECRET = 'guffaw-test-secret';
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    delete process.env.OIDC_GOOGLE_ISSUER;
    delete process.env.OIDC_GOOGLE_CLIENT_ID;
    delete process.env.OIDC_GOOGLE_CLIENT_SECRET;
    await t.close();
    await provider.stop();
  });

  /** Start at /connect/google, let the provider answer, return the callback's reply. */
  async function signIn(next: string, cookies: Record<string, string> = {}, tamper?: (callback: URL) => void) {
    const start = await t.app.inject({ method: 'GET', url: `/connect/google?next=${encodeURIComponent(next)}`, cookies });
    expect(start.statusCode).toBe(303);
    const authorize = new URL(start.headers.location as string);
    expect(authorize.origin).toBe(new URL(provider.issuer.url!).origin);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    const answer = await fetch(authorize, { redirect: 'manual' });
    const callback = new URL(answer.headers.get('location')!);
    expect(callback.pathname).toBe('/connect/google/callback');
    tamper?.(callback);
    return t.app.inject({ method: 'GET', url: callback.pathname + callback.search, cookies: { ...cookies, ...cookiesOf(start) } });
  }
  const info = async (session: string) => (await t.app.inject({ method: 'POST', url: '/v1/user-info', cookies: { guffaw_session: session } })).json().data;

  it('lists the configured provider only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/auth-providers' })).json().data.providers).toEqual(['google']);
    expect((await t.app.inject({ method: 'GET', url: '/connect/facebook' })).statusCode).toBe(404);
  });

  it('creates an account on first sign-in, logs the same account in afterwards', async () => {
    claims = { sub: 'google-user-1', email: 'Social.Person@gmail.com', email_verified: true, name: 'Social Person' };
    const first = await signIn('/gag/p1');
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe('/gag/p1');
    expect(cookiesOf(first).toastMsg).toBe('4');
    const user = (await info(cookiesOf(first).guffaw_session!)).user;
    expect(user).toMatchObject({ fullName: 'Social Person', email: 'social.person@gmail.com', googleConnected: true, hasPassword: false, isVerified: { email: true } });
    const again = await signIn('https://evil.example/');
    expect(again.headers.location).toBe('/');
    expect(cookiesOf(again).toastMsg).toBe('2');
    expect((await info(cookiesOf(again).guffaw_session!)).user.userId).toBe(user.userId);
  });

  it('refuses a tampered state or a missing cookie with toast 12 and no session', async () => {
    claims = { sub: 'google-user-2', email: 'x2@example.com', email_verified: true, name: 'X' };
    const tampered = await signIn('/top', {}, (cb) => cb.searchParams.set('state', 'forged'));
    expect(tampered.statusCode).toBe(303);
    expect(tampered.headers.location).toBe('/login?error=LOGIN_ERROR&next=%2Ftop');
    expect(cookiesOf(tampered).toastMsg).toBe('12');
    expect(cookiesOf(tampered).guffaw_session).toBeUndefined();
    const noCookie = await t.app.inject({ method: 'GET', url: '/connect/google/callback?code=abc&state=def' });
    expect(cookiesOf(noCookie).toastMsg).toBe('12');
    expect(await t.db.selectFrom('users').select('id').where('googleSub', '=', 'google-user-2').executeTakeFirst()).toBeUndefined();
  });

  it('links the provider to a logged-in account and unlinks it, keeping the last way to sign in', async () => {
    const { session } = await signUp(t, { email: 'linker@example.com' });
    claims = { sub: 'google-user-3', email: 'other-address@example.com', email_verified: true, name: 'Linker' };
    const linked = await signIn('/settings/account', { guffaw_session: session });
    expect(linked.headers.location).toBe('/settings/account');
    expect((await info(session)).user.googleConnected).toBe(true);
    const unlink = await t.app.inject({ method: 'POST', url: '/connect/unlink', cookies: { guffaw_session: session }, payload: { platform: 'google' } });
    expect(unlink.statusCode).toBe(200);
    expect((await info(session)).user.googleConnected).toBe(false);

    claims = { sub: 'google-user-4', email: 'only-google@example.com', email_verified: true, name: 'Only Google' };
    const only = cookiesOf(await signIn('/')).guffaw_session!;
    const refused = await t.app.inject({ method: 'POST', url: '/connect/unlink', cookies: { guffaw_session: only }, payload: { platform: 'google' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().meta.errorCode).toBe('LAST_SIGN_IN_METHOD');
    expect((await info(only)).user.googleConnected).toBe(true);
    const bad = await t.app.inject({ method: 'POST', url: '/connect/unlink', cookies: { guffaw_session: only }, payload: { platform: 'myspace' } });
    expect(bad.statusCode).toBe(400);
  });
});
