import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../../test/harness.js';
import { verifyPassword } from '../lib/password.js';
import { commentHotScore } from '../modules/comments/hot-rank.js';
import { postHotScore } from '../modules/posts/ranking.js';
import { findFfmpeg } from './clips.js';
import { DEMO_PASSWORD, isDatabaseEmpty, seedDemo, wipeContent, type SeedSummary } from './index.js';
import { POST_TYPES, planDemo, type SeedSizes } from './plan.js';

const SIZES: SeedSizes = { users: 12, posts: 40, comments: 220, tags: 20, interests: 8, clips: 2 };
const PUBLIC_URL = 'http://localhost:3999';
const NOW = new Date('2026-06-01T12:00:00Z');

describe('demo plan', () => {
  it('is the same for the same sizes and date', () => {
    expect(JSON.stringify(planDemo(SIZES, NOW))).toBe(JSON.stringify(planDemo(SIZES, NOW)));
  });

  it('covers every post type, running and ended polls, and keeps dates in the past', () => {
    const plan = planDemo(SIZES, NOW);
    expect(new Set(plan.posts.map((p) => p.type))).toEqual(new Set(POST_TYPES));
    const polls = plan.posts.flatMap((p) => (p.poll ? [p.poll] : []));
    expect(polls.some((p) => p.endsAt < NOW)).toBe(true);
    expect(polls.some((p) => p.endsAt > NOW)).toBe(true);
    for (const post of plan.posts) {
      expect(post.createdAt.getTime()).toBeLessThan(NOW.getTime());
      expect(NOW.getTime() - post.createdAt.getTime()).toBeLessThanOrEqual(401 * 86_400_000);
    }
    for (const c of plan.comments) expect(c.createdAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
  });

  it('does not repeat an article\'s intro (its description, shown above the blocks) as its first block', () => {
    const articles = planDemo(SIZES, NOW).posts.filter((p) => p.type === 'Article');
    expect(articles.length).toBeGreaterThan(0);
    for (const post of articles) {
      const texts = (post.article?.blocks ?? []).flatMap((b) => (b.type === 'RichText' ? [b.content] : []));
      expect(texts).not.toContain(post.description);
    }
  });

  it('puts most posts in the recent past so every top list has content', () => {
    const plan = planDemo({ ...SIZES, posts: 300 }, NOW);
    const within = (days: number) => plan.posts.filter((p) => NOW.getTime() - p.createdAt.getTime() < days * 86_400_000).length;
    expect(within(1)).toBeGreaterThanOrEqual(3);
    expect(within(7)).toBeGreaterThan(within(1));
    expect(within(30)).toBeGreaterThan(within(7));
    expect(within(365)).toBeGreaterThan(within(30));
  });

  it('refuses sizes that cannot hold the demo accounts or every type', () => {
    expect(() => planDemo({ ...SIZES, users: 2 }, NOW)).toThrow(/at least 3 users/);
    expect(() => planDemo({ ...SIZES, posts: 5 }, NOW)).toThrow(/one per type/);
  });
});

describeEachDatabase('seedDemo', (kind) => {
  let test: TestDatabase;
  let dataDir: string;
  let summary: SeedSummary;
  let ffmpeg: string | null;
  const logs: string[] = [];

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    dataDir = mkdtempSync(join(tmpdir(), 'guffaw-seed-'));
    ffmpeg = await findFfmpeg();
    expect(await isDatabaseEmpty(test.db)).toBe(true);
    summary = await seedDemo(test.db, { dataDir, publicUrl: PUBLIC_URL, log: (m) => logs.push(m), sizes: SIZES, now: NOW });
    // Pictures, clips and a fresh database: generous on a busy machine.
  }, 240_000);
  afterAll(async () => {
    await test?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const rows = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(test.db)).rows;

  it('writes the requested sizes and logs progress', async () => {
    expect(summary).toMatchObject({ users: SIZES.users, posts: SIZES.posts, comments: SIZES.comments });
    expect(await isDatabaseEmpty(test.db)).toBe(false);
    const [counts] = await rows<{ users: number; posts: number; comments: number; tags: number; interests: number }>(
      sql`select (select count(*) from users)::int as users, (select count(*) from posts)::int as posts,
        (select count(*) from comments)::int as comments, (select count(*) from tags)::int as tags,
        (select count(*) from interests)::int as interests`,
    );
    expect(counts).toEqual({ users: 12, posts: 40, comments: 220, tags: 20, interests: 8 });
    expect(logs.some((l) => /pictures and clips \d+\/\d+/.test(l))).toBe(true);
    const types = await rows<{ type: string }>(sql`select distinct type from posts`);
    expect(new Set(types.map((t) => t.type))).toEqual(new Set(POST_TYPES));
    const [flags] = await rows<{ nsfw: number; offensive: number; promoted: number; anonymous: number; sensitive: number }>(
      sql`select count(*) filter (where nsfw)::int as nsfw, count(*) filter (where is_offensive)::int as offensive,
        count(*) filter (where promoted)::int as promoted,
        count(*) filter (where is_anonymous)::int as anonymous,
        (select count(*) from interests where is_sensitive)::int as sensitive from posts`,
    );
    for (const n of Object.values(flags ?? {})) expect(n).toBeGreaterThan(0);
  });

  it('lets the demo accounts sign in with the demo password, and no one else', async () => {
    const users = await test.db.selectFrom('users').select(['username', 'passwordHash', 'email', 'emailVerified', 'isAdmin']).orderBy('id').execute();
    // The console (/apps) shows the main app to admins: the demo has one, `admin`, and only one.
    expect(users.filter((u) => u.isAdmin).map((u) => u.username)).toEqual(['admin']);
    for (const name of ['demo', 'op', 'moderator', 'admin']) {
      const user = users.find((u) => u.username === name);
      expect(user?.email).toBe(`${name}@guffaw.test`);
      expect(user?.emailVerified).toBe(true);
      expect(await verifyPassword(user?.passwordHash ?? '', DEMO_PASSWORD)).toBe(true);
    }
    const other = users.find((u) => !['demo', 'op', 'moderator', 'admin'].includes(u.username));
    expect(await verifyPassword(other?.passwordHash ?? '', DEMO_PASSWORD)).toBe(false);
    const [tiers] = await rows<{ pro: number; plus: number; verified: number }>(
      sql`select count(*) filter (where tier = 1)::int as pro, count(*) filter (where tier = 2)::int as plus,
        count(*) filter (where is_verified_account)::int as verified from users`,
    );
    expect(tiers?.pro).toBeGreaterThan(0);
    expect(tiers?.plus).toBeGreaterThan(0);
    expect(tiers?.verified).toBeGreaterThan(0);
  });

  it('keeps post counters equal to their rows and the hot score to its formula', async () => {
    const posts = await rows<{ id: string; up: number; down: number; votesUp: number; votesDown: number; awards: number; awardRows: number; hot: number; createdAt: Date; comments: number }>(
      sql`select p.id, p.up_vote_count as up, p.down_vote_count as down, p.awards_count as awards, p.hot_score as hot,
        p.created_at, p.comments_count as comments,
        (select count(*) from post_votes v where v.post_id = p.id and v.value = 1)::int as votes_up,
        (select count(*) from post_votes v where v.post_id = p.id and v.value = -1)::int as votes_down,
        (select count(*) from awards a where a.post_id = p.id)::int as award_rows from posts p`,
    );
    expect(posts).toHaveLength(40);
    for (const p of posts) {
      expect([p.up, p.down, p.awards]).toEqual([p.votesUp, p.votesDown, p.awardRows]);
      expect(p.hot).toBeCloseTo(postHotScore(p.up, p.down, p.comments, new Date(p.createdAt)), 9);
    }
    expect(posts.reduce((sum, p) => sum + p.up + p.down, 0)).toBeGreaterThan(0);
    const [self] = await rows<{ n: number }>(sql`select count(*)::int as n from post_votes v join posts p on p.id = v.post_id where v.user_id = p.creator_id`);
    expect(self?.n).toBe(0);
  });

  it('keeps comment sections, threads and counters consistent', async () => {
    const sections = await rows<{ url: string; total: number; live: number; postComments: number; isForum: boolean; type: string; opExternalId: string; creator: string }>(
      sql`select s.url, s.total, s.is_forum, s.op_external_id, p.comments_count as post_comments, p.type, u.user_id as creator,
        (select count(*) from comments c where c.section_id = s.id and not c.is_deleted)::int as live
        from comment_sections s join posts p on s.url = ${PUBLIC_URL} || '/gag/' || p.id join users u on u.id = p.creator_id`,
    );
    const [all] = await rows<{ n: number }>(sql`select count(*)::int as n from comment_sections`);
    expect(sections).toHaveLength(all?.n ?? -1);
    for (const s of sections) {
      expect(s.total).toBe(s.live);
      expect(s.postComments).toBe(s.live);
      expect(s.isForum).toBe(s.type === 'ForumPost');
      expect(s.opExternalId).toBe(s.creator);
    }
    const [orphans] = await rows<{ n: number }>(
      sql`select count(*)::int as n from posts p where p.comments_count > 0
        and not exists (select 1 from comment_sections s where s.url = ${PUBLIC_URL} || '/gag/' || p.id)`,
    );
    expect(orphans?.n).toBe(0);

    const comments = await rows<{
      id: number; level: number; parentId: number | null; threadId: number; sectionId: number; createdAt: Date; likeCount: number;
      dislikeCount: number; childrenTotal: number; hotScore: number; isDeleted: boolean; text: string; mentionMapping: Record<string, string>;
      likes: number; dislikes: number; commentId: string;
    }>(
      sql`select c.*, (select count(*) from comment_likes l where l.comment_id = c.id and l.value = 1)::int as likes,
        (select count(*) from comment_likes l where l.comment_id = c.id and l.value = -1)::int as dislikes from comments c`,
    );
    const byId = new Map(comments.map((c) => [c.id, c]));
    expect(comments.some((c) => c.level === 2)).toBe(true);
    for (const c of comments) {
      expect([c.likeCount, c.dislikeCount]).toEqual([c.likes, c.dislikes]);
      expect(c.commentId).toMatch(/^[0-9A-Za-z]{10}$/);
      if (c.level === 1) {
        expect(c.parentId).toBeNull();
        expect(c.threadId).toBe(c.id);
        const live = comments.filter((r) => r.level === 2 && r.threadId === c.id && !r.isDeleted).length;
        expect(c.childrenTotal).toBe(live);
        if (c.isDeleted) expect(live).toBeGreaterThan(0);
      } else {
        const thread = byId.get(c.threadId);
        const parent = byId.get(c.parentId ?? -1);
        expect(thread?.level).toBe(1);
        expect(thread?.sectionId).toBe(c.sectionId);
        expect(parent?.threadId).toBe(c.threadId);
        expect(new Date(parent?.createdAt ?? 0).getTime()).toBeLessThanOrEqual(new Date(c.createdAt).getTime());
        expect(c.isDeleted).toBe(false);
        expect(c.childrenTotal).toBe(0);
      }
      expect(c.hotScore).toBeCloseTo(commentHotScore(c.likeCount, c.dislikeCount, c.childrenTotal, new Date(c.createdAt)), 9);
      const mention = /^@(\w+) /.exec(c.text)?.[1];
      if (mention) expect(c.mentionMapping).toEqual({ [mention]: `${PUBLIC_URL}/u/${mention}` });
      else expect(c.mentionMapping).toEqual({});
    }
    expect(comments.some((c) => Object.keys(c.mentionMapping).length > 0)).toBe(true);
  });

  it('registers the main comment app, its moderator and one comment user per member who takes part', async () => {
    const app = await test.db.selectFrom('commentApps').selectAll().where('id', '=', 'guffaw').executeTakeFirstOrThrow();
    expect(app).toMatchObject({ name: 'Guffaw', allowedOrigins: [PUBLIC_URL], maxMessageLength: 1000, host: PUBLIC_URL, cdnHost: PUBLIC_URL });
    expect(Buffer.from(app.secret, 'base64url')).toHaveLength(32);
    expect(app.anonymousAvatarUrl.startsWith(`${PUBLIC_URL}/media/`)).toBe(true);
    const moderator = await test.db.selectFrom('users').select('userId').where('username', '=', 'moderator').executeTakeFirstOrThrow();
    const moderators = await test.db.selectFrom('commentModerators').selectAll().execute();
    expect(moderators.map((m) => [m.appId, m.externalId])).toEqual([['guffaw', moderator.userId]]);
    const mismatched = await rows<{ n: number }>(
      sql`select count(*)::int as n from comment_users cu join users u on u.user_id = cu.external_id
        where cu.display_name <> u.username or cu.profile_url <> ${PUBLIC_URL} || '/u/' || u.username
          or cu.is_pro <> (u.tier >= 1) or cu.is_pro_plus <> (u.tier = 2) or cu.is_verified <> u.is_verified_account or cu.app_id <> 'guffaw'`,
    );
    expect(mismatched[0]?.n).toBe(0);
  });

  it('has polls running and ended, votes within their options, collections, saves and award balances', async () => {
    const polls = await test.db.selectFrom('polls').selectAll().execute();
    expect(polls.some((p) => new Date(p.endsAt) < NOW)).toBe(true);
    expect(polls.some((p) => new Date(p.endsAt) > NOW)).toBe(true);
    const [bad] = await rows<{ n: number }>(
      sql`select count(*)::int as n from poll_votes v join polls p on p.post_id = v.post_id where v.option_index >= jsonb_array_length(p.options)`,
    );
    expect(bad?.n).toBe(0);
    const [pollVotes] = await rows<{ n: number }>(sql`select count(*)::int as n from poll_votes`);
    expect(pollVotes?.n).toBeGreaterThan(0);
    const [counts] = await rows<{ items: number; saves: number; balances: number; follows: number }>(
      sql`select (select count(*) from collection_items)::int as items, (select count(*) from post_saves)::int as saves,
        (select count(*) from award_balances)::int as balances, (select count(*) from followed_pages)::int as follows`,
    );
    expect(counts?.items).toBeGreaterThan(0);
    expect(counts?.saves).toBeGreaterThan(0);
    expect(counts?.balances).toBe(12);
    expect(counts?.follows).toBeGreaterThan(0);
  });

  it('stores real pictures and clips at the urls it writes', async () => {
    const posts = await test.db.selectFrom('posts').select(['id', 'type', 'images', 'article', 'hasLongPostCover']).execute();
    const file = (url: string) => join(dataDir, 'media', url.slice(`${PUBLIC_URL}/media/`.length));
    type Variant = { url: string; webpUrl: string; width: number; height: number };
    const photo = posts.find((p) => p.type === 'Photo');
    const images = photo?.images as Record<string, Variant>;
    for (const name of ['image460', 'image700'] as const) {
      const variant = images[name] as Variant;
      const jpeg = await sharp(file(variant.url)).metadata();
      const webp = await sharp(file(variant.webpUrl)).metadata();
      expect([jpeg.format, jpeg.width, jpeg.height]).toEqual(['jpeg', variant.width, variant.height]);
      expect([webp.format, webp.width, webp.height]).toEqual(['webp', variant.width, variant.height]);
    }
    const long = posts.find((p) => p.hasLongPostCover);
    const cover = (long?.images as Record<string, Variant>).image460c as Variant;
    expect([cover.width, cover.height]).toEqual([460, 575]);
    expect(existsSync(file(cover.url))).toBe(true);

    for (const post of posts) {
      const set = post.images as Record<string, Variant & { vp9Url?: string }>;
      for (const variant of Object.values(set)) {
        expect(existsSync(file(variant.url))).toBe(true);
        if (variant.webpUrl) expect(existsSync(file(variant.webpUrl))).toBe(true);
        if (variant.vp9Url) expect(existsSync(file(variant.vp9Url))).toBe(true);
      }
      if (post.type === 'Text' || post.type === 'ForumPost') expect(Object.keys(set)).toEqual([]);
      else expect(set.image700).toBeDefined();
    }
    const animated = posts.find((p) => p.type === 'Animated');
    const sv = (animated?.images as Record<string, { url: string; vp9Url: string; hasAudio: boolean; duration: number }>).image460sv;
    if (ffmpeg) {
      expect(sv).toMatchObject({ hasAudio: false, duration: 2 });
      expect(readFileSync(file(sv?.url ?? '')).subarray(4, 8).toString()).toBe('ftyp');
      expect(readFileSync(file(sv?.vp9Url ?? '')).subarray(0, 4).toString('hex')).toBe('1a45dfa3');
    } else {
      expect(sv).toBeUndefined();
    }

    const article = posts.find((p) => p.type === 'Article')?.article as {
      blocks: ({ type: 'RichText'; content: string } | { type: 'Media'; mediaId: string; caption: string })[];
      medias: Record<string, { image700: Variant }>;
    };
    const mediaBlocks = article.blocks.filter((b) => b.type === 'Media');
    expect(mediaBlocks.length).toBeGreaterThan(0);
    for (const block of mediaBlocks) expect(existsSync(file(article.medias[block.mediaId]?.image700.url ?? ''))).toBe(true);
    expect(article.blocks.some((b) => b.type === 'RichText' && b.content.includes('## '))).toBe(true);
  });

  it('is emptied by wipeContent, migrations kept', async () => {
    await wipeContent(test.db);
    expect(await isDatabaseEmpty(test.db)).toBe(true);
    const [left] = await rows<{ n: number }>(sql`select (select count(*) from posts) + (select count(*) from comments) + (select count(*) from comment_apps) as n`);
    expect(Number(left?.n)).toBe(0);
    const [migrations] = await rows<{ n: number }>(sql`select count(*)::int as n from kysely_migration`);
    expect(migrations?.n).toBeGreaterThan(0);
  });

  it('gives animated and video posts still pictures when clips are off', async () => {
    const stillDir = mkdtempSync(join(tmpdir(), 'guffaw-seed-still-'));
    try {
      const sizes = { users: 3, posts: 8, comments: 20, tags: 5, interests: 2, clips: 4 };
      const result = await seedDemo(test.db, { dataDir: stillDir, publicUrl: PUBLIC_URL, log: () => undefined, sizes, now: NOW, clips: false });
      expect(result.clips).toBe(0);
      const moving = await test.db.selectFrom('posts').select(['type', 'images']).where('type', 'in', ['Animated', 'Video']).execute();
      expect(moving.length).toBeGreaterThan(0);
      for (const post of moving) {
        const images = post.images as Record<string, { url: string }>;
        expect(images.image460sv).toBeUndefined();
        expect(existsSync(join(stillDir, 'media', (images.image700?.url ?? '').slice(`${PUBLIC_URL}/media/`.length)))).toBe(true);
      }
    } finally {
      rmSync(stillDir, { recursive: true, force: true });
    }
  });
});
