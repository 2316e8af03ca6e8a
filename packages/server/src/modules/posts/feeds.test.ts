import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/harness.js';
import { postHotScore, postTrendingScore } from './ranking.js';
import { PAGE_SIZE } from './context.js';
import type { ListReply } from './list-page.js';
import { rebuildTrendingScores } from './service.js';
import { RELATED_PER_TAG } from './candidate-repository.js';
import { clearPosts, interestId, makePost, makeUser, type TestUser } from './test-fixtures.js';

const HOUR = 3600;
const DAY = 24 * HOUR;

describeEachDatabase('post lists', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());
  beforeEach(() => clearPosts(t.db));

  async function list(url: string, user?: TestUser, method: 'GET' | 'POST' = user ? 'POST' : 'GET'): Promise<ListReply> {
    const res = await t.app.inject({ method, url, ...(user ? { headers: user.headers } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { meta: { status: string }; data: ListReply };
    expect(body.meta.status).toBe('Success');
    return body.data;
  }

  /** Every page of a list, following `after`. */
  async function walk(url: string, user?: TestUser, between?: (page: number) => Promise<void>): Promise<string[]> {
    const ids: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 50; page++) {
      const sep = url.includes('?') ? '&' : '?';
      const data: ListReply = await list(after ? `${url}${sep}after=${encodeURIComponent(after)}` : url, user);
      ids.push(...data.posts.map((p) => p.id));
      expect(data.after).toBe(data.nextCursor);
      if (!data.after) return ids;
      after = data.after;
      if (between) await between(page);
    }
    throw new Error('list never ended');
  }

  const vote = (user: TestUser, id: string, kind: 'like' | 'dislike' | 'unlike') =>
    t.app.inject({ method: 'POST', url: `/v1/vote/${kind}`, headers: user.headers, payload: { id } });

  it('home is hot: stored hot_score follows the formula and orders the list', async () => {
    const specs = [
      { id: 'old-popular', ageSeconds: 3 * DAY, up: 500 },
      { id: 'new-quiet', ageSeconds: HOUR, up: 1 },
      { id: 'new-liked', ageSeconds: 2 * HOUR, up: 40, comments: 10 },
      { id: 'disliked', ageSeconds: HOUR, up: 0, down: 30 },
      { id: 'forum', ageSeconds: 10, up: 1000, type: 'ForumPost' },
    ];
    for (const s of specs) await makePost(t.db, s);
    const rows = await t.db.selectFrom('posts').select(['id', 'hotScore', 'upVoteCount', 'downVoteCount', 'commentsCount', 'createdAt']).execute();
    for (const r of rows) expect(r.hotScore).toBeCloseTo(postHotScore(r.upVoteCount, r.downVoteCount, r.commentsCount, r.createdAt), 6);
    const expected = rows
      .filter((r) => r.id !== 'forum')
      .sort((a, b) => b.hotScore - a.hotScore)
      .map((r) => r.id);
    const data = await list('/v1/feed-posts/type/home');
    expect(data.posts.map((p) => p.id)).toEqual(expected);
    expect(expected.slice(0, 2)).toEqual(['new-liked', 'new-quiet']);
    expect(data.feedId).toBe('home');
    expect(data.after).toBeNull();
    // group-posts serves the same lists; hot is an alias of home.
    expect((await list('/v1/group-posts/type/hot')).posts.map((p) => p.id)).toEqual(expected);
  });

  it('fresh lists newest first, recent and for-you; for-you follows the viewer’s tags and interests', async () => {
    const viewer = await makeUser(t.db, 'viewer');
    await makePost(t.db, { id: 'a', ageSeconds: 30, tags: ['cats'] });
    await makePost(t.db, { id: 'b', ageSeconds: 20 });
    await makePost(t.db, { id: 'c', ageSeconds: 10, interests: ['gaming'] });
    expect((await list('/v1/feed-posts/type/fresh')).posts.map((p) => p.id)).toEqual(['c', 'b', 'a']);
    expect((await list('/v1/feed-posts/type/fresh/timeframe/recent', viewer)).posts.map((p) => p.id)).toEqual(['c', 'b', 'a']);
    await t.db.insertInto('followedPages').values([{ userId: viewer.id, kind: 'tag', key: 'cats' }, { userId: viewer.id, kind: 'interest', key: 'gaming' }]).execute();
    const forYou = await list('/v1/feed-posts/type/fresh/timeframe/for-you', viewer);
    expect(forYou.posts.map((p) => p.id)).toEqual(['c', 'a']);
    expect(forYou.feedId).toBe('fresh-for-you');
    expect((await list('/v1/feed-posts/type/explore', viewer)).posts.map((p) => p.id)).toEqual(['c', 'a']);
  });

  it('for-you pages stay exact when the filters take a whole page of candidates, with posts in several followed pages once', async () => {
    const viewer = await makeUser(t.db, 'viewer');
    const blocked = await makeUser(t.db, 'blocked');
    await t.db.insertInto('followedPages').values([
      { userId: viewer.id, kind: 'tag', key: 'fy1' }, { userId: viewer.id, kind: 'tag', key: 'fy2' }, { userId: viewer.id, kind: 'interest', key: 'gaming' },
    ]).execute();
    const expected: string[] = [];
    let age = 10;
    // 60 newest posts by a blocked creator (more than the first candidates), then 30 the viewer sees; some in two
    // followed pages, some forum posts (never on For You), some in no followed page.
    for (let i = 0; i < 60; i++) await makePost(t.db, { id: `fb${i}`, ageSeconds: age++, tags: ['fy1'], creatorId: blocked.id });
    for (let i = 0; i < 30; i++) {
      const id = `fy${String(i).padStart(2, '0')}`;
      await makePost(t.db, { id, ageSeconds: age++, ...(i % 3 === 0 ? { tags: ['fy1', 'fy2'], interests: ['gaming'] } : i % 3 === 1 ? { tags: ['fy2'] } : { interests: ['gaming'] }) });
      expected.push(id);
      await makePost(t.db, { id: `fx${i}`, ageSeconds: age++, tags: ['other'] });
      if (i % 5 === 0) await makePost(t.db, { id: `ff${i}`, type: 'ForumPost', ageSeconds: age++, tags: ['fy1'] });
    }
    await t.db.insertInto('userBlocks').values({ userId: viewer.id, blockedUserId: blocked.id }).execute();
    expect(await walk('/v1/feed-posts/type/fresh/timeframe/for-you', viewer)).toEqual(expected);
    await t.db.deleteFrom('userBlocks').where('userId', '=', viewer.id).execute();
    const all = await walk('/v1/feed-posts/type/fresh/timeframe/for-you', viewer);
    expect(all).toEqual([...Array.from({ length: 60 }, (_, i) => `fb${i}`), ...expected]);
  });

  it('top ranks by upvotes inside the timeframe', async () => {
    await makePost(t.db, { id: 'today-10', ageSeconds: HOUR, up: 10 });
    await makePost(t.db, { id: 'today-50', ageSeconds: 2 * HOUR, up: 50 });
    await makePost(t.db, { id: 'week-900', ageSeconds: 3 * DAY, up: 900 });
    await makePost(t.db, { id: 'old-5000', ageSeconds: 60 * DAY, up: 5000 });
    expect((await list('/v1/group-posts/type/top')).posts.map((p) => p.id)).toEqual(['today-50', 'today-10']);
    expect((await list('/v1/group-posts/type/top/timeframe/today')).posts.map((p) => p.id)).toEqual(['today-50', 'today-10']);
    expect((await list('/v1/group-posts/type/top/timeframe/week')).posts.map((p) => p.id)).toEqual(['week-900', 'today-50', 'today-10']);
    expect((await list('/v1/feed-posts/type/top-week')).feedId).toBe('top-week');
    const lastYear = await list('/v1/group-posts/type/top/timeframe/last-year');
    expect(lastYear.posts.map((p) => p.id)).not.toContain('today-10');
    const bad = await t.app.inject({ method: 'GET', url: '/v1/group-posts/type/top/timeframe/decade' });
    expect(bad.statusCode).toBe(404);
    expect(bad.json().meta.status).toBe('Failure');
  });

  it('top month, last-month, year and last-year take their calendar windows (UTC)', async () => {
    const now = Date.now();
    const today = new Date(now);
    const y = today.getUTCFullYear();
    const m = today.getUTCMonth();
    const at = [
      { id: 'd2', when: now - 2 * DAY * 1000, up: 10 },
      { id: 'd20', when: now - 20 * DAY * 1000, up: 20 },
      { id: 'd29', when: now - 29 * DAY * 1000, up: 25 },
      { id: 'd31', when: now - 31 * DAY * 1000, up: 30 },
      { id: 'd40', when: now - 40 * DAY * 1000, up: 40 },
      { id: 'prev-month-first', when: Date.UTC(y, m - 1, 1, 0, 1), up: 50 },
      { id: 'prev-month-last', when: Date.UTC(y, m, 1) - 60_000, up: 55 },
      { id: 'month-first', when: Date.UTC(y, m, 1, 0, 1), up: 60 },
      { id: 'jan-first', when: Date.UTC(y, 0, 1, 0, 1), up: 70 },
      { id: 'last-year-mid', when: Date.UTC(y - 1, 6, 1), up: 80 },
      { id: 'last-year-first', when: Date.UTC(y - 1, 0, 1, 0, 1), up: 85 },
      { id: 'last-year-last', when: Date.UTC(y, 0, 1) - 60_000, up: 90 },
      { id: 'two-years-ago', when: Date.UTC(y - 2, 6, 1), up: 99 },
      // Only posts at least a minute old: near a month's or year's start some of these dates are still ahead.
    ].filter((p) => p.when <= now - 60_000);
    for (const p of at) await makePost(t.db, { id: p.id, up: p.up, ageSeconds: (now - p.when) / 1000 });
    const monthStart = Date.UTC(y, m, 1);
    const prevMonthStart = Date.UTC(y, m - 1, 1);
    const yearStart = Date.UTC(y, 0, 1);
    const lastYearStart = Date.UTC(y - 1, 0, 1);
    const windows: Record<string, (when: number) => boolean> = {
      today: (w) => w >= now - DAY * 1000,
      week: (w) => w >= now - 7 * DAY * 1000,
      month: (w) => w >= now - 30 * DAY * 1000,
      'last-month': (w) => w >= prevMonthStart && w < monthStart,
      year: (w) => w >= yearStart,
      'last-year': (w) => w >= lastYearStart && w < yearStart,
    };
    for (const [frame, inside] of Object.entries(windows)) {
      const expected = at
        .filter((p) => inside(p.when))
        .sort((a, b) => b.up - a.up)
        .map((p) => p.id);
      const data = await list(`/v1/feed-posts/type/top/timeframe/${frame}`);
      expect(data.posts.map((p) => p.id), frame).toEqual(expected);
      expect(data.feedId).toBe(`top-${frame}`);
      expect((await list(`/v1/group-posts/type/top-${frame}`)).posts.map((p) => p.id), `top-${frame}`).toEqual(expected);
    }
    // Fixed points that hold whatever the date: these never fall in a window.
    expect((await list('/v1/feed-posts/type/top/timeframe/month')).posts.map((p) => p.id)).toEqual(expect.arrayContaining(['d29', 'd20', 'd2']));
    expect((await list('/v1/feed-posts/type/top/timeframe/month')).posts.map((p) => p.id)).not.toContain('d31');
    expect((await list('/v1/feed-posts/type/top/timeframe/last-year')).posts.map((p) => p.id)).toEqual(expect.arrayContaining(['last-year-last', 'last-year-mid']));
    expect((await list('/v1/feed-posts/type/top/timeframe/year')).posts.map((p) => p.id)).not.toContain('last-year-last');
    for (const frame of Object.keys(windows)) {
      expect((await list(`/v1/feed-posts/type/top/timeframe/${frame}`)).posts.map((p) => p.id)).not.toContain('two-years-ago');
    }
  });

  it('trending ranks by recent vote velocity and leaves out posts without recent activity', async () => {
    const voters = await Promise.all(['v1', 'v2', 'v3'].map((n) => makeUser(t.db, n)));
    const quiet = await makePost(t.db, { id: 'quiet', ageSeconds: HOUR, up: 100 });
    const one = await makePost(t.db, { id: 'one', ageSeconds: 5 * DAY });
    const three = await makePost(t.db, { id: 'three', ageSeconds: 10 * HOUR });
    await vote(voters[0]!, one, 'like');
    for (const v of voters) await vote(v, three, 'like');
    const data = await list('/v1/group-posts/type/trending');
    expect(data.posts.map((p) => p.id)).toEqual(['three', 'one']);
    expect(data.posts.map((p) => p.id)).not.toContain(quiet);
    // Unvoting removes that vote's own contribution: no activity left, off the list.
    await vote(voters[0]!, one, 'unlike');
    expect((await list('/v1/group-posts/type/trending')).posts.map((p) => p.id)).toEqual(['three']);
  });

  it('trending keys fold events exactly as the documented formula, and an old burst decays below a recent one', async () => {
    const now = Date.now();
    const times = [now - 40 * HOUR * 1000, now - 30 * HOUR * 1000, now - HOUR * 1000];
    let score: number | null = null;
    for (const at of times) {
      const row = await sql<{ s: number | null }>`select trending_add(${score}::float8, ${new Date(at).toISOString()}::timestamptz, 1) as s`.execute(t.db);
      score = row.rows[0]!.s;
    }
    expect(score).toBeCloseTo(postTrendingScore(times.map((x) => new Date(x)))!, 9);
    const removed = await sql<{ s: number | null }>`select trending_add(${score}::float8, ${new Date(times[2]!).toISOString()}::timestamptz, -1) as s`.execute(t.db);
    expect(removed.rows[0]!.s).toBeCloseTo(postTrendingScore(times.slice(0, 2).map((x) => new Date(x)))!, 9);
    // Ten upvotes 30 h ago weigh less than one upvote now (half-life 6 h: 10 / 32 < 1).
    const burst = postTrendingScore(Array.from({ length: 10 }, () => new Date(now - 30 * HOUR * 1000)))!;
    const fresh = postTrendingScore([new Date(now)])!;
    expect(fresh).toBeGreaterThan(burst);
  });

  it('rebuilds trending keys from stored upvotes (seeded data) exactly as votes would have set them', async () => {
    const voters = await Promise.all(['a', 'b', 'c'].map((n) => makeUser(t.db, n)));
    await makePost(t.db, { id: 'seeded', ageSeconds: 10 * HOUR });
    await makePost(t.db, { id: 'voted', ageSeconds: 10 * HOUR });
    const times = [5 * HOUR, 2 * HOUR, 60].map((s) => new Date(Date.now() - s * 1000));
    await t.db.insertInto('postVotes').values(voters.map((v, i) => ({ userId: v.id, postId: 'seeded', value: 1, createdAt: times[i]! }))).execute();
    await rebuildTrendingScores(t.db);
    const row = await t.db.selectFrom('posts').select(['trendingScore']).where('id', '=', 'seeded').executeTakeFirstOrThrow();
    expect(row.trendingScore).toBeCloseTo(postTrendingScore(times)!, 9);
    await vote(voters[0]!, 'voted', 'like');
    expect((await list('/v1/group-posts/type/trending')).posts.map((p) => p.id)).toEqual(['seeded', 'voted']);
  });

  it('walks every page once: no repeat, no gap', async () => {
    for (let i = 0; i < 2 * PAGE_SIZE + 5; i++) await makePost(t.db, { id: `p${String(i).padStart(2, '0')}`, ageSeconds: 100 + i * 7, up: (i * 37) % 11 });
    for (const url of ['/v1/feed-posts/type/home', '/v1/feed-posts/type/fresh', '/v1/group-posts/type/top/timeframe/week']) {
      const ids = await walk(url);
      expect(ids).toHaveLength(2 * PAGE_SIZE + 5);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it('keeps hot, top and trending cursors exact while concurrent votes reorder the list between page loads', async () => {
    for (const url of ['/v1/feed-posts/type/home', '/v1/group-posts/type/top/timeframe/today', '/v1/group-posts/type/trending']) {
      await clearPosts(t.db);
      const voters = await Promise.all(Array.from({ length: 6 }, (_, i) => makeUser(t.db, `voter${i}`)));
      const ids: string[] = [];
      for (let i = 0; i < 3 * PAGE_SIZE; i++) ids.push(await makePost(t.db, { id: `h${String(i).padStart(2, '0')}`, ageSeconds: 200 + i * 60, up: i % 3 }));
      // Every post gets one recent upvote so all are on trending too.
      await Promise.all(ids.map((id, i) => vote(voters[i % voters.length]!, id, 'like')));

      const before = await walk(url);
      expect(before).toHaveLength(ids.length);
      const seen = await walk(url, undefined, async (page) => {
        // Posts just served sink, the last page's posts rise above everything, all at once.
        const served = before.slice(page * PAGE_SIZE, page * PAGE_SIZE + 3);
        const last = before.slice(-4);
        await Promise.all([
          ...served.flatMap((id) => voters.map((v) => vote(v, id, 'dislike'))),
          ...last.flatMap((id) => voters.map((v) => vote(v, id, 'like'))),
        ]);
      });
      expect(seen).toEqual(before);
      // The votes did reorder the list: a new first page starts with the risen posts.
      const now = (await list(url)).posts.map((p) => p.id);
      expect(now.slice(0, 4).sort()).toEqual(before.slice(-4).sort());
    }
  });

  it('refuses a broken cursor or one of another list with a 400', async () => {
    for (let i = 0; i < PAGE_SIZE + 1; i++) await makePost(t.db, { ageSeconds: 100 + i });
    const home = await list('/v1/feed-posts/type/home');
    expect(home.after).toBeTruthy();
    const other = await t.app.inject({ method: 'GET', url: `/v1/feed-posts/type/fresh?after=${home.after}` });
    expect(other.statusCode).toBe(400);
    expect(other.json().meta.errorCode).toBe('INVALID_CURSOR');
    const junk = await t.app.inject({ method: 'GET', url: '/v1/feed-posts/type/home?after=not-a-cursor' });
    expect(junk.statusCode).toBe(400);
  });

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
