import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Comment, CommentPage } from '@guffaw/comments-client';
import { describeEachDatabase } from '../../../test/harness.js';
import { commentHotScore } from './hot-rank.js';
import { testConfig } from '../../config.js';
import { createApp, createCommentsTestApp, post, tokenFor, type CommentsTestApp } from './test-kit.js';

/** cursor.ts: hot pages are read as the list stood at its first page, whatever votes and replies arrive meanwhile. */
describeEachDatabase('hot paging', (kind) => {
  let t: CommentsTestApp;
  let app: { id: string; secret: string };
  const url = 'https://hot.example/story';
  const voters: string[] = [];

  const call = (auth: string, path: string, fields: Record<string, string | number | undefined>) => post(t.app, path, { appId: app.id, auth, ...fields });
  const page = async (fields: Record<string, string | number | undefined>) => {
    const res = await post(t.app, 'comment-list.json', { appId: app.id, url, type: 'hot', count: 4, ...fields });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.payload as unknown as CommentPage;
  };
  const vote = async (commentId: string, value: 1 | -1, n: number) => {
    for (const auth of voters.slice(0, n)) expect((await call(auth, 'like.json', { commentId, value })).status).toBe(200);
  };
  const reply = async (commentId: string, n: number) => {
    for (let i = 0; i < n; i++) expect((await call(voters[i] as string, 'add-comment.json', { url, text: `reply ${i}`, parent: commentId })).status).toBe(200);
  };

  beforeAll(async () => {
    // Twelve voters sign up from one test client: above the new accounts per address the spam defences allow.
    t = await createCommentsTestApp(kind, {}, { commentSpam: { ...testConfig().commentSpam, newUsersPerAddress: 100 } });
    app = await createApp(t.db, 'hotapp', { quotaPerHour: 1000 });
    for (let i = 0; i < 12; i++) voters.push(await tokenFor(app, `voter${i}`));
    await t.db.insertInto('commentModerators').values({ appId: app.id, externalId: 'voter11' }).execute();
  });
  afterAll(() => t.close());

  it('pages hot without a repeat or a skip while likes, dislikes and replies reorder it between pages', async () => {
    // 15 comments; comment i starts with i likes (seeded as votes of other users), so the hot order is 14, 13, ... 0.
    const ids: string[] = [];
    for (let i = 0; i < 15; i++) {
      const res = await call(voters[i % voters.length] as string, 'add-comment.json', { url, text: `c${i}` });
      ids.push((res.body.payload.comment as Comment).commentId);
    }
    const seeders = await t.db
      .insertInto('commentUsers')
      .values(Array.from({ length: 14 }, (_, k) => ({ appId: app.id, externalId: `seed${k}`, userId: `seed${k}`, displayName: `seed${k}` })))
      .returning('id')
      .execute();
    for (const [i, commentId] of ids.entries()) {
      if (i === 0) continue;
      const c = await t.db.selectFrom('comments').select(['id', 'createdAt']).where('commentId', '=', commentId).executeTakeFirstOrThrow();
      await t.db.insertInto('commentLikes').values(seeders.slice(0, i).map((u) => ({ commentId: c.id, userId: u.id, value: 1 }))).execute();
      await t.db.updateTable('comments').set({ likeCount: i, hotScore: commentHotScore(i, 0, 0, c.createdAt) }).where('id', '=', c.id).execute();
    }
    const textOf = new Map<string, string>();
    const seen: string[] = [];
    const take = (p: CommentPage) => {
      for (const c of p.comments) textOf.set(c.commentId, c.text);
      seen.push(...p.comments.map((c) => c.commentId));
      return p.comments.map((c) => c.text);
    };

    const first = await page({});
    expect(take(first)).toEqual(['c14', 'c13', 'c12', 'c11']);
    // Between pages: the last comment (unseen) jumps above the cursor with likes and replies (live keys would skip
    // it); a seen one sinks below it with dislikes (live keys would show it again); a new comment arrives.
    await vote(ids[0] as string, 1, 5);
    await reply(ids[0] as string, 8);
    await vote(ids[13] as string, -1, 12);
    const added = (await call(voters[0] as string, 'add-comment.json', { url, text: 'new during paging' })).body.payload.comment as Comment;

    const second = await page({ next: first.next as string });
    expect(take(second)).toEqual(['c10', 'c9', 'c8', 'c7']);
    // Again, on the next stretch: an unseen one rises, a comment of this page sinks.
    await vote(ids[1] as string, 1, 12);
    await vote(ids[9] as string, -1, 12);
    await reply(ids[2] as string, 3);

    const third = await page({ next: second.next as string });
    expect(take(third)).toEqual(['c6', 'c5', 'c4', 'c3']);
    // Going back shows the same page as before, in the same order.
    const back = await page({ prev: third.prev as string });
    expect(back.comments.map((c) => c.text)).toEqual(['c10', 'c9', 'c8', 'c7']);

    const fourth = await page({ next: third.next as string });
    expect(take(fourth)).toEqual(['c2', 'c1', 'c0']);
    expect(fourth.next).toBeNull();

    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual([...ids].sort());
    expect(seen).not.toContain(added.commentId);

    // What was added after the snapshot comes through refresh, once.
    const refreshed = await page({ refresh: first.refresh as string });
    expect(refreshed.comments.map((c) => c.commentId)).toEqual([added.commentId]);
    const again = await page({ refresh: refreshed.refresh as string });
    expect(again.comments).toEqual([]);
    const later = (await call(voters[1] as string, 'add-comment.json', { url, text: 'later still' })).body.payload.comment as Comment;
    expect((await page({ refresh: again.refresh as string })).comments.map((c) => c.commentId)).toEqual([later.commentId]);

    // A fresh first page ranks by today's scores.
    expect((await page({})).comments.map((c) => c.text)).toEqual(['c14', 'c1', 'c0', 'c12']);
    // A refresh cursor is not a list position.
    const misuse = await post(t.app, 'comment-list.json', { appId: app.id, url, type: 'hot', next: first.refresh as string });
    expect([misuse.status, misuse.body.code]).toEqual([400, 'INVALID_CURSOR']);
  });

  it('keeps a page stable when a comment is pinned or unpinned between pages', async () => {
    const pinUrl = 'https://hot.example/pins';
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push(((await call(voters[i] as string, 'add-comment.json', { url: pinUrl, text: `p${i}` })).body.payload.comment as Comment).commentId);
    const list = async (fields: Record<string, string>) =>
      (await post(t.app, 'comment-list.json', { appId: app.id, url: pinUrl, type: 'hot', count: 2, ...fields })).body.payload as unknown as CommentPage;
    const seen: string[] = [];
    let p = await list({});
    seen.push(...p.comments.map((c) => c.commentId));
    // A seen comment gets pinned, and an unseen one too: neither moves in the pages of this snapshot.
    const mod = voters[11] as string;
    expect((await call(mod, 'admin/pin', { commentId: seen[0] as string, url: pinUrl, pinned: 'true' })).status).toBe(200);
    expect((await call(mod, 'admin/pin', { commentId: ids[0] as string, url: pinUrl, pinned: 'true' })).status).toBe(200);
    while (p.next) {
      p = await list({ next: p.next });
      seen.push(...p.comments.map((c) => c.commentId));
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual([...ids].sort());
  });
});
