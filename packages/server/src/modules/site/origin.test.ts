import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../../../test/harness.js';
import { up as stampOrigin } from '../../db/migrations/0023-site-origin.js';
import { makePost, makeUser } from '../posts/test-fixtures.js';
import { followPublicUrl } from './origin.js';

const OLD = 'http://127.0.0.1:4000';
const NEW = 'https://memes.example';

describeEachDatabase('stored urls follow PUBLIC_URL', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(() => t.close());

  it('a database seeded at one origin and started at another keeps its pictures, avatars, links and threads', async () => {
    const { db } = t;
    const user = await makeUser(db, 'mover');
    await db.updateTable('users').set({ avatarUrl: `${OLD}/media/avatars/mover.png` }).where('id', '=', user.id).execute();
    const postId = await makePost(db, {
      creatorId: user.id,
      images: { image700: { url: `${OLD}/media/posts/p/image700.jpg`, webpUrl: `${OLD}/media/posts/p/image700.webp`, width: 700, height: 700 } },
    });
    const other = await makePost(db, { images: { image700: { url: 'https://cdn.example/media/x.jpg', width: 700, height: 700 } } });
    await db
      .insertInto('commentApps')
      .values({ id: 'guffaw', name: 'Guffaw', secret: 's', allowedOrigins: JSON.stringify([OLD]), host: OLD, cdnHost: OLD, anonymousAvatarUrl: `${OLD}/media/anon.png` })
      .execute();
    const cu = await db
      .insertInto('commentUsers')
      .values({ appId: 'guffaw', externalId: user.userId, userId: 'cu-mover', avatarUrl: `${OLD}/media/avatars/mover.png`, profileUrl: `${OLD}/u/mover` })
      .returning('id')
      .executeTakeFirstOrThrow();
    const section = await db.insertInto('commentSections').values({ appId: 'guffaw', url: `${OLD}/gag/${postId}`, total: 1 }).returning('id').executeTakeFirstOrThrow();
    await db
      .insertInto('comments')
      .values({ commentId: 'c-old', sectionId: section.id, userId: cu.id, level: 1, text: `see ${OLD}/gag/${other} here`, mentionMapping: JSON.stringify({ mover: `${OLD}/u/mover` }) })
      .execute();
    // Someone opened the post at the new origin before the data moved, and commented there.
    const early = await db.insertInto('commentSections').values({ appId: 'guffaw', url: `${NEW}/gag/${postId}`, total: 1 }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('comments').values({ commentId: 'c-new', sectionId: early.id, userId: cu.id, level: 1, text: 'early' }).execute();

    // Migration 0023 stamps an existing database with the origin its seed wrote (the main app's host).
    await sql`delete from site_origin`.execute(db);
    await stampOrigin(db as never);
    expect((await db.selectFrom('siteOrigin').select('origin').executeTakeFirstOrThrow()).origin).toBe(OLD);

    expect(await followPublicUrl(db, `${NEW}/`)).toBe(OLD);

    const moved = await db.selectFrom('users').select('avatarUrl').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(moved.avatarUrl).toBe(`${NEW}/media/avatars/mover.png`);
    const post = await db.selectFrom('posts').select('images').where('id', '=', postId).executeTakeFirstOrThrow();
    expect(post.images).toEqual({ image700: { url: `${NEW}/media/posts/p/image700.jpg`, webpUrl: `${NEW}/media/posts/p/image700.webp`, width: 700, height: 700 } });
    const cdn = await db.selectFrom('posts').select('images').where('id', '=', other).executeTakeFirstOrThrow();
    expect(cdn.images).toEqual({ image700: { url: 'https://cdn.example/media/x.jpg', width: 700, height: 700 } });
    const app = await db.selectFrom('commentApps').selectAll().where('id', '=', 'guffaw').executeTakeFirstOrThrow();
    expect([app.host, app.cdnHost, app.allowedOrigins, app.anonymousAvatarUrl]).toEqual([NEW, NEW, [NEW], `${NEW}/media/anon.png`]);
    const users = await db.selectFrom('commentUsers').select(['avatarUrl', 'profileUrl']).where('id', '=', cu.id).executeTakeFirstOrThrow();
    expect(users).toEqual({ avatarUrl: `${NEW}/media/avatars/mover.png`, profileUrl: `${NEW}/u/mover` });
    // One thread per post, under the new origin's key, with both comments and their total.
    const sections = await db.selectFrom('commentSections').select(['id', 'url', 'total']).execute();
    expect(sections).toEqual([{ id: section.id, url: `${NEW}/gag/${postId}`, total: 2 }]);
    const comments = await db.selectFrom('comments').select(['commentId', 'sectionId', 'text', 'mentionMapping']).orderBy('commentId').execute();
    expect(comments.map((c) => c.sectionId)).toEqual([section.id, section.id]);
    // Words people wrote stay as written; the mention's link moves.
    expect(comments[1]?.text).toBe(`see ${OLD}/gag/${other} here`);
    expect(comments[1]?.mentionMapping).toEqual({ mover: `${NEW}/u/mover` });

    // Started again at the same origin: nothing to do.
    expect(await followPublicUrl(db, NEW)).toBeNull();
    expect((await db.selectFrom('siteOrigin').select('origin').executeTakeFirstOrThrow()).origin).toBe(NEW);
  });

  it('a database without a stamp takes the origin it is started at', async () => {
    await sql`delete from site_origin`.execute(t.db);
    expect(await followPublicUrl(t.db, 'http://localhost:3000')).toBeNull();
    expect((await t.db.selectFrom('siteOrigin').select('origin').executeTakeFirstOrThrow()).origin).toBe('http://localhost:3000');
  });
});
