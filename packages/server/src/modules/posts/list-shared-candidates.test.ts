import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/harness.js';
import { PAGE_SIZE } from './context.js';
import type { ListReply } from './list-page.js';
import { makePost, makeUser, type TestUser } from './test-fixtures.js';

describeEachDatabase('list candidates shared between readers (FEED_CACHE_MS on)', (kind) => {
  let t: TestApp;
  const saved = process.env.FEED_CACHE_MS;
  beforeAll(async () => {
    // The caches read their TTL when a database first uses them: this app's database is new.
    process.env.FEED_CACHE_MS = '60000';
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    if (saved === undefined) delete process.env.FEED_CACHE_MS;
    else process.env.FEED_CACHE_MS = saved;
    await t.close();
  });

  const ids = async (url: string, user: TestUser) => {
    const res = await t.app.inject({ method: 'POST', url, headers: user.headers });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as ListReply).posts.map((p) => p.id);
  };

  it('each member gets their own full page from the same candidates, and a new hide applies at once', async () => {
    const creator = await makeUser(t.db, 'shared-creator');
    const blocker = await makeUser(t.db, 'shared-blocker');
    const hider = await makeUser(t.db, 'shared-hider');
    const other = await makeUser(t.db, 'shared-other');
    // 50 posts (more than one read of candidates), newest first p49 .. p00; the blocked creator made the 3 newest.
    for (let i = 0; i < 50; i++) {
      const id = `p${String(i).padStart(2, '0')}`;
      await makePost(t.db, { id, ageSeconds: 1000 - i, creatorId: i >= 47 ? creator.id : other.id });
    }
    await t.db.insertInto('userBlocks').values({ userId: blocker.id, blockedUserId: creator.id }).execute();
    const url = '/v1/feed-posts/type/fresh/timeframe/recent';
    const everyone = Array.from({ length: 50 }, (_, i) => `p${String(49 - i).padStart(2, '0')}`);

    expect(await ids(url, other)).toEqual(everyone.slice(0, PAGE_SIZE));
    expect(await ids(url, blocker)).toEqual(everyone.slice(3, 3 + PAGE_SIZE));
    expect(await ids(url, hider)).toEqual(everyone.slice(0, PAGE_SIZE));
    const hide = await t.app.inject({ method: 'POST', url: '/v1/block-post', headers: hider.headers, payload: { type: 'post', id: 'p48' } });
    expect(hide.statusCode, hide.body).toBe(200);
    expect(await ids(url, hider)).toEqual(everyone.filter((id) => id !== 'p48').slice(0, PAGE_SIZE));
    // The other readers' pages are untouched by what one member hides.
    expect(await ids(url, other)).toEqual(everyone.slice(0, PAGE_SIZE));
    // The candidates were read once for all of them: a post added since shows when they expire, for everyone alike.
    await makePost(t.db, { id: 'p50', ageSeconds: 1, creatorId: other.id });
    expect(await ids(url, blocker)).toEqual(everyone.slice(3, 3 + PAGE_SIZE));
    // A post removed since (deleted by its uploader, or by a moderator) leaves every member's page at once.
    await t.db.updateTable('posts').set({ status: 'removed' }).where('id', '=', 'p46').execute();
    expect(await ids(url, other)).toEqual(everyone.filter((id) => id !== 'p46').slice(0, PAGE_SIZE));
  });

  it('a member’s viewer row is kept briefly, but a new muted word and a logout apply at once', async () => {
    const member = await makeUser(t.db, 'kept-viewer');
    // A list of its own: the candidates of the lists read above are still kept.
    await makePost(t.db, { id: 'frog', title: 'A frog on a log', ageSeconds: 20, tags: ['pond'] });
    await makePost(t.db, { id: 'cat', title: 'A cat on a mat', ageSeconds: 30, tags: ['pond'] });
    const url = '/v1/tag-posts/tag/pond/type/fresh';
    expect(await ids(url, member)).toEqual(['frog', 'cat']);
    const muted = await t.app.inject({ method: 'POST', url: '/v1/user-mute-list', headers: member.headers, payload: { value: 'frog' } });
    expect(muted.statusCode, muted.body).toBe(200);
    expect(await ids(url, member)).toEqual(['cat']);
    const out = await t.app.inject({ method: 'POST', url: '/logout', headers: member.headers });
    expect(out.statusCode, out.body).toBeLessThan(400);
    // The old cookie reads as a visitor's: nothing muted.
    expect(await ids(url, member)).toEqual(['frog', 'cat']);
  });

  /** The SQL of every statement `run` makes on the test database. */
  const statementsOf = async (run: () => Promise<unknown>): Promise<string[]> => {
    const executor = t.db.getExecutor();
    const spy = vi.spyOn(executor, 'executeQuery');
    try {
      await run();
      return spy.mock.calls.map(([query]) => query.sql);
    } finally {
      spy.mockRestore();
    }
  };

  it('checks a post against a member’s word and tag filters once, and a new muted word or blocked tag still applies at once', async () => {
    const member = await makeUser(t.db, 'content-verdicts');
    const titles = ['A toad at noon', 'Frog weather', 'A heron', 'Cats and frogs', 'A newt', 'A dog'];
    for (const [i, title] of titles.entries()) {
      // Forum posts: Ask is a home list no test above has read (its candidates are not kept yet).
      await makePost(t.db, { id: `cv${i}`, title, type: 'ForumPost', ageSeconds: 100 - i, tags: i === 2 ? ['marsh', 'birds'] : ['marsh'] });
    }
    const url = '/v1/tag-posts/tag/marsh/type/fresh';
    const mute = async (value: string) => {
      const res = await t.app.inject({ method: 'POST', url: '/v1/user-mute-list', headers: member.headers, payload: { value } });
      expect(res.statusCode, res.body).toBe(200);
    };
    await mute('frog');
    expect(await ids(url, member)).toEqual(['cv5', 'cv4', 'cv3', 'cv2', 'cv0']);
    // Read again: the patterns are not run again (the verdicts are kept), only the member's rows are read.
    let page: string[] = [];
    const again = await statementsOf(async () => (page = await ids(url, member)));
    expect(page).toEqual(['cv5', 'cv4', 'cv3', 'cv2', 'cv0']);
    expect(again.filter((q) => q.includes('word_pattern'))).toEqual([]);
    await mute('heron');
    expect(await ids(url, member)).toEqual(['cv5', 'cv4', 'cv3', 'cv0']);
    const block = await t.app.inject({ method: 'POST', url: '/v1/block-tag', headers: member.headers, payload: { value: 'dog' } });
    expect(block.statusCode, block.body).toBe(200);
    // Blocked tags apply to home lists only: the tag page keeps the dog, home drops it.
    expect(await ids(url, member)).toEqual(['cv5', 'cv4', 'cv3', 'cv0']);
    expect(await ids('/v1/feed-posts/type/forum', member)).toEqual(['cv4', 'cv3', 'cv0']);
  });

  it('keeps a member’s blocks, hides, reports and downvotes briefly, yet each new one (and its undoing) applies at once', async () => {
    const member = await makeUser(t.db, 'kept-state');
    const maker = await makeUser(t.db, 'kept-state-maker');
    const others = await makeUser(t.db, 'kept-state-others');
    // Top today, a home list (downvotes count there) that no test above has read.
    for (let i = 0; i < 6; i++) await makePost(t.db, { id: `ks${i}`, ageSeconds: 600 + i, up: 100 - i, creatorId: i === 0 ? maker.id : others.id });
    const url = '/v1/group-posts/type/top/timeframe/today';
    const act = async (method: 'POST' | 'DELETE', path: string, payload: object) => {
      const res = await t.app.inject({ method, url: path, headers: member.headers, payload });
      expect(res.statusCode, res.body).toBe(200);
    };
    // The posts of other tests have no upvotes: these six lead the list.
    const mine = async () => (await ids(url, member)).filter((id) => id.startsWith('ks'));
    const all = ['ks0', 'ks1', 'ks2', 'ks3', 'ks4', 'ks5'];
    expect(await mine()).toEqual(all);
    await act('POST', '/v1/vote/dislike', { id: 'ks1' });
    expect(await mine()).toEqual(['ks0', 'ks2', 'ks3', 'ks4', 'ks5']);
    await act('POST', '/v1/vote/unlike', { id: 'ks1' });
    expect(await mine()).toEqual(all);
    await act('POST', '/v1/block-post', { type: 'post', id: 'ks2' });
    expect(await mine()).toEqual(['ks0', 'ks1', 'ks3', 'ks4', 'ks5']);
    await act('POST', '/report', { entryId: 'ks3', type: 4 });
    expect(await mine()).toEqual(['ks0', 'ks1', 'ks4', 'ks5']);
    await act('POST', '/v1/user-block', { accountId: maker.userId });
    expect(await mine()).toEqual(['ks1', 'ks4', 'ks5']);
    await act('POST', '/v1/user-block', { accountId: maker.userId, _method: 'delete' });
    expect(await mine()).toEqual(['ks0', 'ks1', 'ks4', 'ks5']);
  });

  it('For You follows a newly followed tag at once, though the member’s viewer row is kept', async () => {
    const member = await makeUser(t.db, 'new-follower');
    await makePost(t.db, { id: 'fy-pond', ageSeconds: 5000, tags: ['lilypad'] });
    const url = '/v1/feed-posts/type/fresh';
    expect(await ids(url, member)).not.toEqual(['fy-pond']);
    const follow = await t.app.inject({ method: 'POST', url: '/user-followed-pages/tag/lilypad', headers: member.headers, payload: { isFollowing: '1' } });
    expect(follow.statusCode, follow.body).toBe(200);
    expect(await ids(url, member)).toEqual(['fy-pond']);
    const unfollow = await t.app.inject({ method: 'POST', url: '/user-followed-pages/tag/lilypad', headers: member.headers, payload: { isFollowing: '0' } });
    expect(unfollow.statusCode, unfollow.body).toBe(200);
    expect(await ids(url, member)).not.toEqual(['fy-pond']);
  });
});
