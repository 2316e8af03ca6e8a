import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Comment, CommentPage } from '@guffaw/comments-client';
import { describeEachDatabase } from '../../../test/harness.js';
import { createApp, createCommentsTestApp, createMainUser, createPost, makeModerator, post, tokenFor, type CommentsTestApp } from './test-kit.js';

/** Rules of the comment service as people meet them (issue #18): text as stored, section status, likes, media tokens. */
describeEachDatabase('comment rules', (kind) => {
  let t: CommentsTestApp;
  let main: { id: string; secret: string };
  let url: string;
  const tokens = {} as Record<'member' | 'moderator', string>;

  const call = (who: 'member' | 'moderator', path: string, fields: Record<string, string | number | boolean | undefined>) =>
    post(t.app, path, { appId: 'guffaw', auth: tokens[who], ...fields });
  const add = async (who: 'member' | 'moderator', text: string, extra: Record<string, string | undefined> = {}, at = url) => {
    const res = await call(who, 'add-comment.json', { url: at, text, ...extra });
    return { res, comment: res.body.payload.comment as Comment };
  };
  const list = async (at = url) => (await call('member', 'comment-list.json', { url: at, type: 'new' })).body.payload as unknown as CommentPage;
  const newSection = async () => `${t.config.publicUrl}/gag/${await createPost(t.db, null)}`;

  beforeAll(async () => {
    t = await createCommentsTestApp(kind);
    main = await createApp(t.db, 'guffaw');
    const member = await createMainUser(t.db, 'rules_member');
    const moderator = await createMainUser(t.db, 'rules_mod');
    tokens.member = await tokenFor(main, member.userId, 'Member');
    tokens.moderator = await tokenFor(main, moderator.userId, 'Mod');
    await makeModerator(t.db, 'guffaw', moderator.userId);
    url = await newSection();
  });
  afterAll(() => t.close());

  describe('text', () => {
    it('stores a run of blank lines as one blank line, with \\r\\n as \\n', async () => {
      const { res, comment } = await add('member', 'top\r\n\r\n\r\n\r\n\r\n\r\n\r\nmiddle\n \n\t\n\nbottom\n\nend\n\n\n');
      expect(res.status).toBe(200);
      expect(comment.text).toBe('top\n\nmiddle\n\nbottom\n\nend');
      expect((await list()).comments.find((c) => c.commentId === comment.commentId)?.text).toBe('top\n\nmiddle\n\nbottom\n\nend');
    });

    it('counts the limit in code points on the text as stored', async () => {
      expect((await add('member', '😀'.repeat(1000))).res.status).toBe(200);
      expect((await add('member', '😀'.repeat(1001))).res.body.code).toBe('TEXT_TOO_LONG');
      // Blank lines collapsed first: 999 characters and a run of blank lines fit.
      expect((await add('member', `${'a'.repeat(499)}\n\n\n\n\n\n${'b'.repeat(499)}`)).res.status).toBe(200);
    });
  });
});
