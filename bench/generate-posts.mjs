#!/usr/bin/env node
// Fills a database with a feed-sized data set: 100,000 posts (default) over the last 365 days, 1,000 creators,
// 200 tags (1 to 3 per post), 12 interests, vote, comment and trending figures skewed like a real feed, and one
// member (bench-member) with a session, blocked tags, muted words, blocked creators and followed pages so filtered
// and For You lists are measured, and the data of the other lists: saves (bench-member), upvotes and comments of 200
// creators (profile tabs), a collection page of 300 posts.
//
//   node --import tsx bench/generate-posts.mjs [--posts 100000]      DATA_DIR=... (embedded PGlite) or DATABASE_URL=...
//   PUBLIC_URL must be the one the server will run with: the comment service keys threads by the post URL.
//
// Prints one JSON line: {"posts":..., "seconds":..., "memberCookie":"guffaw_session=...", "topTag":"...",
// "profile":"creator10", "postId":..., "articleId":..., "collectionId":..., "publicUrl":...}.
// Everything is generated inside the database (generate_series), so it takes seconds, not minutes.
import { parseArgs } from 'node:util';
import { migrateToLatest, openDatabase, sql } from '../packages/server/src/db/index.ts';
import { SESSION_COOKIE } from '../packages/server/src/lib/session.ts';
import { createSession } from '../packages/server/src/modules/accounts/sessions.ts';

const { values } = parseArgs({ options: { posts: { type: 'string', default: '100000' } } });
const count = Number(values.posts);
if (!Number.isInteger(count) || count < 1) throw new Error('--posts must be a positive integer');

const started = Date.now();
const databaseUrl = process.env.DATABASE_URL?.trim();
const db = await openDatabase(databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'pglite', dataDir: process.env.DATA_DIR ?? './data' });
await migrateToLatest(db);

const existing = await sql`select count(*)::int as n from posts`.execute(db);
if (existing.rows[0].n > 0) {
  process.stderr.write(`generate-posts: the database already holds ${existing.rows[0].n} posts; use an empty one\n`);
  process.exit(1);
}

// A vocabulary of 400 words: each title takes 4, so one word matches about 1% of posts (a realistic search).
const stems = ['cat', 'dog', 'frog', 'meme', 'game', 'movie', 'pizza', 'coffee', 'monday', 'boss', 'school', 'code', 'bug', 'car', 'bird', 'duck',
  'space', 'rocket', 'wizard', 'dragon', 'pirate', 'ninja', 'robot', 'zombie', 'banana', 'taco', 'burger', 'cheese', 'winter', 'summer',
  'beach', 'mountain', 'teacher', 'doctor', 'nurse', 'farmer', 'king', 'queen', 'knight', 'castle', 'train', 'plane', 'boat', 'horse',
  'goat', 'sheep', 'panda', 'tiger', 'shark', 'whale'];
const suffixes = ['', 's', 'er', 'y', 'ing', 'ed', 'ist', 'ville'];
const words = stems.flatMap((s) => suffixes.map((x) => s + x));

await sql`insert into users (user_id, hash_id, username, full_name, avatar_url)
  select 'u' || lpad(g::text, 7, '0'), 'h' || md5(g::text), 'creator' || g, 'Creator ' || g, 'https://media.example/avatars/' || g || '.jpg'
  from generate_series(1, 1000) g`.execute(db);
await sql`insert into tags (key, description)
  select 'tag' || g, 'Tag number ' || g from generate_series(1, 200) g`.execute(db);
await sql`insert into interests (key, name, position)
  select k, initcap(k), ord::int from unnest(array['funny','gaming','animals','news','wholesome','sports','anime','science','food','movies','music','art'])
  with ordinality as t(k, ord)`.execute(db);

// Posts: creation times spread evenly over a year (in seq order), upvotes heavy-tailed, some anonymous, nsfw and promoted.
await sql`insert into posts (id, creator_id, type, title, description, nsfw, is_anonymous, promoted, is_meme, images,
                             up_vote_count, down_vote_count, comments_count, created_at)
  select substr(md5('post' || g), 1, 12),
         1 + (g::bigint * 7919) % 1000,  -- bigint: 7919 g passes int4 past 271,000 posts
         (array['Photo','Photo','Photo','Photo','Animated','Animated','Video','Text','Article','ForumPost'])[1 + (g * 31) % 10],
         initcap(w[1 + (g * 13) % ${words.length}]) || ' ' || w[1 + (g * 17 + 5) % ${words.length}] || ' '
           || w[1 + (g * 23 + 11) % ${words.length}] || ' ' || w[1 + (g * 29 + 3) % ${words.length}],
         'Posted ' || g || ' for the feed benchmark',
         g % 50 = 0, g % 40 = 0, g % 97 = 0, g % 3 = 0,
         jsonb_build_object('image700', jsonb_build_object('url', 'https://media.example/p/' || g || '_700.jpg', 'webpUrl',
           'https://media.example/p/' || g || '_700.webp', 'width', 700, 'height', 700 + (g % 5) * 100),
           'image460', jsonb_build_object('url', 'https://media.example/p/' || g || '_460.jpg', 'width', 460, 'height', 460)),
         floor(power(random(), 6) * 5000)::int,
         floor(random() * 40)::int,
         floor(power(random(), 4) * 300)::int,
         now() - interval '365 days' + (g::float8 / ${count}) * interval '365 days'
  from generate_series(1, ${count}) g, (select ${words}::text[] as w) v
  order by g`.execute(db);

