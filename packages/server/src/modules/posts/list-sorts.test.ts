import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.js';
import { postHotScore, postTrendingScore } from './ranking.js';
import { PAGE_SIZE } from './context.js';
import { rebuildTrendingScores } from './service.js';
import { clearPosts, makePost, makeUser } from './test-fixtures.js';
import { DAY, HOUR, useListsApp } from './lists-fixture.js';

describeEachDatabase('post lists: sorts and cursors', (kind) => {
  const { t, list, walk, vote } = useListsApp(kind);

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
});
