import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddCommentResult } from '@guffaw/comments-client';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/harness.js';
import { createSession, SESSION_COOKIE } from '../../lib/session.js';
import { createApp, createMainUser, createPost, post } from './test-kit.js';

/**
 * The comment service inside the whole app (app.ts wiring), as the main site's members use it: tokens from
 * /v1/user-info, thread follows of the threads module, post counts of the posts module.
 */
describeEachDatabase('comment service on the main site', (kind) => {
  let t: TestApp;
  const people = {} as Record<'ada' | 'bob', { id: number; userId: string; session: string; auth: string }>;

  const call = (who: keyof typeof people, path: string, fields: Record<string, string | number | undefined>) =>
    post(t.app, path, { appId: 'guffaw', auth: people[who].auth, ...fields });
  const followed = async (who: keyof typeof people, threadId: string) =>
    (await t.app.inject({ method: 'POST', url: '/v1/follow-thread-status', cookies: { [SESSION_COOKIE]: people[who].session }, payload: { threadId } })).json().data.followed as boolean;
  const newPostUrl = async () => `${t.config.publicUrl}/gag/${await createPost(t.db, null)}`;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await createApp(t.db, 'guffaw');
    for (const name of ['ada', 'bob'] as const) {
      const user = await createMainUser(t.db, name);
      const session = await createSession(t.db, user.id);
      const info = (await t.app.inject({ method: 'POST', url: '/v1/user-info', cookies: { [SESSION_COOKIE]: session } })).json();
      people[name] = { ...user, session, auth: info.data.user.commentAuth as string };
      expect(people[name].auth).toEqual(expect.any(String));
    }
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

    it('a reply leaves the thread unfollowed when the account turned the setting off', async () => {
      const url = await newPostUrl();
      await t.db.updateTable('users').set({ autoFollowThreadReply: false }).where('id', '=', people.bob.id).execute();
      try {
        const root = (await call('ada', 'add-comment.json', { url, text: 'a thread' })).body.payload as unknown as AddCommentResult;
        const reply = await call('bob', 'add-comment.json', { url, text: 'a reply', parent: root.comment.commentId });
        expect(reply.status).toBe(200);
        expect(reply.body.payload).toMatchObject({ threadFollowed: false, autoFollowed: false });
        expect(await followed('bob', root.comment.commentId)).toBe(false);
      } finally {
        await t.db.updateTable('users').set({ autoFollowThreadReply: true }).where('id', '=', people.bob.id).execute();
      }
    });
  });
});
