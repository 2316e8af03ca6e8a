import { Value } from '@sinclair/typebox/value';
import {
  AdSlotReply, AdsSetup, AppConfig, InterestsReply, UserInfo, ImpressionReply, ListPage, MarkReadReply, NotificationListReply, PostArticle, PostImages, PostReply, PostVideo, ProfileReply,
} from '@guffaw/api';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertCampaign } from '../src/modules/ads/repository.js';
import { notify } from '../src/modules/notifications/service.js';
import { makePost, makeUser, type TestUser } from '../src/modules/posts/test-fixtures.js';
import { startContractApp, type ContractApp } from './contract-kit.js';
import { describeEachDatabase } from './harness.js';

/**
 * The main API's typed routes (@guffaw/api) on real replies: each reply matches its contract schema, and its bytes are
 * exactly JSON.stringify of what the handler returned. A reply schema serializes with fast-json-stringify, which drops
 * any field it does not list and writes fields in its own order: either would change what clients get.
 */
describeEachDatabase('main API replies against the @guffaw/api contract', (kind) => {
  let c: ContractApp;
  let member: TestUser;
  const db = () => c.db;
  const typed: ContractApp['typed'] = (schema, options) => c.typed(schema, options);

  beforeAll(async () => {
    c = await startContractApp(kind);
    const { app, db } = c;
    const op = await makeUser(db, 'contractop');
    member = await makeUser(db, 'contractreader');
    await makePost(db, { id: 'c-photo', creatorId: op.id, tags: ['cats', 'cute'], interests: ['funny'], up: 5, ageSeconds: 600 });
    await makePost(db, { id: 'c-anon', creatorId: op.id, isAnonymous: true, tags: ['cats'], nsfw: true, ageSeconds: 500 });
    await makePost(db, { id: 'c-video', type: 'Video', tags: ['cats'], promoted: true, ageSeconds: 400 });
    await makePost(db, { id: 'c-article', type: 'Article', tags: ['cats'], isOffensive: true, ageSeconds: 300 });
    await makePost(db, { id: 'coll', type: 'CollectionPage', ageSeconds: 200 });
    await db.insertInto('collectionItems').values([{ collectionId: 'coll', postId: 'c-photo', position: 1 }]).execute();
    // Stored JSON with keys in an order no schema would write: it must go out as it is.
    await db.updateTable('posts').set({
      video: JSON.stringify({ source: 'youtube', id: 'abc', startTs: 3 }),
      ctaData: JSON.stringify({ url: 'https://shop.example/', title: 'Buy' }),
      credit: JSON.stringify({ name: 'someone', extra: [1, 2] }),
    }).where('id', '=', 'c-video').execute();
    await db.updateTable('posts').set({
      article: JSON.stringify({ medias: { m1: { type: 'Photo', image700: { url: '/m1.jpg', width: 700, height: 400 } } }, blocks: [{ type: 'RichText', content: '<p>x</p>' }, { type: 'Media', mediaId: 'm1' }] }),
    }).where('id', '=', 'c-article').execute();
    await db.insertInto('tags').values({ key: 'lonely', description: 'A tag' }).onConflict((oc) => oc.doNothing()).execute();

    await notify(db, app.bus, { userId: member.id, type: 'UPVOTE', groupKey: 'UPVOTE:post:c-photo', actorUserId: op.id, url: '/gag/c-photo' });
    await notify(db, app.bus, { userId: member.id, type: 'COMMENT_REPLY', groupKey: 'COMMENT_REPLY:x', actorUserId: op.id, url: '/gag/c-photo#cs_comment_id=1' });
    await insertCampaign(db, {
      name: 'contract', link: 'https://shop.example/', imageUrl: 'https://cdn.example/ad.png', sizes: ['300x250', '1x1'], endsAt: null,
      cardImageUrl: 'https://cdn.example/card.png', bannerImageUrl: 'https://cdn.example/banner.png', navImageUrl: 'https://cdn.example/nav.png', background: '#123456',
    });
  });
  afterAll(async () => {
    await c.close();
  });

  it('the list calls send ListPage, every field of every post, stored JSON as stored', async () => {
    const lists = [
      '/v1/feed-posts/type/hot',
      '/v1/feed-posts/type/fresh',
      '/v1/group-posts/type/top/timeframe/week',
      '/v1/tag-posts/tag/cats/type/fresh',
      '/v1/tag-posts/tag/lonely/type/hot',
      '/v1/interest-posts/interest/funny/type/hot',
      '/v1/user-posts/username/contractop/type/posts',
      '/v1/search-posts?query=post',
      '/v1/related-posts?id=c-photo',
      '/v1/collection-posts?id=coll',
      '/v1/related-articles?id=c-article',
    ];
    const seen = new Set<string>();
    for (const url of lists) {
      for (const user of [undefined, member]) {
        const { data } = await typed(ListPage, { url, method: user ? 'POST' : 'GET', ...(user ? { user } : {}) });
        const page = data as ListPage;
        for (const post of page.posts) {
          seen.add(post.id);
          expect(Value.Check(PostImages, post.images), `${post.id} images`).toBe(true);
          if (post.video !== null) expect(Value.Check(PostVideo, post.video), `${post.id} video`).toBe(true);
          if (post.article !== null) expect(Value.Check(PostArticle, post.article), `${post.id} article`).toBe(true);
        }
      }
    }
    expect([...seen].sort()).toEqual(['c-anon', 'c-article', 'c-photo', 'c-video', 'coll']);
  });

  it('the single post call sends PostReply, the profile call ProfileReply', async () => {
    for (const id of ['c-photo', 'c-anon', 'c-video', 'c-article', 'coll']) {
      const { data } = await typed(PostReply, { url: `/v1/post?id=${id}` });
      expect((data as PostReply).post.id).toBe(id);
    }
    const { data } = await typed(PostReply, { url: '/v1/post?id=c-video', method: 'POST', user: member });
    const profile = await typed(ProfileReply, { url: '/v1/user-profile?username=contractop' });
    expect((profile.data as ProfileReply).profile.username).toBe('contractop');
    expect((data as PostReply).post).toMatchObject({ ctaData: { url: 'https://shop.example/', title: 'Buy' }, credit: { name: 'someone', extra: [1, 2] } });
  });

  it('the config and interests calls send AppConfig and InterestsReply', async () => {
    await db().insertInto('interests').values({ key: 'funny', name: 'Funny' }).onConflict((oc) => oc.doNothing()).execute();
    for (const user of [undefined, member]) {
      const config = await typed(AppConfig, { url: '/v1/config', method: user ? 'POST' : 'GET', ...(user ? { user } : {}) });
      expect((config.data as AppConfig).interests.length).toBeGreaterThan(0);
      await typed(InterestsReply, { url: '/v1/interests', method: user ? 'POST' : 'GET', ...(user ? { user } : {}) });
    }
  });

  it('the user info sends UserInfo, to guests and members', async () => {
    await c.app.inject({ method: 'POST', url: '/v1/vote/like', headers: member.headers, payload: { id: 'c-photo' } });
    await c.app.inject({ method: 'POST', url: '/v1/save-post', headers: member.headers, payload: { id: 'c-video' } });
    const guest = await typed(UserInfo, { method: 'POST', url: '/v1/user-info' });
    expect((guest.data as UserInfo).user).toBeNull();
    const { data } = await typed(UserInfo, { method: 'POST', url: '/v1/user-info', user: member });
    expect((data as UserInfo).user?.username).toBe(member.username);
    expect((data as UserInfo).votes).toEqual({ 'c-photo': 1 });
  });

  it('the notification calls send the list page and the read marks', async () => {
    const { data } = await typed(NotificationListReply, { method: 'POST', url: '/v1/notifications', user: member, payload: {} });
    expect((data as NotificationListReply).data.items.length).toBe(2);
    const first = (data as NotificationListReply).data.items[0];
    await typed(MarkReadReply, { method: 'POST', url: '/v1/notifications-read-state', user: member, payload: { itemKeys: first?.id ?? '', states: 1 } });
  });

  it('the ads calls send the setup, a slot and the impression count', async () => {
    const setup = await typed(AdsSetup, { url: '/v1/ads/setup' });
    expect((setup.data as AdsSetup).campaigns.length).toBe(1);
    const slot = await typed(AdSlotReply, { url: '/v1/ads/slot?slot=sidebar_1&size=300x250' });
    const ad = (slot.data as AdSlotReply).ad;
    expect(ad).not.toBeNull();
    await typed(AdSlotReply, { url: '/v1/ads/slot?slot=billboard&size=970x250' });
    await typed(AdSlotReply, { url: '/v1/ads/slot?slot=post&size=300x250&embed=true' });
    await typed(ImpressionReply, { method: 'POST', url: '/v1/ads/impression', payload: { viewToken: ad?.viewToken ?? '' } });
  });
});
