import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import type { Comment, CommentPage, QueuePage } from '@guffaw/comments-client';
import { describeEachDatabase } from '../../../test/harness.js';
import { moderationFixture } from './moderation-fixture.js';
import { get, post } from './test-kit.js';

/**
 * MODERATION.md "Held comments" and the app settings: pre-moderation holds comments; a held one is seen by its author
 * and moderators only (never in a shared or visitor page), counted nowhere until approved; the settings on
 * sections, media and links.
 */
describeEachDatabase('held comments and app settings', (kind) => {
  const f = moderationFixture(kind);
  const { call, add, list, ids, row, actions } = f;
  const held = (page: CommentPage, commentId: string) => page.comments.find((c) => c.commentId === commentId);

  describe('pre-moderation all', () => {
    it('holds a member’s comment: its author and moderators see it, others and the cached visitor page do not; approved, it counts', async () => {
      await f.setSettings({ premoderation: 'all' });
      try {
        const url = await f.newPage();
        const visible = await add('other', 'a moderator approves me later', {}, url);
        expect(visible.comment.isHeld).toBe(true);
        // Visitors' pages are cached: one read before the held comment, one after.
        const before = await list('visitor', {}, url);
        const { comment, total } = await add('author', 'waiting for review', {}, url);
        expect(comment).toMatchObject({ isHeld: true, heldReason: 'premoderation' });
        expect(total).toBe(before.total);
        // The author reads first (their own page), then everyone else.
        const mine = await list('author', {}, url);
        expect(held(mine, comment.commentId)).toMatchObject({ isHeld: true, heldReason: 'premoderation' });
        expect(mine.total).toBe(before.total);
        expect(ids(await list('member', {}, url))).not.toContain(comment.commentId);
        expect(ids(await list('visitor', {}, url))).not.toContain(comment.commentId);
        const { t } = f.state();
        const raw = await get(t.app, 'comment-list.json', { appId: 'guffaw', url });
        expect(JSON.stringify(raw.body)).not.toContain(comment.commentId);
        expect(held(await list('moderator', {}, url), comment.commentId)?.isHeld).toBe(true);
        // Not reachable by id either: a thread view, a like and a report answer 404.
        expect((await call('member', 'comment-list.json', { url, commentId: comment.commentId, level: 2 })).status).toBe(404);
        expect((await call('member', 'like.json', { commentId: comment.commentId, value: 1 })).status).toBe(404);
        expect((await call('author', 'comment-list.json', { url, commentId: comment.commentId, level: 2 })).status).toBe(200);
        // The queue's held view, and the system's hold in the log.
        const queue = (await call('moderator', 'admin/queue.json', { view: 'held' })).body.payload as unknown as QueuePage;
        expect(queue.items.map((i) => i.comment.commentId)).toContain(comment.commentId);
        expect(queue.counts.held).toBeGreaterThanOrEqual(2);
        expect((await actions()).filter((a) => a.commentId === comment.commentId).map((a) => [a.action, a.actorKind, a.detail])).toEqual([
          ['hold', 'system', { reason: 'premoderation' }],
        ]);
        // Approved: in every list, and counted once.
        expect((await call('moderator', 'admin/approve', { commentId: comment.commentId })).status).toBe(200);
        const after = await list('visitor', {}, url);
        expect(ids(after)).toContain(comment.commentId);
        expect(after.total).toBe(before.total + 1);
        expect(held(after, comment.commentId)?.isHeld).toBeUndefined();
        expect((await row(comment.commentId)).heldAt).toBeNull();
        expect(ids(await list('member', {}, url))).toContain(comment.commentId);
      } finally {
        await f.setSettings({});
      }
    });

    it('a held reply is not in its thread’s count until approved; moderators are never held', async () => {
      await f.setSettings({ premoderation: 'all' });
      try {
        const url = await f.newPage();
        const top = (await add('moderator', 'a moderator is not held', {}, url)).comment;
        expect(top.isHeld).toBeUndefined();
        const reply = (await add('author', 'a held reply', { parent: top.commentId }, url)).comment;
        expect(reply.isHeld).toBe(true);
        expect((await row(top.commentId)).childrenTotal).toBe(0);
        const thread = await list('visitor', { commentId: top.commentId, level: 2 }, url);
        expect(ids(thread)).toEqual([]);
        expect(ids(await list('author', { commentId: top.commentId, level: 2 }, url))).toEqual([reply.commentId]);
        expect((await call('moderator', 'admin/approve', { commentId: reply.commentId })).status).toBe(200);
        expect((await row(top.commentId)).childrenTotal).toBe(1);
        expect(ids(await list('visitor', { commentId: top.commentId, level: 2 }, url))).toEqual([reply.commentId]);
      } finally {
        await f.setSettings({});
      }
    });

    it('rejected, a held comment stays its author’s alone, still awaiting approval, and leaves the held queue', async () => {
      await f.setSettings({ premoderation: 'all' });
      try {
        const url = await f.newPage();
        const { comment } = await add('author', 'rejected while held', {}, url);
        expect((await call('moderator', 'admin/reject', { commentId: comment.commentId })).status).toBe(200);
        expect(held(await list('author', {}, url), comment.commentId)?.isHeld).toBe(true);
        expect(ids(await list('member', {}, url))).not.toContain(comment.commentId);
        expect(ids(await list('visitor', {}, url))).not.toContain(comment.commentId);
        expect((await list('visitor', {}, url)).total).toBe(0);
        const queue = (await call('moderator', 'admin/queue.json', { view: 'held' })).body.payload as unknown as QueuePage;
        expect(queue.items.map((i) => i.comment.commentId)).not.toContain(comment.commentId);
      } finally {
        await f.setSettings({});
      }
    });
  });

  describe('approval tells what the hold kept back', () => {
    it('a held reply notifies no one (no outbox row); approved, the parent’s author and the mentioned are notified', async () => {
      const { t } = f.state();
      const url = await f.newPage();
      const top = (await add('member', 'reply to me', {}, url)).comment;
      await f.setSettings({ premoderation: 'all' });
      try {
        const reply = (await add('author', 'held reply @moderatoruser', { parent: top.commentId }, url)).comment;
        expect(reply.isHeld).toBe(true);
        const notes = () =>
          t.db.selectFrom('notifications').select(['userId', 'type']).where('groupKey', 'like', `%:${top.commentId}`).orderBy('type').execute();
        expect(await t.db.selectFrom('commentOutbox').select('id').execute()).toEqual([]);
        await new Promise((r) => setTimeout(r, 200));
        expect(await notes()).toEqual([]);
        expect((await call('moderator', 'admin/approve', { commentId: reply.commentId })).status).toBe(200);
        await vi.waitFor(async () => {
          expect(await notes()).toEqual([
            { userId: f.mainIds.moderator.id, type: 'COMMENT_MENTION' },
            { userId: f.mainIds.member.id, type: 'COMMENT_REPLY' },
          ]);
        }, { timeout: 10_000, interval: 50 });
      } finally {
        await f.setSettings({});
      }
    });
  });

  describe('pre-moderation first', () => {
    it('holds a member’s comments until one of theirs is approved', async () => {
      await f.setSettings({ premoderation: 'first' });
      try {
        const url = await f.newPage();
        // The author wrote nothing visible yet in this test's world only if none of theirs is visible: the member
        // "foreign" has never written.
        const first = (await add('foreign', 'my first words', {}, url)).comment;
        expect(first).toMatchObject({ isHeld: true, heldReason: 'new-user' });
        const second = (await add('foreign', 'still new', {}, url)).comment;
        expect(second.isHeld).toBe(true);
        expect((await call('moderator', 'admin/approve', { commentId: first.commentId })).status).toBe(200);
        const third = (await add('foreign', 'trusted now', {}, url)).comment;
        expect(third.isHeld).toBeUndefined();
        expect(ids(await list('visitor', {}, url))).toEqual([third.commentId, first.commentId]);
      } finally {
        await f.setSettings({});
      }
    });
  });

  describe('settings', () => {
    it('defaultSectionStatus closed: a new section takes comments from moderators only', async () => {
      await f.setSettings({ defaultSectionStatus: 'closed' });
      try {
        const url = await f.newPage();
        expect((await list('visitor', {}, url)).status).toBe('closed');
        const refused = await call('member', 'add-comment.json', { url, text: 'closed?' });
        expect([refused.status, refused.body.code]).toEqual([403, 'SECTION_CLOSED']);
        expect((await call('moderator', 'add-comment.json', { url, text: 'moderators may' })).status).toBe(200);
        expect((await list('visitor', {}, url)).status).toBe('closed');
      } finally {
        await f.setSettings({});
      }
    });

    it('allowedMedia refuses other kinds (400 MEDIA_NOT_ALLOWED); linkAttachments false refuses previews (403 LINKS_DISABLED)', async () => {
      const { t } = f.state();
      const upload = async () => {
        const form = new FormData();
        form.append('appId', 'guffaw');
        form.append('auth', f.tokens.member);
        form.append('blob', new Blob([await sharp({ create: { width: 20, height: 10, channels: 3, background: '#0a64c8' } }).png().toBuffer()], { type: 'image/png' }), 'a.png');
        const res = new Response(form);
        const reply = await t.app.inject({ method: 'POST', url: '/comments/v2/media.json', payload: Buffer.from(await res.arrayBuffer()), headers: { 'content-type': res.headers.get('content-type') as string } });
        return { status: reply.statusCode, code: (reply.json() as { code?: string }).code };
      };
      await f.setSettings({ allowedMedia: ['animated', 'video'], linkAttachments: false });
      try {
        expect(await upload()).toEqual({ status: 400, code: 'MEDIA_NOT_ALLOWED' });
        const link = await call('member', 'link-attachment.json', { url: 'https://example.com/page' });
        expect([link.status, link.body.code]).toEqual([403, 'LINKS_DISABLED']);
      } finally {
        await f.setSettings({});
      }
      expect((await upload()).status).toBe(200);
    });

    it('a third-party app with linkAttachments false detects no links in the text', async () => {
      const { t } = f.state();
      const { createApp, tokenFor } = await import('./test-kit.js');
      const app = await createApp(t.db, 'nolinks');
      await t.db.updateTable('commentApps').set({ settings: JSON.stringify({ linkAttachments: false }) }).where('id', '=', 'nolinks').execute();
      const token = await tokenFor(app, 'reader-1', 'Reader');
      const res = await post(t.app, 'add-comment.json', { appId: 'nolinks', auth: token, url: 'https://blog.example/post', text: 'see https://example.com/x' });
      expect(res.status).toBe(200);
      expect((res.body.payload.comment as Comment).links).toEqual([]);
    });
  });
});
