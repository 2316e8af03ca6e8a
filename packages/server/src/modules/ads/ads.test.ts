import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/harness.js';
import { runAdsCommand } from '../../cli/ads.js';
import { makeUser, type TestUser } from '../posts/test-fixtures.js';
import { countEvents, insertCampaign } from './repository.js';
import { pickWeighted, signViewToken, verifyViewToken } from './service.js';

const day = 86_400_000;

describe('ad picking helpers', () => {
  it('picks by weight', () => {
    const items = [{ id: 'a', weight: 1 }, { id: 'b', weight: 3 }];
    expect(pickWeighted(items, 0)?.id).toBe('a');
    expect(pickWeighted(items, 0.24)?.id).toBe('a');
    expect(pickWeighted(items, 0.26)?.id).toBe('b');
    expect(pickWeighted(items, 0.999)?.id).toBe('b');
    expect(pickWeighted([], 0.5)).toBeNull();
    // Over many draws the share follows the weights.
    let b = 0;
    for (let i = 0; i < 4000; i++) if (pickWeighted(items)?.id === 'b') b++;
    expect(b / 4000).toBeGreaterThan(0.7);
    expect(b / 4000).toBeLessThan(0.8);
  });

  it('refuses forged, altered and expired view tokens', () => {
    const token = signViewToken('s1', 7, 'inline_ad', 1000);
    expect(verifyViewToken('s1', token, 2000)).toMatchObject({ campaignId: 7, slot: 'inline_ad' });
    expect(() => verifyViewToken('s2', token, 2000)).toThrow(/not valid/);
    expect(() => verifyViewToken('s1', token.replace(/^7\./, '8.'), 2000)).toThrow(/not valid/);
    expect(() => verifyViewToken('s1', 'x.y', 2000)).toThrow(/not valid/);
    expect(() => verifyViewToken('s1', token, 1000 + day)).toThrow(/expired/);
  });
});