await sql`insert into post_tags (post_id, tag_id, position)
  select p.id, 1 + ((p.seq * k * 7) % 200), k - 1 from posts p, generate_series(1, 3) k
  where k = 1 or (k = 2 and p.seq % 2 = 0) or (k = 3 and p.seq % 5 = 0)
  on conflict do nothing`.execute(db);
await sql`insert into post_interests (post_id, interest_id) select p.id, 1 + p.seq % 12 from posts p`.execute(db);

// Trending: posts of the last 3 days carry their upvotes as events at a random time after creation.
await sql`update posts set trending_score = trending_add(null, least(created_at + random() * interval '12 hours', now()), greatest(up_vote_count, 1))
  where created_at > now() - interval '3 days'`.execute(db);
await sql`truncate post_rank_changes`.execute(db);

const member = await sql`insert into users (user_id, hash_id, username, full_name, tier, preferences)
  values ('benchmember', 'hbenchmember', 'bench-member', 'Bench Member', 1, '{"hidePromotedPosts": true}') returning id`.execute(db);
const memberId = member.rows[0].id;
await sql`insert into blocked_tags (user_id, value) values (${memberId}, 'tag7'), (${memberId}, 'politics')`.execute(db);
await sql`insert into mute_words (user_id, value) values (${memberId}, 'zombie'), (${memberId}, 'taco')`.execute(db);
await sql`insert into user_blocks (user_id, blocked_user_id) select ${memberId}, id from users where username in ('creator1', 'creator2', 'creator3')`.execute(db);
await sql`insert into followed_pages (user_id, kind, key)
  values (${memberId}, 'tag', 'tag1'), (${memberId}, 'tag', 'tag2'), (${memberId}, 'tag', 'tag3'), (${memberId}, 'interest', 'gaming')`.execute(db);
await sql`insert into post_saves (user_id, post_id, created_at)
  select ${memberId}, p.id, now() - p.seq * interval '1 minute' from posts p where p.seq % ${Math.max(1, Math.floor(count / 300))} = 0
  on conflict do nothing`.execute(db);
const token = await createSession(db, memberId);

// Profile tabs: creators 1 to 200 each upvoted 100 posts and commented on 100 of the first 5,000 posts.
await sql`insert into post_votes (user_id, post_id, value, created_at)
  select u.id, p.id, 1, now() - (k * 37 % 1000) * interval '1 hour'
  from generate_series(1, 200) c cross join generate_series(1, 100) k
  join users u on u.username = 'creator' || c
  join posts p on p.seq = 1 + (c * 7919 + k * 104729) % ${count}
  on conflict do nothing`.execute(db);
const publicUrl = process.env.PUBLIC_URL ?? 'http://localhost:3000';
const sections = Math.min(count, 5000);
await sql`insert into comment_apps (id, name, secret) values ('guffaw', 'Guffaw', md5(random()::text)) on conflict do nothing`.execute(db);
await sql`insert into comment_users (app_id, external_id, user_id, display_name)
  select 'guffaw', u.user_id, 'cu' || u.user_id, u.full_name from users u where u.username in (select 'creator' || g from generate_series(1, 200) g)`.execute(db);
await sql`insert into comment_sections (app_id, url)
  select 'guffaw', ${`${publicUrl}/gag/`} || p.id from posts p where p.seq <= ${sections}`.execute(db);
await sql`insert into comments (comment_id, section_id, user_id, level, text, created_at)
  with s as (select id, row_number() over (order by id) as n from comment_sections),
       cu as (select id, row_number() over (order by id) as n from comment_users where app_id = 'guffaw')
  select 'bc' || g, s.id, cu.id, 1, 'Comment ' || g, now() - (g % 5000) * interval '1 hour'
  from generate_series(1, 20000) g join s on s.n = 1 + (g * 7) % ${sections} join cu on cu.n = 1 + g % 200`.execute(db);

// A collection page of 300 posts.
const collection = await sql`insert into posts (id, creator_id, type, title, description, images)
  values ('benchcollect', 10, 'CollectionPage', 'The benchmark collection', 'Three hundred posts', '{}'::jsonb) returning id`.execute(db);
await sql`insert into collection_items (collection_id, post_id, position)
  select 'benchcollect', p.id, row_number() over (order by p.seq)::int from posts p
  where p.type <> 'CollectionPage' and p.seq % ${Math.max(1, Math.floor(count / 300))} = 1 limit 300`.execute(db);

// A bulk load, then what autovacuum (PostgreSQL) or the server's own vacuum (embedded, db/index.ts startVacuum) would do.
await sql`vacuum (analyze)`.execute(db);
const topTag = await sql`select t.key from post_tags pt join tags t on t.id = pt.tag_id group by t.key order by count(*) desc limit 1`.execute(db);
// Related lists: a recent photo with three tags, and a recent article.
const postId = await sql`select p.id from posts p where p.type = 'Photo' and (select count(*) from post_tags pt where pt.post_id = p.id) = 3
  order by p.seq desc limit 1`.execute(db);
const articleId = await sql`select id from posts where type = 'Article' order by seq desc limit 1`.execute(db);
await db.destroy();
process.stdout.write(
  JSON.stringify({
    posts: count,
    seconds: (Date.now() - started) / 1000,
    memberCookie: `${SESSION_COOKIE}=${token}`,
    topTag: topTag.rows[0].key,
    profile: 'creator10',
    postId: postId.rows[0]?.id ?? null,
    articleId: articleId.rows[0]?.id ?? null,
    collectionId: collection.rows[0].id,
    publicUrl,
  }) + '\n',
);
