import { SignJWT } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.js';
import { createApp, createCommentsTestApp, post, tokenFor, type CommentsTestApp } from './test-kit.js';

/** A token that names `sub` but is signed with a key the attacker made up. */
const forge = (appId: string, sub: string, i: number) =>
  new SignJWT({ name: sub })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(sub)
    .setAudience(appId)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(`attacker-secret-${i}-attacker-secret`));

describeEachDatabase('comment write limits key on verified identities', (kind) => {
  let t: CommentsTestApp;
  beforeAll(async () => {
    t = await createCommentsTestApp(kind);
    t.rateLimits.comment = 20;
  });
  afterAll(() => t.close());

  it('20 forged tokens naming a victim do not stop the victim from posting; they spend the forger address budget', async () => {
    const site = await createApp(t.db, 'victim-site', { quotaPerHour: 1000 });
    const url = 'https://victim-site.example/a';
    const forged: Array<{ status: number; code: string | undefined }> = [];
    for (let i = 0; i < 21; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/comments/v2/add-comment.json',
        remoteAddress: '203.0.113.66',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ appId: site.id, auth: await forge(site.id, 'victim', i), url, text: `spam ${i}` }).toString(),
      });
      forged.push({ status: res.statusCode, code: (res.json() as { code?: string }).code });
    }
    expect(forged.slice(0, 20).every((r) => r.status === 401 && r.code === 'AUTH_INVALID')).toBe(true);
    expect(forged[20]).toEqual({ status: 429, code: 'RATE_LIMITED' });

    const victim = await tokenFor(site, 'victim');
    const own = await post(t.app, 'add-comment.json', { appId: site.id, auth: victim, url, text: 'still here' });
    expect([own.status, own.body.status]).toEqual([200, 'OK']);
  });

  it('a valid token is counted against its user, whatever the address', async () => {
    const site = await createApp(t.db, 'busy-site', { quotaPerHour: 1000 });
    const auth = await tokenFor(site, 'fast');
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/comments/v2/add-comment.json',
        remoteAddress: `198.51.100.${i + 1}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ appId: site.id, auth, url: 'https://busy-site.example/a', text: `n${i}` }).toString(),
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
