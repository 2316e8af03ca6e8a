import { expect, it } from 'vitest';
import { createTestApp, describeEachDatabase } from '../../../test/harness.js';
import { PAGE_SIZE } from './context.js';
import type { ListReply } from './list-page.js';
import { RELATED_PER_TAG } from './candidate-repository.js';
import { interestId, makePost, makeUser, type TestUser } from './test-fixtures.js';
import { DAY, HOUR, useListsApp } from './lists-fixture.js';

describeEachDatabase('post lists: tag, interest, profile, search, related and collection lists, the Post shape', (kind) => {
  const { t, list, walk, vote } = useListsApp(kind);

  it('serves tag, interest and news lists', async () => {
    await makePost(t.db, { id: 't-old', tags: ['cats'], ageSeconds: 3 * HOUR, up: 100 });
    await makePost(t.db, { id: 't-new', tags: ['cats', 'cute'], ageSeconds: HOUR });
    await makePost(t.db, { id: 'untagged', ageSeconds: 10 });
    const hot = await list('/v1/tag-posts/tag/cats/type/hot');
    expect(hot.posts.map((p) => p.id)).toEqual(['t-old', 't-new']);
    expect(hot.tag).toMatchObject({ key: 'cats', url: 'http://localhost:3000/tag/cats' });
    expect(hot.feedId).toBe('tag-cats-hot');
    expect((await list('/v1/tag-posts/tag/Cats/type/fresh')).posts.map((p) => p.id)).toEqual(['t-new', 't-old']);
    expect((await t.app.inject({ method: 'GET', url: '/v1/tag-posts/tag/nope/type/hot' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/v1/tag-posts/tag/cats/type/top' })).statusCode).toBe(404);

    await makePost(t.db, { id: 'g1', interests: ['gaming'], ageSeconds: 50, up: 10 });
    await makePost(t.db, { id: 'g2', interests: ['gaming'], ageSeconds: 40 });
    await makePost(t.db, { id: 'gq', interests: ['gaming'], ageSeconds: 30, type: 'ForumPost' });
    expect((await list('/v1/interest-posts/interest/gaming/type/hot')).posts.map((p) => p.id)).toEqual(['g1', 'g2']);
    expect((await list('/v1/interest-posts/interest/gaming/type/fresh')).posts.map((p) => p.id)).toEqual(['g2', 'g1']);
    expect((await list('/v1/interest-posts/interest/gaming/type/forum')).posts.map((p) => p.id)).toEqual(['gq']);
    expect((await list('/v1/feed-posts/type/forum')).posts.map((p) => p.id)).toEqual(['gq']);

    expect((await list('/v1/group-posts/type/news')).posts).toEqual([]);
    await interestId(t.db, 'news');
    await makePost(t.db, { id: 'n1', interests: ['news'], ageSeconds: 90, up: 50 });
    await makePost(t.db, { id: 'n2', interests: ['news'], ageSeconds: 20 });
    expect((await list('/v1/group-posts/type/news')).posts.map((p) => p.id)).toEqual(['n1', 'n2']);
    expect((await list('/v1/group-posts/type/news-fresh')).posts.map((p) => p.id)).toEqual(['n2', 'n1']);
    expect((await list('/v1/group-posts/type/news/timeframe/fresh')).feedId).toBe('news-fresh');
  });

  it('serves profile lists: posts, likes, comments, and saved for its owner only', async () => {
    const owner = await makeUser(t.db, 'Owner');
    const visitorUser = await makeUser(t.db, 'someone');
    await makePost(t.db, { id: 'mine', creatorId: owner.id, ageSeconds: 30 });
    await makePost(t.db, { id: 'anon', creatorId: owner.id, isAnonymous: true, ageSeconds: 20 });
    await makePost(t.db, { id: 'theirs', creatorId: visitorUser.id, ageSeconds: 10 });
    await makePost(t.db, { id: 'liked2', creatorId: visitorUser.id, ageSeconds: 5 });

    const publicPosts = await list('/v1/user-posts/username/owner/type/posts');
    expect(publicPosts.posts.map((p) => p.id)).toEqual(['mine']);
    expect(publicPosts.profile).toMatchObject({ username: 'Owner', accountId: owner.userId, profileUrl: 'http://localhost:3000/u/owner' });
    expect((await list('/v1/user-posts/username/owner/type/posts', owner)).posts.map((p) => p.id)).toEqual(['anon', 'mine']);

    await vote(owner, 'theirs', 'like');
    await vote(owner, 'liked2', 'like');
    await vote(owner, 'mine', 'dislike');
    expect((await list('/v1/user-posts/username/owner/type/likes')).posts.map((p) => p.id)).toEqual(['liked2', 'theirs']);

    await t.app.inject({ method: 'POST', url: '/v1/save-post?id=theirs', headers: owner.headers });
    expect((await list('/v1/user-posts/username/owner/type/saved', owner)).posts.map((p) => p.id)).toEqual(['theirs']);
    const denied = await t.app.inject({ method: 'POST', url: '/v1/user-posts/username/owner/type/saved', headers: visitorUser.headers });
    expect(denied.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/v1/user-posts/username/owner/type/saved' })).statusCode).toBe(403);
    // The list reads the session and the viewer in one statement, with the session's rules: an expired session or a
    // deleted account is a visitor.
    await t.db.updateTable('sessions').set({ expiresAt: new Date(Date.now() - 1000) }).where('userId', '=', owner.id).execute();
    expect((await t.app.inject({ method: 'POST', url: '/v1/user-posts/username/owner/type/saved', headers: owner.headers })).statusCode).toBe(403);
    await t.db.updateTable('sessions').set({ expiresAt: new Date(Date.now() + 3_600_000) }).where('userId', '=', owner.id).execute();
    expect((await list('/v1/user-posts/username/owner/type/saved', owner)).posts.map((p) => p.id)).toEqual(['theirs']);

    // Comments tab: the comment service keys threads by the post URL and users by the site's user id.
    await t.db.insertInto('commentApps').values({ id: 'guffaw', name: 'Guffaw', secret: 's' }).execute();
    const cu = await t.db.insertInto('commentUsers').values({ appId: 'guffaw', externalId: owner.userId, userId: 'cu1' }).returning('id').executeTakeFirstOrThrow();
    for (const [i, postId] of ['theirs', 'mine'].entries()) {
      const section = await t.db
        .insertInto('commentSections')
        .values({ appId: 'guffaw', url: `${t.config.publicUrl}/gag/${postId}` })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto('comments')
        .values({ commentId: `c${i}`, sectionId: section.id, userId: cu.id, level: 1, text: 'hi', createdAt: new Date(Date.now() - (10 - i) * 1000) })
        .execute();
    }
    expect((await list('/v1/user-posts/username/owner/type/comments')).posts.map((p) => p.id)).toEqual(['mine', 'theirs']);
    expect((await t.app.inject({ method: 'GET', url: '/v1/user-posts/username/nobody/type/posts' })).statusCode).toBe(404);
  });

  it('searches titles and descriptions, best match first', async () => {
    await makePost(t.db, { id: 's1', title: 'Dog', description: 'a dog and another dog and more dog', ageSeconds: 30 });
    await makePost(t.db, { id: 's2', title: 'Cat with a dog', ageSeconds: 20 });
    await makePost(t.db, { id: 's3', title: 'Nothing here', ageSeconds: 10 });
    const data = await list('/v1/search-posts?query=dogs');
    expect(data.posts.map((p) => p.id)).toEqual(['s1', 's2']);
    expect((await list('/v1/search-posts?query=')).posts).toEqual([]);
    expect((await list('/v1/search-posts?query=%22cat%20with%22')).posts.map((p) => p.id)).toEqual(['s2']);
    for (let i = 0; i < PAGE_SIZE + 3; i++) await makePost(t.db, { title: `funny frog ${i}`, ageSeconds: 40 + i });
    const ids = await walk('/v1/search-posts?query=frog');
    expect(new Set(ids).size).toBe(PAGE_SIZE + 3);
  });

  it('ranks related posts among the newest of each tag, kept in step with the posts\' creation times', async () => {
    await makePost(t.db, { id: 'capbase', tags: ['cap', 'cap2'] });
    // RELATED_PER_TAG + 5 posts of the tag: the 5 oldest fall outside the list.
    for (let i = 0; i < RELATED_PER_TAG + 5; i++) await makePost(t.db, { id: `cap${i}`, tags: ['cap'], ageSeconds: 100 + i });
    // An old post sharing both tags still ranks first: it is among the newest of cap2.
    await makePost(t.db, { id: 'capboth', tags: ['cap', 'cap2'], ageSeconds: 100_000 });
    const ids = await walk('/v1/related-posts?id=capbase');
    expect(ids[0]).toBe('capboth');
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.slice(1)).toEqual(Array.from({ length: RELATED_PER_TAG }, (_, i) => `cap${i}`));
    // The trigger copies a changed creation time to the post's tags: the oldest post becomes the newest.
    await t.db.updateTable('posts').set({ createdAt: new Date() }).where('id', '=', `cap${RELATED_PER_TAG + 4}`).execute();
    expect((await walk('/v1/related-posts?id=capbase')).slice(0, 2)).toEqual(['capboth', `cap${RELATED_PER_TAG + 4}`]);
  });

  it("keeps related pages full under a member's filters, over many candidates, and refuses a bad cursor", async () => {
    const viewer = await makeUser(t.db, 'viewer');
    const blocked = await makeUser(t.db, 'blocked');
    await makePost(t.db, { id: 'rbase', tags: ['rt'] });
    // 90 candidates; every third by a creator the viewer blocked, so the filter drops posts in every chunk.
    const kept: string[] = [];
    for (let i = 0; i < 90; i++) {
      const id = `rc${String(i).padStart(2, '0')}`;
      await makePost(t.db, { id, tags: ['rt'], ageSeconds: 10 + i, ...(i % 3 === 0 ? { creatorId: blocked.id } : {}) });
      if (i % 3 !== 0) kept.push(id);
    }
    await t.db.insertInto('userBlocks').values({ userId: viewer.id, blockedUserId: blocked.id }).execute();
    const pages: number[] = [];
    const ids: string[] = [];
    let after: string | null = null;
    do {
      const data: ListReply = await list(`/v1/related-posts?id=rbase${after ? `&after=${encodeURIComponent(after)}` : ''}`, viewer);
      pages.push(data.posts.length);
      ids.push(...data.posts.map((p) => p.id));
      after = data.after;
    } while (after);
    expect(ids).toEqual(kept);
    expect(pages.slice(0, -1).every((n) => n === PAGE_SIZE)).toBe(true);
    expect((await list('/v1/related-posts?id=rbase')).posts).toHaveLength(PAGE_SIZE);
    const bad = await t.app.inject({ method: 'GET', url: '/v1/related-posts?id=rbase&after=nonsense' });
    expect(bad.statusCode).toBe(400);
  });

  it('lists related posts without the post itself, collection posts in order, and related articles', async () => {
    await makePost(t.db, { id: 'base', tags: ['a', 'b', 'c'] });
    await makePost(t.db, { id: 'r2', tags: ['a', 'b'], ageSeconds: 500 });
    await makePost(t.db, { id: 'r1', tags: ['c'], ageSeconds: 10 });
    await makePost(t.db, { id: 'none', tags: ['z'] });
    await makePost(t.db, { id: 'art', type: 'Article', tags: ['a'], ageSeconds: 50 });
    const related = await list('/v1/related-posts?id=base');
    expect(related.posts.map((p) => p.id)).toEqual(['r2', 'r1', 'art']);
    expect(related.post?.id).toBe('base');
    const single = await t.app.inject({ method: 'GET', url: '/v1/post?id=base' });
    expect(single.json().data.post).toMatchObject({ id: 'base', tags: [{ key: 'a' }, { key: 'b' }, { key: 'c' }] });
    expect((await t.app.inject({ method: 'GET', url: '/v1/post?id=nope' })).statusCode).toBe(404);
    expect((await list('/v1/related-articles?id=base')).posts.map((p) => p.id)).toEqual(['art']);
    expect((await list('/v1/related-articles?id=none')).posts.map((p) => p.id)).toEqual(['art']);
    expect((await t.app.inject({ method: 'GET', url: '/v1/related-posts?id=missing' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/v1/related-posts' })).statusCode).toBe(400);

    await makePost(t.db, { id: 'coll', type: 'CollectionPage' });
    await t.db.insertInto('collectionItems').values([
      { collectionId: 'coll', postId: 'r1', position: 2 },
      { collectionId: 'coll', postId: 'none', position: 1 },
    ]).execute();
    const collection = await list('/v1/collection-posts?id=coll');
    expect(collection.posts.map((p) => p.id)).toEqual(['none', 'r1']);
    expect(collection.post).toMatchObject({ id: 'coll', isVoteMasked: true, url: 'http://localhost:3000/collection/coll' });
    expect((await t.app.inject({ method: 'GET', url: '/v1/collection-posts?id=base' })).statusCode).toBe(404);
  });

  it('answers with the Post shape: creator hidden for anonymous posts, tags, interests, awards, poll', async () => {
    const op = await makeUser(t.db, 'op');
    const fans = await Promise.all(['f1', 'f2', 'f3', 'f4'].map((n) => makeUser(t.db, n)));
    await makePost(t.db, { id: 'shape', title: 'Shape', creatorId: op.id, tags: ['cats'], interests: ['animals'], ageSeconds: 100 });
    await makePost(t.db, { id: 'anon', creatorId: op.id, isAnonymous: true, ageSeconds: 200 });
    await t.db.insertInto('awardBalances').values(fans.map((f) => ({ userId: f.id, balance: 1 }))).execute();
    for (const f of fans) await t.app.inject({ method: 'POST', url: '/award', headers: f.headers, payload: { id: 'shape', type: 'cheers' } });
    await t.db.insertInto('polls').values({ postId: 'shape', options: JSON.stringify(['Yes', { text: 'No' }]), endsAt: new Date(Date.now() + DAY * 1000) }).execute();
    const data = await list('/v1/feed-posts/type/fresh');
    const [shape, anon] = data.posts;
    expect(shape).toMatchObject({
      id: 'shape',
      title: 'Shape',
      type: 'Photo',
      postUrl: 'http://localhost:3000/gag/shape',
      url: 'http://localhost:3000/gag/shape',
      creator: { username: 'op', accountId: op.userId, profileUrl: 'http://localhost:3000/u/op', name: 'op name' },
      tags: [{ key: 'cats', url: 'http://localhost:3000/tag/cats' }],
      interests: ['animals'],
      promoted: 0,
      awardUsersCount: 4,
      comment: { canAnonymous: false, pinnedCommentCount: 0 },
      polling: { options: [{ text: 'Yes' }, { text: 'No' }] },
    });
    expect(shape!.awardUsers.map((a) => a.username)).toEqual(['f4', 'f3', 'f2']);
    expect(shape!.creationTs).toBeGreaterThan(Date.now() / 1000 - 200);
    expect(anon!.creator).toBeNull();
    expect(anon!.polling).toBeNull();
    expect(data.tags).toEqual([{ key: 'cats', url: 'http://localhost:3000/tag/cats' }]);
  });

  it('answers /v1/config for visitors (GET) and members (POST)', async () => {
    await interestId(t.db, 'news');
    await makePost(t.db, { tags: ['cats'] });
    const member = await makeUser(t.db, 'member');
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/v1/config' }),
      await t.app.inject({ method: 'POST', url: '/v1/config', headers: member.headers }),
    ]) {
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(data).toMatchObject({
        appName: 'Guffaw',
        adCampaign: null,
        campaignList: [],
        notiOptions: { pushHost: 'http://localhost:3000' },
        proSettings: { hideAds: true },
        features: { exploreTabList: false },
      });
      expect(Array.isArray(data.navLinks)).toBe(true);
      expect(Array.isArray(data.tags)).toBe(true);
      expect(data.interests.map((i: { key: string }) => i.key)).toContain('news');
    }
  });

  it('serves visitors a cached page for FEED_CACHE_MS; members always read the database', async () => {
    process.env.FEED_CACHE_MS = '60000';
    const cached = await createTestApp(kind);
    delete process.env.FEED_CACHE_MS;
    try {
      const member = await makeUser(cached.db, 'member');
      await makePost(cached.db, { id: 'first' });
      const visit = async (user?: TestUser) =>
        (await cached.app.inject({ method: user ? 'POST' : 'GET', url: '/v1/feed-posts/type/fresh', ...(user ? { headers: user.headers } : {}) })).json().data.posts.map(
          (p: { id: string }) => p.id,
        );
      expect(await visit()).toEqual(['first']);
      await makePost(cached.db, { id: 'second', ageSeconds: 1 });
      expect(await visit()).toEqual(['first']);
      expect(await visit(member)).toEqual(['second', 'first']);
    } finally {
      await cached.close();
    }
  });

  it('answers an unknown list type with a 404 in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/feed-posts/type/nonsense' });
    expect(res.statusCode).toBe(404);
    expect(res.json().meta).toMatchObject({ status: 'Failure', errorCode: 'UNKNOWN_LIST' });
  });
});
