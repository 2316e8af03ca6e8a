import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.js';
import { testConfig } from '../../config.js';
import { issueChallenge } from '../../lib/proof-of-work.js';
import { proofScopeOf } from './routes/write-guard.js';
import { createApp, createCommentsTestApp, post, proofFor, solveChallenge, tokenFor, type CommentsTestApp } from './test-kit.js';

/** The spam defences of MODERATION.md on every write: proof of work, fresh identities, the flood of one identity. */

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
/** Comments in the sections of an app, and the app's comment users. */
const commentsOf = async (t: CommentsTestApp, appId: string) =>
  Number(
    (await t.db.selectFrom('comments').innerJoin('commentSections', 'commentSections.id', 'comments.sectionId').where('commentSections.appId', '=', appId).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n,
  );
const usersOf = async (t: CommentsTestApp, appId: string) =>
  Number((await t.db.selectFrom('commentUsers').where('appId', '=', appId).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describeEachDatabase('comment spam defences', (kind) => {
  let t: CommentsTestApp;
  beforeAll(async () => {
    t = await createCommentsTestApp(kind, {}, { commentSpam: { ...testConfig().commentSpam, proofRequired: true, rules: true, newUsersPerAddress: 10 } });
    // The production limits (kit.ts RATE_LIMITS), which the other comment tests raise.
    Object.assign(t.rateLimits, { comment: 20, upload: 20, action: 120 });
  });
  afterAll(() => t.close());

  describe('proof of work', () => {
    it('refuses writes with a missing, wrong, foreign, expired or replayed proof with a 4xx and its code, writing nothing', async () => {
      const site = await createApp(t.db, 'pow-site');
      const url = 'https://pow-site.example/a';
      const alice = await tokenFor(site, 'alice');
      const bob = await tokenFor(site, 'bob');
      const add = (headers: Record<string, string>, auth = alice) => post(t.app, 'add-comment.json', { appId: site.id, auth, url, text: `hello ${randomBytes(4).toString('hex')}` }, headers);

      expect((await post(t.app, 'wp.json', { appId: site.id })).body.code).toBe('AUTH_REQUIRED');
      const noProof = await add({ 'x-wp': '' });
      expect([noProof.status, noProof.body.code]).toEqual([400, 'WP_MISSING']);
      const garbage = await add({ 'x-wp': 'bm90IGEgcHJvb2Y=' });
      expect([garbage.status, garbage.body.code]).toEqual([403, 'WP_INVALID']);
      // Bob's proof is no good for Alice, nor is one of the main API (/v1/wp: no scope).
      const bobs = await add({ 'x-wp': (await proofFor(t.app, site.id, bob)) as string });
      expect([bobs.status, bobs.body.code]).toEqual([403, 'WP_INVALID']);
      const mainApi = await add({ 'x-wp': solveChallenge(await issueChallenge(t.config.sessionSecret, 100)) });
      expect([mainApi.status, mainApi.body.code]).toEqual([403, 'WP_INVALID']);
      // A wrong number for a genuine challenge.
      const wp = (await post(t.app, 'wp.json', { appId: site.id, auth: alice })).body.payload.wp as { salt: string; challenge: string; signature: string };
      const wrong = Buffer.from(JSON.stringify({ algorithm: 'SHA-256', challenge: wp.challenge, number: -1, salt: wp.salt, signature: wp.signature })).toString('base64');
      expect((await add({ 'x-wp': wrong })).body.code).toBe('WP_INVALID');
      // A challenge issued 11 minutes ago has expired.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() - 11 * 60_000);
      const old = await issueChallenge(t.config.sessionSecret, 100, proofScopeOf(site.id, 'alice'));
      vi.useRealTimers();
      expect((await add({ 'x-wp': solveChallenge(old) })).body.code).toBe('WP_EXPIRED');
      expect([await commentsOf(t, site.id), await usersOf(t, site.id)]).toEqual([0, 0]);

      const proof = (await proofFor(t.app, site.id, alice)) as string;
      expect((await add({ 'x-wp': proof })).status).toBe(200);
      const replay = await add({ 'x-wp': proof });
      expect([replay.status, replay.body.code]).toEqual([403, 'WP_REPLAYED']);
      expect(await commentsOf(t, site.id)).toBe(1);
    });

    it('asks a proof of like, report, link previews and media uploads too', async () => {
      const site = await createApp(t.db, 'pow-calls');
      const auth = await tokenFor(site, 'carol');
      const { body } = await post(t.app, 'add-comment.json', { appId: site.id, auth, url: 'https://pow-calls.example/a', text: 'a comment to like' });
      const commentId = (body.payload.comment as { commentId: string }).commentId;
      for (const [path, fields] of [
        ['like.json', { commentId, value: '1' }],
        ['report.json', { commentId, userReportData: '{"reason":1}' }],
        ['link-attachment.json', { url: 'https://example.com/' }],
        ['media.json', { url: 'https://example.com/a.png' }],
      ] as const) {
        const res = await t.app.inject({ method: 'POST', url: `/comments/v2/${path}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form({ appId: site.id, auth, ...fields }) });
        expect([path, res.statusCode, res.json().code]).toEqual([path, 400, 'WP_MISSING']);
      }
      const multipart = await t.app.inject({
        method: 'POST',
        url: '/comments/v2/media.json',
        headers: { 'content-type': 'multipart/form-data; boundary=b' },
        payload: `--b\r\ncontent-disposition: form-data; name="appId"\r\n\r\n${site.id}\r\n--b\r\ncontent-disposition: form-data; name="auth"\r\n\r\n${auth}\r\n--b\r\ncontent-disposition: form-data; name="blob"; filename="a.png"\r\ncontent-type: image/png\r\n\r\nxx\r\n--b--\r\n`,
      });
      expect([multipart.statusCode, multipart.json().code]).toEqual([400, 'WP_MISSING']);
      const liked = await post(t.app, 'like.json', { appId: site.id, auth, commentId, value: 1 });
      expect(liked.body.payload).toMatchObject({ likeCount: 1, dislikeCount: 0 });
      expect(await t.db.selectFrom('commentMedia').select('token').execute()).toEqual([]);
    });

    it('makes the work harder for an identity that asks often', async () => {
      const site = await createApp(t.db, 'pow-fast');
      const auth = await tokenFor(site, 'dave');
      const sizes: number[] = [];
      for (let i = 0; i < 31; i++) sizes.push(((await post(t.app, 'wp.json', { appId: site.id, auth })).body.payload.wp as { maxnumber: number }).maxnumber);
      const base = t.config.commentSpam.proofMaxNumber;
      expect([sizes[0], sizes[9], sizes[10], sizes[20], sizes[30]]).toEqual([base, base, 2 * base, 4 * base, 8 * base]);
      // Another identity starts from the bottom.
      expect(((await post(t.app, 'wp.json', { appId: site.id, auth: await tokenFor(site, 'erin') })).body.payload.wp as { maxnumber: number }).maxnumber).toBe(base);
    });
  });

  describe('the flood', () => {
    it('one identity trying 1,000 comments in a minute gets the quota through; every refusal is a 4xx with a code, nothing half-written', async () => {
      const site = await createApp(t.db, 'flood', { quotaPerHour: 15 });
      const url = 'https://flood.example/a';
      const auth = await tokenFor(site, 'mallory');
      await post(t.app, 'add-comment.json', { appId: site.id, auth, url, text: 'first, before the flood' });
      const user = await t.db.selectFrom('commentUsers').select('id').where('appId', '=', site.id).executeTakeFirstOrThrow();
      // 40 link attachments of hers: the first 40 tries each carry one.
      const tokens = Array.from({ length: 40 }, () => randomBytes(8).toString('hex'));
      await t.db
        .insertInto('commentMedia')
        .values(tokens.map((token) => ({ token, appId: site.id, userId: user.id, kind: 'link', item: JSON.stringify({ url: 'https://example.com/', title: '', description: '', imageUrl: '', siteName: 'example.com' }) })))
        .execute();
      const started = Date.now();
      const results: { status: number; code: string | undefined; token: string | undefined }[] = [];
      for (let batch = 0; batch < 20; batch++) {
        results.push(
          ...(await Promise.all(
            Array.from({ length: 50 }, async (_, j) => {
              const i = batch * 50 + j;
              const token = tokens[i];
              const res = await post(t.app, 'add-comment.json', {
                appId: site.id,
                auth,
                url,
                text: `${randomBytes(6).toString('base64url')} number ${i}`,
                attachments: token ? JSON.stringify([{ type: 'link', token }]) : undefined,
              });
              return { status: res.status, code: res.body.code, token };
            }),
          )),
        );
      }
      expect(Date.now() - started).toBeLessThan(60_000);
      const ok = results.filter((r) => r.status === 200);
      const refused = results.filter((r) => r.status !== 200);
      // 1 before the flood: at most 14 more within the quota of 15.
      expect(ok.length).toBeLessThanOrEqual(14);
      expect(ok.length).toBeGreaterThan(0);
      expect(refused.every((r) => r.status >= 400 && r.status < 500 && typeof r.code === 'string' && r.code.length > 0)).toBe(true);
      expect(new Set(refused.map((r) => r.code))).toEqual(new Set(['QUOTA_EXCEEDED', 'RATE_LIMITED']));

      // Nothing half-written: her comments, the section's total, her quota and the claimed attachments match the 200s.
      const written = await t.db.selectFrom('comments').select(['heldAt', 'isHidden', 'attachments']).where('userId', '=', user.id).execute();
      expect(written.length).toBe(ok.length + 1);
      const section = await t.db.selectFrom('commentSections').select('total').where('appId', '=', site.id).executeTakeFirstOrThrow();
      expect(section.total).toBe(written.filter((c) => c.heldAt === null && !c.isHidden).length);
      const quota = await t.db.selectFrom('commentQuotas').select('used').where('userId', '=', user.id).executeTakeFirstOrThrow();
      expect(quota.used).toBe(ok.length + 1);
      const claimed = await t.db.selectFrom('commentMedia').select('token').where('appId', '=', site.id).where('commentId', 'is not', null).execute();
      expect(claimed.map((c) => c.token).sort()).toEqual(ok.filter((r) => r.token).map((r) => r.token).sort());
    }, 60_000);

    it('50 fresh accounts from one client: the 11th and later are throttled (429 RATE_LIMITED) whatever X-Forwarded-For says; no user row for them', async () => {
      const site = await createApp(t.db, 'sybil');
      const url = 'https://sybil.example/a';
      const results: { status: number; code: string | undefined; error: string | undefined }[] = [];
      for (let i = 0; i < 50; i++) {
        const auth = await tokenFor(site, `fresh-${i}`);
        const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': `198.51.100.${i + 1}` };
        const proof = await proofFor(t.app, site.id, auth);
        if (proof) headers['x-wp'] = proof;
        const res = await t.app.inject({ method: 'POST', url: '/comments/v2/add-comment.json', remoteAddress: '203.0.113.7', headers, payload: form({ appId: site.id, auth, url, text: `hello from number ${i}` }) });
        const body = res.json() as { code?: string; error?: string };
        results.push({ status: res.statusCode, code: body.code, error: body.error });
      }
      expect(results.slice(0, 10).every((r) => r.status === 200)).toBe(true);
      expect(results.slice(10).every((r) => r.status === 429 && r.code === 'RATE_LIMITED')).toBe(true);
      expect(results[10]?.error).toMatch(/Too many new accounts have commented from your network\. Please try again in \d+ minutes\./);
      expect(await usersOf(t, site.id)).toBe(10);
      // A known account from that address still writes, and a new one from another address is welcome.
      expect((await post(t.app, 'add-comment.json', { appId: site.id, auth: await tokenFor(site, 'fresh-0'), url, text: 'still me' })).status).toBe(200);
      const other = await tokenFor(site, 'fresh-elsewhere');
      const proof = (await proofFor(t.app, site.id, other)) as string;
      const elsewhere = await t.app.inject({ method: 'POST', url: '/comments/v2/add-comment.json', remoteAddress: '192.0.2.9', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-wp': proof }, payload: form({ appId: site.id, auth: other, url, text: 'hi' }) });
      expect(elsewhere.statusCode).toBe(200);
    });
  });

  describe('add-comment rules', () => {
    const heldReason = async (res: { body: { payload: Record<string, unknown> } }) =>
      (await t.db.selectFrom('comments').select('heldReason').where('commentId', '=', (res.body.payload.comment as { commentId: string }).commentId).executeTakeFirstOrThrow()).heldReason;
    const ageUser = (appId: string, sub: string) =>
      t.db.updateTable('commentUsers').set({ createdAt: new Date(Date.now() - 2 * 86_400_000) }).where('appId', '=', appId).where('externalId', '=', sub).execute();

    it('refuses the same text by the same author within 10 minutes with 409 DUPLICATE_COMMENT; another author or later is fine', async () => {
      const site = await createApp(t.db, 'dup-site');
      const url = 'https://dup-site.example/a';
      const [ann, ben] = [await tokenFor(site, 'ann'), await tokenFor(site, 'ben')];
      expect((await post(t.app, 'add-comment.json', { appId: site.id, auth: ann, url, text: 'Hello   World' })).status).toBe(200);
      const again = await post(t.app, 'add-comment.json', { appId: site.id, auth: ann, url: 'https://dup-site.example/b', text: 'hello world ' });
      expect([again.status, again.body.code]).toEqual([409, 'DUPLICATE_COMMENT']);
      expect(await commentsOf(t, site.id)).toBe(1);
      expect((await post(t.app, 'add-comment.json', { appId: site.id, auth: ben, url, text: 'Hello World' })).status).toBe(200);
      await t.db.updateTable('comments').set({ createdAt: new Date(Date.now() - 11 * 60_000) }).where('text', '=', 'Hello   World').execute();
      expect((await post(t.app, 'add-comment.json', { appId: site.id, auth: ann, url, text: 'hello world' })).status).toBe(200);
    });

    it('holds links in the first comments of a new account (links); not an older account, nor one with 3 approved comments', async () => {
      const site = await createApp(t.db, 'link-site');
      const url = 'https://link-site.example/a';
      const [fresh, old, regular] = [await tokenFor(site, 'fresh'), await tokenFor(site, 'old'), await tokenFor(site, 'regular')];
      const held = await post(t.app, 'add-comment.json', { appId: site.id, auth: fresh, url, text: 'My shop: https://shop.example/deal' });
      expect(held.status).toBe(200);
      expect(await heldReason(held)).toBe('links');
      expect(await heldReason(await post(t.app, 'add-comment.json', { appId: site.id, auth: fresh, url, text: 'No link this time' }))).toBeNull();
      await post(t.app, 'add-comment.json', { appId: site.id, auth: old, url, text: 'first words' });
      await ageUser(site.id, 'old');
      // A new token (another name): the service keeps a verified token's user for 10 s.
      expect(await heldReason(await post(t.app, 'add-comment.json', { appId: site.id, auth: await tokenFor(site, 'old', 'Old Timer'), url, text: 'See https://news.example/story' }))).toBeNull();
      for (const text of ['one', 'two', 'three']) await post(t.app, 'add-comment.json', { appId: site.id, auth: regular, url, text });
      expect(await heldReason(await post(t.app, 'add-comment.json', { appId: site.id, auth: regular, url, text: 'See https://news.example/story' }))).toBeNull();
    });

    it('holds what the built-in score or the Akismet-compatible checker calls spam; a checker that is down lets comments through', async () => {
      const checks: string[] = [];
      const akismet = createServer((req, res) => {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString()));
        req.on('end', () => {
          const content = new URLSearchParams(body).get('comment_content') ?? '';
          checks.push(content);
          res.end(content.includes('viagra') ? 'true' : 'false');
        });
      });
      await new Promise<void>((resolve) => akismet.listen(0, '127.0.0.1', resolve));
      const site = await createApp(t.db, 'spam-site');
      const url = 'https://spam-site.example/a';
      const auth = await tokenFor(site, 'seller');
      await post(t.app, 'add-comment.json', { appId: site.id, auth, url, text: 'hello there' });
      await ageUser(site.id, 'seller');
      const aged = await tokenFor(site, 'seller', 'Seller');
      try {
        const scored = await post(t.app, 'add-comment.json', { appId: site.id, auth: aged, url, text: `${'free '.repeat(12)}money https://a.example https://b.example https://c.example` });
        expect(await heldReason(scored)).toBe('spam');
        t.config.commentSpam.akismet = { key: 'k', url: `http://127.0.0.1:${(akismet.address() as AddressInfo).port}` };
        expect(await heldReason(await post(t.app, 'add-comment.json', { appId: site.id, auth: aged, url, text: 'cheap viagra here' }))).toBe('spam');
        expect(await heldReason(await post(t.app, 'add-comment.json', { appId: site.id, auth: aged, url, text: 'a nice picture' }))).toBeNull();
        expect(checks).toEqual(['cheap viagra here', 'a nice picture']);
        t.config.commentSpam.akismet = { key: 'k', url: 'http://127.0.0.1:9' };
        expect(await heldReason(await post(t.app, 'add-comment.json', { appId: site.id, auth: aged, url, text: 'more viagra, checker down' }))).toBeNull();
      } finally {
        t.config.commentSpam.akismet = null;
        await new Promise<void>((resolve) => akismet.close(() => resolve()));
      }
    });
  });
});
