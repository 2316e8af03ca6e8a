import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attachment, Comment, CommentPage } from '@guffaw/comments-client';
import { describeEachDatabase } from '../../../test/harness.js';
import { createApp, createCommentsTestApp, makeModerator, post, tokenFor, type CommentsTestApp } from './test-kit.js';

/** Rules of the comment service as people meet them (issue #18): text as stored, section status, likes, media tokens. */
describeEachDatabase('comment rules', (kind) => {
  let t: CommentsTestApp;
  let app: { id: string; secret: string };
  let url: string;
  const tokens = {} as Record<'member' | 'moderator', string>;

  const call = (who: 'member' | 'moderator', path: string, fields: Record<string, string | number | boolean | undefined>) =>
    post(t.app, path, { appId: 'rules', auth: tokens[who], ...fields });
  const add = async (who: 'member' | 'moderator', text: string, extra: Record<string, string | undefined> = {}, at = url) => {
    const res = await call(who, 'add-comment.json', { url: at, text, ...extra });
    return { res, comment: res.body.payload.comment as Comment };
  };
  const list = async (at = url) => (await call('member', 'comment-list.json', { url: at, type: 'new' })).body.payload as unknown as CommentPage;
  let sections = 0;
  const newSection = async () => `https://host.example/article-${++sections}`;
  const update = (at: string, fields: { lock?: boolean; status?: string }) => call('moderator', 'admin/update', { url: at, ...fields });
  const upload = async (): Promise<Attachment> => {
    const form = new FormData();
    form.append('appId', 'rules');
    form.append('auth', tokens.member);
    form.append('blob', new Blob([await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0a64c8' } }).png().toBuffer()], { type: 'image/png' }), 'a.png');
    const res = new Response(form);
    const reply = await t.app.inject({ method: 'POST', url: '/comments/v2/media.json', payload: Buffer.from(await res.arrayBuffer()), headers: { 'content-type': res.headers.get('content-type') as string } });
    expect(reply.statusCode).toBe(200);
    return (reply.json() as { payload: Attachment }).payload;
  };

  beforeAll(async () => {
    t = await createCommentsTestApp(kind);
    // A third-party app: these rules are the same in every app, and its users need no main-site session.
    app = await createApp(t.db, 'rules');
    tokens.member = await tokenFor(app, 'member-1', 'Member');
    tokens.moderator = await tokenFor(app, 'mod-1', 'Mod');
    await makeModerator(t.db, 'rules', 'mod-1');
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

  describe('section status and lock', () => {
    it('a closed section refuses comments, replies and votes with SECTION_CLOSED; moderators pass; reopening lets people in', async () => {
      const at = await newSection();
      const { comment } = await add('member', 'before closing', {}, at);
      expect((await update(at, { status: 'closed' })).status).toBe(200);
      const refused = [
        (await add('member', 'after closing', {}, at)).res,
        (await add('member', 'a reply', { parent: comment.commentId }, at)).res,
        await call('member', 'like.json', { commentId: comment.commentId, value: 1, url: at }),
      ];
      for (const res of refused) expect([res.status, res.body.code]).toEqual([403, 'SECTION_CLOSED']);
      expect((await list(at)).comments.map((c) => c.text)).toEqual(['before closing']);
      expect((await add('moderator', 'moderator note', {}, at)).res.status).toBe(200);
      await update(at, { status: 'archived' });
      expect((await add('member', 'archived too', {}, at)).res.body.code).toBe('SECTION_CLOSED');
      await update(at, { status: 'open' });
      expect((await add('member', 'open again', {}, at)).res.status).toBe(200);
    });

    it('a locked section refuses likes and dislikes with SECTION_LOCKED, except from moderators', async () => {
      const at = await newSection();
      const { comment } = await add('member', 'vote on me', {}, at);
      expect((await call('member', 'like.json', { commentId: comment.commentId, value: 1, url: at })).status).toBe(200);
      await update(at, { lock: true });
      for (const value of [-1, 0, 1]) {
        const res = await call('member', 'like.json', { commentId: comment.commentId, value, url: at });
        expect([res.status, res.body.code]).toEqual([403, 'SECTION_LOCKED']);
      }
      expect((await call('moderator', 'like.json', { commentId: comment.commentId, value: 1, url: at })).status).toBe(200);
      const page = await list(at);
      expect(page.comments[0]).toMatchObject({ likeCount: 2, dislikeCount: 0 });
      await update(at, { lock: false });
      expect((await call('member', 'like.json', { commentId: comment.commentId, value: 0, url: at })).status).toBe(200);
    });
  });

  describe('media tokens', () => {
    it('an uploaded media token is consumed by its first comment; a second use is 409 ATTACHMENT_USED', async () => {
      const media = await upload();
      const attachments = JSON.stringify([{ type: media.type, token: media.token }]);
      const first = await add('member', 'with a picture', { attachments });
      expect(first.res.status).toBe(200);
      expect(first.comment.media).toHaveLength(1);
      const again = await add('member', 'same picture again', { attachments });
      expect([again.res.status, again.res.body.code]).toEqual([409, 'ATTACHMENT_USED']);
      const elsewhere = await add('member', 'and elsewhere', { attachments }, await newSection());
      expect(elsewhere.res.body.code).toBe('ATTACHMENT_USED');
      expect((await list()).comments.filter((c) => c.media.length > 0).map((c) => c.text)).toEqual(['with a picture']);
    });

    it('a token whose comment was refused stays usable, and two comments at once cannot both take it', async () => {
      const media = await upload();
      const attachments = JSON.stringify([{ type: media.type, token: media.token }]);
      const closed = await newSection();
      await update(closed, { status: 'closed' });
      expect((await add('member', 'refused', { attachments }, closed)).res.body.code).toBe('SECTION_CLOSED');
      const both = await Promise.all([add('member', 'race one', { attachments }), add('member', 'race two', { attachments })]);
      expect(both.map((b) => b.res.status).sort()).toEqual([200, 409]);
    });
  });

  describe('threads on delete', () => {
    const del = (who: 'member' | 'moderator', at: string, id: string) => call(who, 'comment.json', { _method: 'DELETE', url: at, id });

    it('removes a thread once nothing but deleted comments is left in it, deleted replies of replies too', async () => {
      const at = await newSection();
      const root = (await add('member', 'the top', {}, at)).comment;
      const a = (await add('member', 'reply a', { parent: root.commentId }, at)).comment;
      const b = (await add('member', 'reply to a', { parent: a.commentId }, at)).comment;
      const other = (await add('member', 'another thread', {}, at)).comment;
      expect((await del('member', at, root.commentId)).status).toBe(200);
      expect((await del('member', at, a.commentId)).status).toBe(200);
      // Both kept for the reply that is left.
      const thread = (await call('member', 'comment-list.json', { url: at, commentId: root.commentId, level: 2 })).body.payload as unknown as CommentPage;
      expect(thread.parent).toMatchObject({ commentId: root.commentId, isDeleted: true });
      expect(thread.comments.map((c) => [c.commentId, c.isDeleted])).toEqual([[a.commentId, true], [b.commentId, false]]);

      expect((await del('member', at, b.commentId)).status).toBe(200);
      const page = await list(at);
      expect(page.comments.map((c) => c.commentId)).toEqual([other.commentId]);
      expect(page.total).toBe(1);
      const gone = await call('member', 'comment-list.json', { url: at, commentId: root.commentId, level: 2 });
      expect([gone.status, gone.body.code]).toEqual([404, 'COMMENT_NOT_FOUND']);
    });

    it('keeps a live top comment and its other replies, pruning only deleted replies no one answers', async () => {
      const at = await newSection();
      const root = (await add('member', 'the top', {}, at)).comment;
      const a = (await add('member', 'reply a', { parent: root.commentId }, at)).comment;
      const b = (await add('member', 'reply to a', { parent: a.commentId }, at)).comment;
      const c = (await add('moderator', 'reply c', { parent: root.commentId }, at)).comment;
      await del('member', at, a.commentId);
      await del('member', at, b.commentId);
      const thread = (await call('member', 'comment-list.json', { url: at, commentId: root.commentId, level: 2 })).body.payload as unknown as CommentPage;
      expect(thread.parent).toMatchObject({ commentId: root.commentId, isDeleted: false, childrenTotal: 1 });
      expect(thread.comments.map((x) => x.commentId)).toEqual([c.commentId]);
    });
  });
});
