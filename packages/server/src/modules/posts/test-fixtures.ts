import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../../db/index.js';
import type { Json } from '../../db/schema.js';
import { SESSION_COOKIE } from '../../lib/session.js';
import { createSession } from '../accounts/sessions.js';

/** Data builders for the posts tests: each test file makes its own users, tags and posts. */

const rid = (n = 8) => randomBytes(n).toString('base64url').replace(/[-_]/g, 'x').slice(0, n);

export type TestUser = { id: number; userId: string; username: string; cookie: string; headers: { cookie: string } };

export async function makeUser(db: Database, username: string, extra: { tier?: number; preferences?: Json } = {}): Promise<TestUser> {
  const row = await db
    .insertInto('users')
    .values({
      userId: rid(10),
      hashId: rid(12),
      username,
      fullName: `${username} name`,
      tier: extra.tier ?? 0,
      preferences: JSON.stringify(extra.preferences ?? {}),
    })
    .returning(['id', 'userId'])
    .executeTakeFirstOrThrow();
  const token = await createSession(db, row.id);
  const cookie = `${SESSION_COOKIE}=${token}`;
  return { id: row.id, userId: row.userId, username, cookie, headers: { cookie } };
}

export async function tagId(db: Database, key: string): Promise<number> {
  const found = await db.selectFrom('tags').select('id').where('key', '=', key).executeTakeFirst();
  if (found) return found.id;
  return (await db.insertInto('tags').values({ key }).returning('id').executeTakeFirstOrThrow()).id;
}

export async function interestId(db: Database, key: string): Promise<number> {
  const found = await db.selectFrom('interests').select('id').where('key', '=', key).executeTakeFirst();
  if (found) return found.id;
  return (await db.insertInto('interests').values({ key, name: key[0]?.toUpperCase() + key.slice(1) }).returning('id').executeTakeFirstOrThrow()).id;
}

export type PostSpec = {
  id?: string;
  title?: string;
  description?: string;
  type?: string;
  creatorId?: number | null;
  /** Seconds before now. */
  ageSeconds?: number;
  up?: number;
  down?: number;
  comments?: number;
  tags?: string[];
  interests?: string[];
  nsfw?: boolean;
  isOffensive?: boolean;
  promoted?: boolean;
  isAnonymous?: boolean;
  status?: string;
  images?: Json;
};

export async function makePost(db: Database, spec: PostSpec = {}): Promise<string> {
  const id = spec.id ?? rid(8);
  await db
    .insertInto('posts')
    .values({
      id,
      title: spec.title ?? `Post ${id}`,
      description: spec.description ?? '',
      type: spec.type ?? 'Photo',
      creatorId: spec.creatorId ?? null,
      createdAt: new Date(Date.now() - (spec.ageSeconds ?? 60) * 1000),
      upVoteCount: spec.up ?? 0,
      downVoteCount: spec.down ?? 0,
      commentsCount: spec.comments ?? 0,
      nsfw: spec.nsfw ?? false,
      isOffensive: spec.isOffensive ?? false,
      promoted: spec.promoted ?? false,
      isAnonymous: spec.isAnonymous ?? false,
      status: spec.status ?? 'live',
      images: JSON.stringify(spec.images ?? { image700: { url: `https://media.example/${id}.jpg`, width: 700, height: 700 } }),
    })
    .execute();
  for (const [position, key] of (spec.tags ?? []).entries()) {
    await db.insertInto('postTags').values({ postId: id, tagId: await tagId(db, key), position }).execute();
  }
  for (const key of spec.interests ?? []) {
    await db.insertInto('postInterests').values({ postId: id, interestId: await interestId(db, key) }).execute();
  }
  return id;
}

/** Empties every table the posts tests write, between tests. */
export async function clearPosts(db: Database): Promise<void> {
  await sql`truncate posts, post_rank_changes, tags, interests, reports, user_blocks, mute_words, blocked_tags, followed_pages,
    award_balances, analytics_events, comment_apps, users restart identity cascade`.execute(db);
}
