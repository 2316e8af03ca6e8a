import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AddCommentResult, CommentPage } from '@guffaw/comments-client';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/harness.js';
import { SESSION_COOKIE } from '../../lib/session.js';
import { createSession } from '../accounts/sessions.js';
import { makePost } from '../posts/test-fixtures.js';
import { createApp, createMainUser, createPost, makeModerator, post } from './test-kit.js';

/**
 * The comment service inside the whole app (app.ts wiring), as the main site's members use it: tokens from
 * /v1/user-info, thread follows of the threads module, post counts of the posts module.
 */
describeEachDatabase('comment service on the main site', (kind) => {
  let t: TestApp;
  const people = {} as Record<'ada' | 'bob' | 'mod', { id: number; userId: string; session: string; auth: string }>;

  const call = (who: keyof typeof people, path: string, fields: Record<string, string | number | undefined>) =>
    post(t.app, path, { appId: 'guffaw', auth: people[who].auth, ...fields });
  const followed = async (who: keyof typeof people, threadId: string) =>
    (await t.app.inject({ method: 'POST', url: '/v1/follow-thread-status', cookies: { [SESSION_COOKIE]: people[who].session }, payload: { threadId } })).json().data.followed as boolean;
  const newPostUrl = async () => `${t.config.publicUrl}/gag/${await createPost(t.db, null)}`;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await createApp(t.db, 'guffaw');
    for (const name of ['ada', 'bob', 'mod'] as const) {
      const user = await createMainUser(t.db, name);
      const session = await createSession(t.db, user.id);
      const info = (await t.app.inject({ method: 'POST', url: '/v1/user-info', cookies: { [SESSION_COOKIE]: session } })).json();
      people[name] = { ...user, session, auth: info.data.user.commentAuth as string };
      expect(people[name].auth).toEqual(expect.any(String));
    }
    await makeModerator(t.db, 'guffaw', people.mod.userId);
  });
  afterAll(() => t.close());

  describe('autoFollowThreadReply', () => {
    it('a reply follows the thread when the account’s setting is on (the default), and says so', async () => {
      const url = await newPostUrl();
      const root = (await call('bob', 'add-comment.json', { url, text: 'a thread' })).body.payload as unknown as AddCommentResult;
      expect(root).not.toHaveProperty('threadFollowed');
      const reply = await call('ada', 'add-comment.json', { url, text: 'a reply', parent: root.comment.commentId });
      expect(reply.status).toBe(200);
      expect(reply.body.payload).toMatchObject({ threadFollowed: true, autoFollowed: true });
      expect(await followed('ada', root.comment.commentId)).toBe(true);
      // Already following: the next reply keeps it, and does not claim to have started it.
      const again = await call('ada', 'add-comment.json', { url, text: 'another', parent: root.comment.commentId });
      expect(again.body.payload).toMatchObject({ threadFollowed: true, autoFollowed: false });
    });

    it('a reply leaves the thread unfollowed when the account turned the setting off (POST /v1/settings)', async () => {
      const url = await newPostUrl();
      const settings = (value: string) => t.app.inject({
        method: 'POST', url: '/v1/settings', headers: { origin: t.config.publicUrl }, cookies: { [SESSION_COOKIE]: people.bob.session }, payload: { autoFollowThreadReply: value },
      });
      const userInfo = async () => (await t.app.inject({ method: 'POST', url: '/v1/user-info', cookies: { [SESSION_COOKIE]: people.bob.session } })).json().data.user;
      expect((await userInfo()).autoFollowThreadReply).toBe(true);
      expect((await settings('0')).statusCode).toBe(200);
      expect((await userInfo()).autoFollowThreadReply).toBe(false);
      expect((await settings('maybe')).statusCode).toBe(400);
      try {
        const root = (await call('ada', 'add-comment.json', { url, text: 'a thread' })).body.payload as unknown as AddCommentResult;
        const reply = await call('bob', 'add-comment.json', { url, text: 'a reply', parent: root.comment.commentId });
        expect(reply.status).toBe(200);
        expect(reply.body.payload).toMatchObject({ threadFollowed: false, autoFollowed: false });
        expect(await followed('bob', root.comment.commentId)).toBe(false);
      } finally {
        expect((await settings('1')).statusCode).toBe(200);
      }
    });
  });

  describe('counts', () => {
    /** "Every count a person sees must agree within a second of a change" (issue #18). */
    const WITHIN_A_SECOND = { timeout: 1000, interval: 25 };
    const postCount = async (id: string) =>
      (await t.app.inject({ method: 'GET', url: `/v1/post?id=${id}` })).json().data.post.commentsCount as number;
    const listCount = async (id: string) => {
      const posts = (await t.app.inject({ method: 'GET', url: '/v1/feed-posts/type/fresh' })).json().data.posts as { id: string; commentsCount: number }[];
      return posts.find((p) => p.id === id)?.commentsCount;
    };
    const sectionTotal = async (url: string) => ((await call('mod', 'comment-list.json', { url })).body.payload as unknown as CommentPage).total;
    const visitorTotal = async (url: string) =>
      ((await t.app.inject({ method: 'GET', url: `/comments/v2/comment-list.json?appId=guffaw&url=${encodeURIComponent(url)}` })).json().payload as CommentPage).total;
    const agree = (id: string, url: string, n: number) =>
      vi.waitFor(async () => {
        expect(await postCount(id)).toBe(n);
        expect(await listCount(id)).toBe(n);
        expect(await sectionTotal(url)).toBe(n);
        expect(await visitorTotal(url)).toBe(n);
      }, WITHIN_A_SECOND);

    it('adding, hiding, unhiding and deleting comments moves the post’s count, in its reply and in lists, with the section total', async () => {
      // A count that drifted (the seed said 4) comes right with the first change.
      const id = await makePost(t.db, { comments: 4 });
      const url = `${t.config.publicUrl}/gag/${id}`;
      expect(await postCount(id)).toBe(4);

      const root = (await call('ada', 'add-comment.json', { url, text: 'first' })).body.payload as unknown as AddCommentResult;
      expect(root.total).toBe(1);
      await agree(id, url, 1);
      const reply = (await call('bob', 'add-comment.json', { url, text: 'a reply', parent: root.comment.commentId })).body.payload as unknown as AddCommentResult;
      const other = (await call('bob', 'add-comment.json', { url, text: 'second' })).body.payload as unknown as AddCommentResult;
      await agree(id, url, 3);

      // Hidden comments leave every count (moderators still see them, flagged), and come back when unhidden.
      expect((await call('mod', 'admin/hide', { url, commentId: other.comment.commentId })).status).toBe(200);
      await agree(id, url, 2);
      await call('mod', 'admin/hide', { url, commentId: other.comment.commentId });
      await agree(id, url, 2);
      await call('mod', 'admin/unhide', { url, commentId: other.comment.commentId });
      await agree(id, url, 3);

      // Deleting a hidden comment does not take it off twice.
      await call('mod', 'admin/hide', { url, commentId: other.comment.commentId });
      expect((await call('mod', 'comment.json', { _method: 'DELETE', url, id: other.comment.commentId })).status).toBe(200);
      await agree(id, url, 2);
      // A root kept (deleted) for its reply, then the reply: nothing left.
      expect((await call('ada', 'comment.json', { _method: 'DELETE', url, id: root.comment.commentId })).status).toBe(200);
      await agree(id, url, 1);
      expect((await call('bob', 'comment.json', { _method: 'DELETE', url, id: reply.comment.commentId })).status).toBe(200);
      await agree(id, url, 0);
    });
  });
});