describeEachDatabase('house ads', (kind) => {
  let t: TestApp;
  let member: TestUser;
  let pro: TestUser;
  let proShowing: TestUser;
  let expiredPro: TestUser;
  beforeAll(async () => {
    t = await createTestApp(kind);
    member = await makeUser(t.db, 'adsmember');
    pro = await makeUser(t.db, 'adspro', { tier: 1 });
    proShowing = await makeUser(t.db, 'adsproshow', { tier: 1, preferences: { hideAds: false } });
    expiredPro = await makeUser(t.db, 'adsproold', { tier: 1 });
    await t.db.updateTable('users').set({ proExpiresAt: new Date(Date.now() - day) }).where('id', '=', expiredPro.id).execute();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.deleteFrom('adEvents').execute();
    await t.db.deleteFrom('adCampaigns').execute();
  });

  const base = { cardImageUrl: null, bannerImageUrl: null, navImageUrl: null, background: null, endsAt: null };
  const slot = (query: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/v1/ads/slot?${query}`, headers });
  const impression = (viewToken: unknown) =>
    t.app.inject({ method: 'POST', url: '/v1/ads/impression', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ viewToken }) });

  it('picks a running campaign that has the size, within start and end', async () => {
    await insertCampaign(t.db, { ...base, name: 'leader', link: 'https://a.example/', imageUrl: '/media/a.png', sizes: ['728x90', '970x250'] });
    await insertCampaign(t.db, { ...base, name: 'box', link: 'https://b.example/', imageUrl: '/media/b.png', sizes: ['300x250'] });
    await insertCampaign(t.db, { ...base, name: 'ended', link: 'https://c.example/', imageUrl: '/media/c.png', sizes: ['336x280'], endsAt: new Date(Date.now() - 1000) });
    await insertCampaign(t.db, { ...base, name: 'later', link: 'https://d.example/', imageUrl: '/media/d.png', sizes: ['336x280'], startsAt: new Date(Date.now() + day) });
    const wide = (await slot('slot=inline_ad&size=970x250')).json().data;
    expect(wide.reason).toBeNull();
    expect(wide.ad).toMatchObject({ size: '970x250', width: 970, height: 250, imageUrl: '/media/a.png', collapse: false, slot: 'inline_ad' });
    expect(wide.ad.clickUrl).toBe(`/v1/ads/click?t=${encodeURIComponent(wide.ad.viewToken)}`);
    expect((await slot('slot=sidebar_1&size=300x250')).json().data.ad.imageUrl).toBe('/media/b.png');
    expect((await slot('slot=sidebar_1&size=336x280')).json().data).toEqual({ ad: null, reason: null });
  });

  it('collapses the billboard with a 1x1 creative', async () => {
    await insertCampaign(t.db, { ...base, name: 'pixel', link: 'https://p.example/', imageUrl: '/media/p.png', sizes: ['1x1'] });
    expect((await slot('slot=billboard&size=970x250')).json().data.ad).toMatchObject({ size: '1x1', collapse: true, width: 1, height: 1 });
    expect((await slot('slot=inline_ad&size=970x250')).json().data.ad).toBeNull();
  });

  it('serves no ads to an active Pro with hideAds (default on), in embed mode or in RU', async () => {
    await insertCampaign(t.db, { ...base, name: 'leader', link: 'https://a.example/', imageUrl: '/media/a.png', sizes: ['728x90'] });
    const q = 'slot=inline_ad&size=728x90';
    expect((await slot(q, pro.headers)).json().data).toEqual({ ad: null, reason: 'PRO_HIDE_ADS' });
    expect((await slot(q, proShowing.headers)).json().data.ad).not.toBeNull();
    expect((await slot(q, expiredPro.headers)).json().data.ad).not.toBeNull();
    expect((await slot(q, member.headers)).json().data.ad).not.toBeNull();
    expect((await slot(`${q}&embed=true`)).json().data.reason).toBe('EMBED');
    expect((await slot(q, { 'sec-fetch-dest': 'iframe' })).json().data.reason).toBe('EMBED');
    expect((await slot(`${q}&region=ru`)).json().data.reason).toBe('REGION');
    expect((await slot(q, { 'cf-ipcountry': 'RU' })).json().data.reason).toBe('REGION');
    expect((await slot(`${q}&region=CCPA`)).json().data.ad).not.toBeNull();
    const setup = (await t.app.inject({ method: 'GET', url: '/v1/ads/setup', headers: pro.headers })).json().data;
    expect(setup).toMatchObject({ enabled: false, reason: 'PRO_HIDE_ADS', adCampaign: null, campaigns: [] });
  });

  it('refuses bad slot requests with 400', async () => {
    expect((await slot('slot=header&size=728x90')).statusCode).toBe(400);
    expect((await slot('slot=inline_ad&size=1x1')).statusCode).toBe(400);
    expect((await slot('slot=inline_ad')).json().meta.errorCode).toBe('INVALID_INPUT');
  });

  it('counts an impression once per view token', async () => {
    const c = await insertCampaign(t.db, { ...base, name: 'leader', link: 'https://a.example/', imageUrl: '/media/a.png', sizes: ['728x90'] });
    const first = (await slot('slot=inline_ad&size=728x90')).json().data.ad;
    const second = (await slot('slot=inline_ad&size=728x90')).json().data.ad;
    expect((await impression(first.viewToken)).json().data).toEqual({ counted: true });
    expect((await impression(first.viewToken)).json().data).toEqual({ counted: false });
    expect((await impression(second.viewToken)).json().data).toEqual({ counted: true });
    expect(await countEvents(t.db, c.id, 'impression')).toBe(2);
    const forged = await impression(`${c.id}.inline_ad.${Date.now()}.abc.def`);
    expect(forged.statusCode).toBe(400);
    expect(forged.json().meta.errorCode).toBe('INVALID_AD_TOKEN');
    expect((await impression('')).statusCode).toBe(400);
    expect(await countEvents(t.db, c.id, 'impression')).toBe(2);
  });

  it('redirects a click only to the stored link, counted once', async () => {
    const c = await insertCampaign(t.db, { ...base, name: 'leader', link: 'https://a.example/landing?x=1', imageUrl: '/media/a.png', sizes: ['728x90'] });
    const ad = (await slot('slot=inline_ad&size=728x90')).json().data.ad;
    const click = await t.app.inject({ method: 'GET', url: ad.clickUrl });
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe('https://a.example/landing?x=1');
    await t.app.inject({ method: 'GET', url: ad.clickUrl });
    expect(await countEvents(t.db, c.id, 'click')).toBe(1);
    // No target can be smuggled in: extra parameters are ignored, forged tokens refused.
    const smuggled = await t.app.inject({ method: 'GET', url: `${ad.clickUrl}&url=https://evil.example/` });
    expect(smuggled.headers.location).toBe('https://a.example/landing?x=1');
    const forged = await t.app.inject({ method: 'GET', url: `/v1/ads/click?t=${encodeURIComponent(ad.viewToken.replace(/.$/, 'A'))}x` });
    expect(forged.statusCode).toBe(400);
    expect(forged.headers.location).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: '/v1/ads/click' })).statusCode).toBe(400);
    // A removed campaign's token leads nowhere.
    await t.db.deleteFrom('adCampaigns').where('id', '=', c.id).execute();
    expect((await t.app.inject({ method: 'GET', url: ad.clickUrl })).statusCode).toBe(404);
  });

  it('gives the campaign banner, nav link and background in /v1/ads/setup', async () => {
    await insertCampaign(t.db, {
      ...base, name: 'fest', link: 'https://fest.example/', imageUrl: '/media/f.png', sizes: ['300x250'],
      cardImageUrl: '/media/card.png', bannerImageUrl: '/media/banner.png', navImageUrl: '/media/nav.png', background: '#1d2a44',
    });
    const setup = (await t.app.inject({ method: 'GET', url: '/v1/ads/setup' })).json().data;
    expect(setup).toMatchObject({
      enabled: true,
      reason: null,
      adCampaign: { navLink: { url: 'https://fest.example/', image: '/media/nav.png' }, background: '#1d2a44' },
      campaigns: [{ link: 'https://fest.example/', images: { card: { url: '/media/card.png' }, banner: { url: '/media/banner.png' } } }],
    });
    expect(setup.inlineIntervals.length).toBeGreaterThan(0);
  });

  it('manages campaigns from the command line', async () => {
    const out: string[] = [];
    const run = (...argv: string[]) => runAdsCommand(t.db, argv, (l) => out.push(l));
    await run('campaign:add', '--name', 'House', '--link', 'https://guffaw.example/pro', '--image', '/media/h.png', '--size', '728x90', '--size', '300x250', '--weight', '3');
    expect(out.pop()).toMatch(/^campaign \d+ added: House \(728x90, 300x250, weight 3\)$/);
    await expect(run('campaign:add', '--name', 'X', '--link', 'javascript:alert(1)', '--image', '/i.png', '--size', '728x90')).rejects.toThrow(/--link/);
    await expect(run('campaign:add', '--name', 'X', '--link', 'https://x.example/', '--image', '/i.png', '--size', '640x480')).rejects.toThrow(/--size/);
    await expect(run('campaign:add', '--name', 'X', '--link', 'https://x.example/', '--image', '/i.png', '--size', '728x90', '--background', 'red;}body{')).rejects.toThrow(/--background/);
    await run('campaign:list');
    const line = out.pop() as string;
    expect(line).toMatch(/House\t728x90,300x250\tweight 3\t.*\t0 impressions\t0 clicks\thttps:\/\/guffaw.example\/pro$/);
    const id = line.split('\t')[0] as string;
    await run('campaign:list', '--json');
    expect(JSON.parse(out.pop() as string)).toEqual([
      expect.objectContaining({ id: Number(id), name: 'House', sizes: ['728x90', '300x250'], weight: 3, impressions: 0, clicks: 0, link: 'https://guffaw.example/pro' }),
    ]);
    await run('campaign:remove', '--id', id);
    expect(out.pop()).toBe(`campaign ${id} removed`);
    await run('campaign:list');
    expect(out.pop()).toBe('no campaigns');
  });
});
