import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Value } from '@sinclair/typebox/value';
import {
  AnalyticsBatchReply, AuthProvidersReply, FollowedPagesReply, PageConfig, FollowUpdateReply, MemeTemplatesReply, PrivacyRegionReply, ReferralStatusReply, ThreadFollowReply,
} from '@guffaw/api';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeUser, type TestUser } from '../src/modules/posts/test-fixtures.js';
import { createPageRenderer } from '../src/modules/site/pages.js';
import { writeMemeTemplates } from '../src/seed/templates.js';
import { startContractApp, type ContractApp } from './contract-kit.js';
import { describeEachDatabase } from './harness.js';

/**
 * The smaller modules' typed routes (@guffaw/api) on real replies, through contract-kit.ts: each reply matches its
 * contract schema, and its bytes are exactly JSON.stringify of what the handler returned.
 */
describeEachDatabase('smaller main API replies against the @guffaw/api contract', (kind) => {
  let t: ContractApp;
  let member: TestUser;
  const typed: ContractApp['typed'] = (schema, options) => t.typed(schema, options);
  const oidc = { OIDC_GOOGLE_ISSUER: 'https://accounts.google.test', OIDC_GOOGLE_CLIENT_ID: 'contract-client', OIDC_GOOGLE_CLIENT_SECRET: 'contract-secret' };

  beforeAll(async () => {
    // The sign-in providers are read from the environment when the app is built.
    Object.assign(process.env, oidc);
    try {
      t = await startContractApp(kind, { privacyRegionHeaders: ['cf-ipcountry', 'cf-region-code'] });
    } finally {
      for (const key of Object.keys(oidc)) delete process.env[key];
    }
    member = await makeUser(t.db, 'contractsite');
    await t.db.insertInto('interests').values({ key: 'funny', name: 'Funny' }).onConflict((oc) => oc.doNothing()).execute();
    await writeMemeTemplates({ mediaDir: join(t.app.config.dataDir, 'media'), publicUrl: 'http://localhost' });
  });
  afterAll(() => t.close());

  it('the analytics batch sends AnalyticsBatchReply', async () => {
    const events = [{ name: 'page-view', page: 'Home', ts: Math.floor(Date.now() / 1000), data: { key: 'Home' } }];
    const payload = JSON.stringify({ payload: Buffer.from(JSON.stringify(events), 'utf8').toString('base64'), session: 'contract-1' });
    const { data } = await typed(AnalyticsBatchReply, { method: 'POST', url: '/v1/analytics/events', payload, headers: { 'content-type': 'application/json' } });
    expect(data).toEqual({ received: 1, stored: 1 });
  });

  it('the referral status sends ReferralStatusReply', async () => {
    for (const mode of ['prod', 'pro']) {
      const { data } = await typed(ReferralStatusReply, { method: 'POST', url: '/v1/moonit-status', user: member, payload: { mode } });
      expect((data as ReferralStatusReply).mode).toBe(mode);
    }
  });

  it('the privacy region sends PrivacyRegionReply, with and without a location', async () => {
    const ca = await typed(PrivacyRegionReply, { url: '/v1/privacy-region', headers: { 'cf-ipcountry': 'US', 'cf-region-code': 'CA', 'sec-gpc': '1' } });
    expect(ca.data).toEqual({ region: 'CCPA', doNotSell: true, location: 'US-CA' });
    const unknown = await typed(PrivacyRegionReply, { url: '/v1/privacy-region' });
    expect((unknown.data as PrivacyRegionReply).location).toBeNull();
  });

  it('the thread follow calls send ThreadFollowReply', async () => {
    const status = await typed(ThreadFollowReply, { method: 'POST', url: '/v1/follow-thread-status', user: member, payload: { threadId: 'c1' } });
    expect(status.data).toEqual({ followed: false });
    const unfollow = await typed(ThreadFollowReply, { method: 'POST', url: '/v1/follow-thread', user: member, payload: { threadId: 'c1', follow: 'false' } });
    expect(unfollow.data).toEqual({ followed: false });
  });

  it('the meme templates call sends MemeTemplatesReply', async () => {
    const { data } = await typed(MemeTemplatesReply, { url: '/v1/meme-templates' });
    expect((data as MemeTemplatesReply).templates[0]).toEqual({ id: '01-surprised-face', name: 'Surprised face', url: '/media/meme-templates/01-surprised-face.jpg' });
  });

  it('the sign-in providers call sends AuthProvidersReply', async () => {
    const { data } = await typed(AuthProvidersReply, { url: '/v1/auth-providers' });
    expect(data).toEqual({ providers: ['google'] });
  });

  it('the followed pages calls send FollowedPagesReply and FollowUpdateReply, to guests and members', async () => {
    const guest = await typed(FollowedPagesReply, { url: '/user-followed-pages' });
    expect(guest.data).toEqual({ tags: [], interests: [] });
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const tag = await typed(FollowUpdateReply, { method: 'POST', url: '/user-followed-pages/tag/cats', user: member, payload: 'isFollowing=1', headers: form });
    expect(tag.data).toMatchObject({ key: 'cats', name: 'cats', url: '/tag/cats', isFollowing: 1, notification: 'Some' });
    await typed(FollowUpdateReply, { method: 'POST', url: '/user-followed-pages/interest/funny', user: member, payload: 'isFollowing=1', headers: form });
    const { data } = await typed(FollowedPagesReply, { url: '/user-followed-pages', user: member });
    expect((data as FollowedPagesReply).tags.map((p) => p.key)).toEqual(['cats']);
    expect((data as FollowedPagesReply).interests.map((p) => p.name)).toEqual(['Funny']);
    const off = await typed(FollowUpdateReply, { method: 'POST', url: '/user-followed-pages/tag/cats', user: member, payload: 'isFollowing=0', headers: form });
    expect(off.data).toMatchObject({ isFollowing: 0, notification: 'No' });
  });

  it('every page carries PageConfig, with every field the schema names and no other', async () => {
    const siteDir = mkdtempSync(join(tmpdir(), 'guffaw-contract-page-'));
    try {
      writeFileSync(join(siteDir, 'index.html'), '<html><head><title>t</title></head><body><div id="root"></div></body></html>');
      const settings = [
        t.app.config,
        { ...t.app.config, referralFeature: 2 as const, referralPartner: { name: 'Partner', url: 'https://partner.example/', devUrl: 'https://dev.partner.example/' }, supportChatUrl: 'https://chat.example/launcher.js' },
      ];
      for (const config of settings) {
        const page = await createPageRenderer({ siteDir, ctx: { db: t.db, config }, log: t.app.log, entry: null });
        const { html } = await page({ url: '/' } as FastifyRequest);
        const text = /<script type="application\/json" id="guffaw-config">([\s\S]*?)<\/script>/.exec(html)?.[1];
        const embedded = JSON.parse(text ?? 'null') as PageConfig;
        expect([...Value.Errors(PageConfig, embedded)].map((e) => `${e.path}: ${e.message}`)).toEqual([]);
        expect(Object.keys(embedded)).toEqual(Object.keys(PageConfig.properties));
        expect(Object.keys(embedded.features)).toEqual(Object.keys(PageConfig.properties.features.properties));
      }
    } finally {
      rmSync(siteDir, { recursive: true, force: true });
    }
  });
});
