import { describe, expect, it } from 'vitest';
import { createChallenge } from 'altcha-lib/v1';
import { describeEachDatabase } from '../../../test/harness.js';
import { proofKey, verifyProof } from '../../lib/proof-of-work.js';
import { cookiesOf, lastMailTo, nextIp, signUp, solveProof, waitForMail } from './test-helpers.js';
import { JSON_ACCEPT, useAccountsApp } from './accounts-fixture.js';

describeEachDatabase('accounts: password reset, proof of work and social sign-in', (kind) => {
  const { t, login } = useAccountsApp(kind);

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
