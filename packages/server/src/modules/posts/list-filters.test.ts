import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.js';
import { PAGE_SIZE } from './context.js';
import { makePost, makeUser } from './test-fixtures.js';
import { useListsApp } from './lists-fixture.js';

describeEachDatabase('post lists: filters', (kind) => {
  const { t, list, walk, vote } = useListsApp(kind);

  it('filters inside the query and still fills the page', async () => {
    const viewer = await makeUser(t.db, 'viewer');
    const blocked = await makeUser(t.db, 'blocked');
    const other = await makeUser(t.db, 'other');
    const hiddenIds: string[] = [];
    const keep: string[] = [];
    const mk = async (spec: Parameters<typeof makePost>[1], hidden: boolean) => {
      const id = await makePost(t.db, { creatorId: other.id, ...spec });
      (hidden ? hiddenIds : keep).push(id);
      return id;
    };
    let age = 100;
    for (let i = 0; i < 4; i++) await mk({ creatorId: blocked.id, ageSeconds: age++ }, true);
    const hiddenPost = await mk({ ageSeconds: age++ }, true);
    const reported = await mk({ ageSeconds: age++ }, true);
    const downvoted = await mk({ ageSeconds: age++ }, true);
    await mk({ title: 'My CAT is angry', ageSeconds: age++ }, true);
    await mk({ title: 'A catalog of dogs', ageSeconds: age++ }, false);
    await mk({ title: 'Election news', tags: ['politics'], ageSeconds: age++ }, true);
    await mk({ title: 'Politics again', ageSeconds: age++ }, true);
    await mk({ title: 'Promoted thing', promoted: true, ageSeconds: age++ }, false);
    await mk({ status: 'deleted', ageSeconds: age++ }, true);
    await mk({ status: 'removed', ageSeconds: age++ }, true);
    for (let i = 0; i < PAGE_SIZE + 2; i++) await mk({ ageSeconds: age++ }, false);

    await t.db.insertInto('userBlocks').values({ userId: viewer.id, blockedUserId: blocked.id }).execute();
    await t.app.inject({ method: 'POST', url: '/v1/block-post', headers: viewer.headers, payload: { type: 'post', id: hiddenPost } });
    await t.app.inject({ method: 'POST', url: '/report', headers: viewer.headers, payload: { entryId: reported, type: 4 } });
    await vote(viewer, downvoted, 'dislike');
    await t.db.insertInto('muteWords').values({ userId: viewer.id, value: 'cat' }).execute();
    await t.db.insertInto('blockedTags').values({ userId: viewer.id, value: 'politics' }).execute();

    for (const url of ['/v1/feed-posts/type/fresh/timeframe/recent', '/v1/feed-posts/type/home']) {
      const first = await list(url, viewer);
      expect(first.posts).toHaveLength(PAGE_SIZE);
      const all = await walk(url, viewer);
      expect(all.sort()).toEqual([...keep].sort());
    }
    // A visitor sees every live post.
    const visitor = await walk('/v1/feed-posts/type/fresh/timeframe/recent');
    expect(visitor).toHaveLength(keep.length + hiddenIds.length - 2);

    // Downvoted and blocked-tag posts are hidden on main lists only; a tag list still shows them.
    await t.db.insertInto('postTags').values([
      { postId: downvoted, tagId: (await t.db.insertInto('tags').values({ key: 'misc' }).returning('id').executeTakeFirstOrThrow()).id },
    ]).execute();
    expect((await list('/v1/tag-posts/tag/misc/type/fresh', viewer)).posts.map((p) => p.id)).toEqual([downvoted]);
    expect((await list('/v1/tag-posts/tag/politics/type/fresh', viewer)).posts).toHaveLength(1);
  });

  it('leaves out the hidden tags a home list call names, for visitors and members, pages full; other lists ignore them', async () => {
    const viewer = await makeUser(t.db, 'viewer');
    const other = await makeUser(t.db, 'other');
    const hidden: string[] = [];
    const keep: string[] = [];
    let age = 100;
    for (let i = 0; i < PAGE_SIZE + 3; i++) hidden.push(await makePost(t.db, { creatorId: other.id, tags: [i % 2 ? 'cats' : 'dark-humor', 'misc'], ageSeconds: age++ }));
    for (let i = 0; i < PAGE_SIZE + 2; i++) keep.push(await makePost(t.db, { creatorId: other.id, tags: ['misc'], ageSeconds: age++ }));
    for (const user of [undefined, viewer]) {
      for (const url of ['/v1/feed-posts/type/fresh/timeframe/recent', '/v1/feed-posts/type/home', '/v1/group-posts/type/top/timeframe/week']) {
        const named = `${url}?hiddenTags=${encodeURIComponent('Cats, dark humor')}`;
        expect((await list(named, user)).posts).toHaveLength(PAGE_SIZE);
        expect((await walk(named, user)).sort()).toEqual([...keep].sort());
      }
    }
    // In a JSON body too; the visitor page cache keeps the two apart.
    const res = await t.app.inject({ method: 'POST', url: '/v1/feed-posts/type/fresh/timeframe/recent', payload: { hiddenTags: ['misc'] } });
    expect(res.json().data.posts).toEqual([]);
    expect((await list('/v1/feed-posts/type/fresh/timeframe/recent', undefined, 'POST')).posts).toHaveLength(PAGE_SIZE);
    // A tag list is not a home list.
    expect((await walk('/v1/tag-posts/tag/misc/type/fresh?hiddenTags=cats')).length).toBe(hidden.length + keep.length);

    const bad = async (query: string, code: string) => {
      const r = await t.app.inject({ method: 'GET', url: `/v1/feed-posts/type/home?${query}` });
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().meta.errorCode).toBe(code);
    };
    await bad(`hiddenTags=${Array.from({ length: 51 }, (_, i) => `t${i}`).join(',')}`, 'TOO_MANY_HIDDEN_TAGS');
    await bad(`hiddenTags=${'x'.repeat(101)}`, 'INVALID_HIDDEN_TAGS');
  });

  it('filters blocked creators, muted words, hidden and reported posts on tag, interest, search and profile lists, pages full', async () => {
    const viewer = await makeUser(t.db, 'viewer');
    const blocked = await makeUser(t.db, 'blocked');
    const poster = await makeUser(t.db, 'poster');
    const fan = await makeUser(t.db, 'fan');
    const keep: string[] = [];
    const hidden: string[] = [];
    const common = { tags: ['shared'], interests: ['gaming'] };
    // The hidden posts rank first on every list (newest, most upvoted, best search match); enough of them that a
    // member's candidates alone cannot fill the page, so the whole-list statement is exercised as well.
    let age = 100;
    for (let i = 0; i < 36; i++) {
      hidden.push(await makePost(t.db, { ...common, creatorId: blocked.id, title: `Frog by blocked ${i}`, description: 'frog frog frog', up: 1000 + i, ageSeconds: age++ }));
    }
    const muted = await makePost(t.db, { ...common, creatorId: poster.id, title: 'Frog and my CAT', description: 'frog frog frog', up: 900, ageSeconds: age++ });
    const reported = await makePost(t.db, { ...common, creatorId: poster.id, title: 'Frog reported', description: 'frog frog frog', up: 901, ageSeconds: age++ });
    const hiddenPost = await makePost(t.db, { ...common, creatorId: poster.id, title: 'Frog hidden', description: 'frog frog frog', up: 902, ageSeconds: age++ });
    hidden.push(muted, reported, hiddenPost);
    keep.push(await makePost(t.db, { ...common, creatorId: poster.id, title: 'A catalog of frogs', up: 5, ageSeconds: age++ }));
    for (let i = 0; i < PAGE_SIZE + 3; i++) keep.push(await makePost(t.db, { ...common, creatorId: poster.id, title: `Frog number ${i}`, up: i, ageSeconds: age++ }));
    const everyPost = [...hidden, ...keep];

    await t.db.insertInto('userBlocks').values({ userId: viewer.id, blockedUserId: blocked.id }).execute();
    await t.db.insertInto('muteWords').values({ userId: viewer.id, value: 'cat' }).execute();
    expect((await t.app.inject({ method: 'POST', url: '/report', headers: viewer.headers, payload: { entryId: reported, type: 4 } })).json().data.creatorBlocked).toBe(false);
    await t.app.inject({ method: 'POST', url: '/v1/block-post', headers: viewer.headers, payload: { type: 'post', id: hiddenPost } });

    // The fan upvoted and commented on every post, so the fan's Upvotes and Comments tabs hold them all.
    await t.db.insertInto('postVotes').values(everyPost.map((postId) => ({ userId: fan.id, postId, value: 1 }))).execute();
    await t.db.insertInto('commentApps').values({ id: 'guffaw', name: 'Guffaw', secret: 's' }).execute();
    const cu = await t.db.insertInto('commentUsers').values({ appId: 'guffaw', externalId: fan.userId, userId: 'cu-fan' }).returning('id').executeTakeFirstOrThrow();
    for (const [i, postId] of everyPost.entries()) {
      const section = await t.db.insertInto('commentSections').values({ appId: 'guffaw', url: `${t.config.publicUrl}/gag/${postId}` }).returning('id').executeTakeFirstOrThrow();
      await t.db.insertInto('comments').values({ commentId: `f${i}`, sectionId: section.id, userId: cu.id, level: 1, text: 'ribbit', createdAt: new Date(Date.now() - (i + 1) * 1000) }).execute();
    }

    const lists = [
      '/v1/tag-posts/tag/shared/type/hot',
      '/v1/tag-posts/tag/shared/type/fresh',
      '/v1/interest-posts/interest/gaming/type/hot',
      '/v1/interest-posts/interest/gaming/type/fresh',
      '/v1/search-posts?query=frog',
      '/v1/user-posts/username/fan/type/likes',
      '/v1/user-posts/username/fan/type/comments',
    ];
    for (const url of lists) {
      const unfiltered = await list(url);
      expect(unfiltered.posts.map((p) => p.id).some((id) => hidden.includes(id)), `${url}: the hidden posts lead the unfiltered list`).toBe(true);
      expect((await walk(url)).sort(), `${url} (visitor)`).toEqual([...everyPost].sort());
      const first = await list(url, viewer);
      expect(first.posts, url).toHaveLength(PAGE_SIZE);
      const all = await walk(url, viewer);
      expect(all.sort(), url).toEqual([...keep].sort());
    }
    // Profile posts: the poster's own filtered posts go; the blocked creator's profile lists nothing for the viewer.
    expect((await list('/v1/user-posts/username/poster/type/posts', viewer)).posts).toHaveLength(PAGE_SIZE);
    expect((await walk('/v1/user-posts/username/poster/type/posts', viewer)).sort()).toEqual([...keep].sort());
    expect(await walk('/v1/user-posts/username/blocked/type/posts', viewer)).toEqual([]);
    expect(await walk('/v1/user-posts/username/blocked/type/posts')).toHaveLength(36);
  });

  it('hides promoted posts for an active Pro viewer who asked for it, and only then', async () => {
    const pro = await makeUser(t.db, 'pro', { tier: 1, preferences: { hidePromotedPosts: true } });
    const proShowing = await makeUser(t.db, 'pro2', { tier: 1 });
    const free = await makeUser(t.db, 'free', { preferences: { hidePromotedPosts: true } });
    await makePost(t.db, { id: 'ad', promoted: true });
    await makePost(t.db, { id: 'plain' });
    expect((await list('/v1/feed-posts/type/home', pro)).posts.map((p) => p.id)).toEqual(['plain']);
    expect((await list('/v1/feed-posts/type/home', proShowing)).posts).toHaveLength(2);
    expect((await list('/v1/feed-posts/type/home', free)).posts).toHaveLength(2);
    const ad = (await list('/v1/feed-posts/type/home', free)).posts.find((p) => p.id === 'ad');
    expect(ad?.promoted).toBe(1);
  });
});
