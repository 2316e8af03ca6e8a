import { jwtVerify } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.js';
import { emailHash } from './email-rules.js';
import { makePost, makeUser } from '../posts/test-fixtures.js';
import { cookiesOf, lastMailTo, outbox, signUp } from './test-helpers.js';
import { useAccountsApp } from './accounts-fixture.js';

describeEachDatabase('accounts: user info and settings', (kind) => {
  const { t, info, login } = useAccountsApp(kind);

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
});
