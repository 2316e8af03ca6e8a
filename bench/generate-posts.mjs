#!/usr/bin/env node
// Fills a database with a feed-sized data set: 100,000 posts (default) over the last 365 days, 1,000 creators,
// 200 tags (1 to 3 per post), 12 interests, vote, comment and trending figures skewed like a real feed, and one
// member (bench-member) with a session, blocked tags, muted words and blocked creators so filtered lists are measured.
//
//   node --import tsx bench/generate-posts.mjs [--posts 100000]      DATA_DIR=... (embedded PGlite) or DATABASE_URL=...
//
// Prints one JSON line: {"posts":..., "seconds":..., "memberCookie":"guffaw_session=...", "topTag":"..."}.
// Everything is generated inside the database (generate_series), so it takes seconds, not minutes.
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { migrateToLatest, openDatabase } from '../packages/server/src/db/index.ts';
import { createSession, SESSION_COOKIE } from '../packages/server/src/lib/session.ts';

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
         1 + (g * 7919) % 1000,
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
const token = await createSession(db, memberId);

await sql`analyze`.execute(db);
const topTag = await sql`select t.key from post_tags pt join tags t on t.id = pt.tag_id group by t.key order by count(*) desc limit 1`.execute(db);
await db.destroy();
process.stdout.write(
  JSON.stringify({ posts: count, seconds: (Date.now() - started) / 1000, memberCookie: `${SESSION_COOKIE}=${token}`, topTag: topTag.rows[0].key }) + '\n',
);
