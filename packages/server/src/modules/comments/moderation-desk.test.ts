import { describe, expect, it } from 'vitest';
import type { BanPage, LogPage, QueuePage } from '@guffaw/comments-client';
import { describeEachDatabase } from '../../../test/harness.js';
import { banUser, listBans, moderate, moderationLog, moderationQueue, recordModAction, unbanUser } from './console-face.js';
import { moderationFixture, type Role } from './moderation-fixture.js';
import { commentServiceOf } from './service/wiring.js';

/**
 * MODERATION.md: the queue, approve and reject, bans with a reason and a duration, the audit log, and reports
 * reaching the threshold; every call for every role, each forbidden call changing nothing.
 */
describeEachDatabase('moderation desk', (kind) => {
  const f = moderationFixture(kind);
  const { call, add, list, ids, row, user, actions, publicIds } = f;

  /** What a forbidden call must leave as it was: the comment, every ban, the audit trail, the reports. */
  async function world(commentId: string) {
    const { t } = f.state();
    const c = await row(commentId);
    const bans = await t.db.selectFrom('commentUsers').select(['id', 'bannedAt', 'bannedUntil', 'banReason']).orderBy('id').execute();
    const reports = await t.db.selectFrom('commentReports').select(['id', 'resolvedAt']).orderBy('id').execute();
    return { c: { isHidden: c.isHidden, heldAt: c.heldAt, reportCount: c.reportCount, isDeleted: c.isDeleted }, bans, reports, log: (await actions()).length };
  }

  describe('roles', () => {
    it('every moderator call: visitor 401, member, author and a moderator of another app 403 NOT_MODERATOR, banned 403 USER_BANNED, changing nothing', async () => {
      const c = (await add('author', 'a comment to moderate')).comment;
      expect((await call('member', 'report.json', { commentId: c.commentId, userReportData: JSON.stringify({ reason: 2, text: 'rude' }) })).status).toBe(200);
      const calls: [string, Record<string, string>][] = [
        ['admin/queue.json', { view: 'reported' }],
        ['admin/approve', { commentId: c.commentId }],
        ['admin/reject', { commentId: c.commentId }],
        ['admin/ban', { userId: publicIds.author, reason: 'spam', duration: '1d' }],
        ['admin/unban', { userId: publicIds.banned }],
        ['admin/bans.json', {}],
        ['admin/log.json', {}],
      ];
      const before = await world(c.commentId);
      const expected: [Role, number, string][] = [
        ['visitor', 401, 'AUTH_REQUIRED'],
        ['member', 403, 'NOT_MODERATOR'],
        ['author', 403, 'NOT_MODERATOR'],
        ['foreign', 403, 'NOT_MODERATOR'],
        ['banned', 403, 'USER_BANNED'],
      ];
      for (const [path, fields] of calls) {
        for (const [role, status, code] of expected) {
          const res = await call(role, path, fields);
          expect([res.status, res.body.code], `${role} ${path}`).toEqual([status, code]);
        }
      }
      expect(await world(c.commentId)).toEqual(before);
      // The moderator of this app: each call answers.
      const queue = (await call('moderator', 'admin/queue.json', {})).body.payload as unknown as QueuePage;
      expect(queue.items.map((i) => i.comment.commentId)).toContain(c.commentId);
      expect((await call('moderator', 'admin/bans.json')).status).toBe(200);
      expect((await call('moderator', 'admin/log.json')).status).toBe(200);
      expect((await call('moderator', 'admin/approve', { commentId: c.commentId })).status).toBe(200);
    });

    it('a token of another app is refused (401 AUTH_INVALID) and bad input is a 400 with its code', async () => {
      const { t } = f.state();
      const foreign = await t.db.selectFrom('commentApps').select('secret').where('id', '=', 'elsewhere').executeTakeFirstOrThrow();
      const { signAuthToken } = await import('./auth.js');
      const token = await signAuthToken(foreign.secret, 'elsewhere', { sub: f.mainIds.foreign.userId, name: 'foreign' });
      const res = await call('visitor', 'admin/queue.json', { auth: token });
      expect([res.status, res.body.code]).toEqual([401, 'AUTH_INVALID']);
      expect((await call('moderator', 'admin/queue.json', { view: 'everything' })).body.code).toBe('INVALID_VIEW');
      expect((await call('moderator', 'admin/queue.json', { cursor: 'nonsense' })).body.code).toBe('INVALID_CURSOR');
      expect((await call('moderator', 'admin/ban', { userId: publicIds.member, duration: '3d' })).body.code).toBe('INVALID_DURATION');
      expect((await call('moderator', 'admin/ban', { userId: publicIds.member, reason: 'x'.repeat(501) })).status).toBe(400);
      expect((await call('moderator', 'admin/approve', { commentId: 'nothing' })).body.code).toBe('COMMENT_NOT_FOUND');
      expect((await call('moderator', 'admin/ban', { userId: publicIds.moderator })).body.code).toBe('CANNOT_BAN_SELF');
    });
  });

  describe('reports', () => {
    it('one per member, never one’s own; at the threshold the comment is hidden by the system; approve brings it back', async () => {
      const url = await f.newPage();
      const c = (await add('author', 'reported three times', {}, url)).comment;
      const totalBefore = (await list('visitor', {}, url)).total;
      const own = await call('author', 'report.json', { commentId: c.commentId, userReportData: JSON.stringify({ reason: 1 }) });
      expect([own.status, own.body.code]).toEqual([400, 'CANNOT_REPORT_OWN']);
      for (const role of ['member', 'member', 'other'] as const) {
        expect((await call(role, 'report.json', { commentId: c.commentId, userReportData: JSON.stringify({ reason: 3, text: `from ${role}` }) })).status).toBe(200);
      }
      expect((await row(c.commentId)).reportCount).toBe(2);
      expect((await row(c.commentId)).isHidden).toBe(false);
      expect(ids(await list('visitor', {}, url))).toContain(c.commentId);
      expect((await call('moderator', 'report.json', { commentId: c.commentId, userReportData: JSON.stringify({ reason: 4 }) })).status).toBe(200);
      expect((await row(c.commentId)).reportCount).toBe(3);
      expect((await row(c.commentId)).isHidden).toBe(true);
      const auto = (await actions()).filter((a) => a.commentId === c.commentId && a.action === 'auto-hide');
      expect(auto.map((a) => [a.actorKind, a.actorName])).toEqual([['system', 'system']]);
      // Hidden for everyone (the cached visitor page included) but moderators; the total follows.
      const visitor = await list('visitor', {}, url);
      expect(ids(visitor)).not.toContain(c.commentId);
      expect(visitor.total).toBe(totalBefore - 1);
      expect(ids(await list('member', {}, url))).not.toContain(c.commentId);
      expect((await list('moderator', {}, url)).comments.find((x) => x.commentId === c.commentId)?.isHidden).toBe(true);
      // The queue: most reported first, with the reasons.
      const queue = (await call('moderator', 'admin/queue.json', { view: 'reported', sort: 'reports' })).body.payload as unknown as QueuePage;
      const item = queue.items.find((i) => i.comment.commentId === c.commentId);
      expect(item?.reports.count).toBe(3);
      expect(item?.reports.reasons).toEqual({ '3': 2, '4': 1 });
      expect(item?.url).toBe(url);
      expect(item?.author.userId).toBe(publicIds.author);
      expect(queue.counts.reported).toBeGreaterThanOrEqual(1);
      expect(queue.items[0]?.reports.count).toBe(Math.max(...queue.items.map((i) => i.reports.count)));
      // Approved: reports resolved, back in every list and in the total.
      const approved = await call('moderator', 'admin/approve', { commentId: c.commentId });
      expect(approved.status).toBe(200);
      expect((approved.body.payload.comment as { isHidden: boolean }).isHidden).toBe(false);
      expect((await row(c.commentId)).reportCount).toBe(0);
      const back = await list('visitor', {}, url);
      expect(ids(back)).toContain(c.commentId);
      expect(back.total).toBe(totalBefore);
      const { t } = f.state();
      const open = await t.db.selectFrom('commentReports').select('id').where('resolvedAt', 'is', null).where('commentId', '=', (await row(c.commentId)).id).execute();
      expect(open).toEqual([]);
      const after = (await call('moderator', 'admin/queue.json', { view: 'reported' })).body.payload as unknown as QueuePage;
      expect(after.items.map((i) => i.comment.commentId)).not.toContain(c.commentId);
    });

    it('the threshold is the app’s setting; reject hides and resolves', async () => {
      await f.setSettings({ reportThreshold: 1 });
      try {
        const url = await f.newPage();
        const c = (await add('author', 'one report is enough', {}, url)).comment;
        expect((await call('member', 'report.json', { commentId: c.commentId })).status).toBe(200);
        expect((await row(c.commentId)).isHidden).toBe(true);
        const d = (await add('author', 'rejected outright', {}, url)).comment;
        const total = (await list('visitor', {}, url)).total;
        expect((await call('moderator', 'admin/reject', { commentId: d.commentId })).status).toBe(200);
        expect((await row(d.commentId)).isHidden).toBe(true);
        expect((await list('visitor', {}, url)).total).toBe(total - 1);
        expect((await actions()).filter((a) => a.commentId === d.commentId).map((a) => [a.action, a.actorKind])).toEqual([['reject', 'moderator']]);
      } finally {
        await f.setSettings({});
      }
    });
  });

  describe('queue', () => {
    it('recent, newest first, paged by cursor without a repeat or a skip; a cursor of another view is refused', async () => {
      const url = await f.newPage();
      const made: string[] = [];
      for (const text of ['one', 'two', 'three']) made.push((await add('author', `recent ${text}`, {}, url)).comment.commentId);
      const seen: string[] = [];
      let cursor: string | undefined;
      for (let i = 0; i < 3; i++) {
        const page = (await call('moderator', 'admin/queue.json', { view: 'recent', count: 1, ...(cursor ? { cursor } : {}) })).body.payload as unknown as QueuePage;
        seen.push(...page.items.map((x) => x.comment.commentId));
        cursor = page.next ?? undefined;
      }
      expect(seen).toEqual([...made].reverse());
      expect((await call('moderator', 'admin/queue.json', { view: 'held', cursor: cursor as string })).body.code).toBe('INVALID_CURSOR');
    });
  });

  describe('bans', () => {
    it('1d, 7d and forever; the banned user is told until when and why; an ended ban is none', async () => {
      const { t } = f.state();
      const day = (await call('moderator', 'admin/ban', { userId: publicIds.member, reason: 'spam links', duration: '1d' })).body.payload as { until: string; reason: string };
      expect(day.reason).toBe('spam links');
      expect(Math.abs(Date.parse(day.until) - Date.now() - 86_400_000)).toBeLessThan(60_000);
      const refused = await call('member', 'add-comment.json', { url: f.state().url, text: 'still here?' });
      expect([refused.status, refused.body.code]).toEqual([403, 'USER_BANNED']);
      expect(refused.body.error).toMatch(/^You are banned from commenting until \d{4}-\d\d-\d\d \d\d:\d\d UTC: spam links$/);
      const info = (await call('member', 'user.json')).body.payload.info as { banned: boolean; ban?: { reason: string; until: string | null } };
      expect(info.banned).toBe(true);
      expect(info.ban).toEqual({ reason: 'spam links', until: day.until });
      const bans = (await call('moderator', 'admin/bans.json')).body.payload as unknown as BanPage;
      expect(bans.bans.find((b) => b.userId === publicIds.member)).toMatchObject({ reason: 'spam links', until: day.until, bannedBy: 'moderator' });
      // The ban ends (its end put in the past, as time would): the member writes again, and the list forgets them.
      await t.db.updateTable('commentUsers').set({ bannedUntil: new Date(Date.now() - 1000) }).where('id', '=', (await user('member')).id).execute();
      commentServiceOf(t.db)?.forget();
      expect((await call('member', 'add-comment.json', { url: f.state().url, text: 'back again' })).status).toBe(200);
      expect(((await call('member', 'user.json')).body.payload.info as { banned: boolean; ban?: unknown }).banned).toBe(false);
      expect(((await call('moderator', 'admin/bans.json')).body.payload as unknown as BanPage).bans.map((b) => b.userId)).not.toContain(publicIds.member);

      const week = (await call('moderator', 'admin/ban', { userId: publicIds.other, duration: '7d' })).body.payload as { until: string };
      expect(Math.abs(Date.parse(week.until) - Date.now() - 7 * 86_400_000)).toBeLessThan(60_000);
      const forever = (await call('moderator', 'admin/ban', { userId: publicIds.other })).body.payload;
      expect(forever).toEqual({ userId: publicIds.other, banned: true, until: null, reason: '' });
      expect((await call('other', 'like.json', { commentId: (await add('author', 'like me')).comment.commentId, value: 1 })).body.error).toBe(
        'You are banned from commenting permanently.',
      );
      expect((await call('moderator', 'admin/unban', { userId: publicIds.other })).body.payload).toEqual({ userId: publicIds.other, banned: false });
      expect((await user('other')).bannedAt).toBeNull();
      const log = (await actions()).filter((a) => a.targetUserId === publicIds.other).map((a) => a.action);
      expect(log).toEqual(['ban', 'ban', 'unban']);
    });

    it('moderators cannot be banned', async () => {
      const { t } = f.state();
      const { makeModerator } = await import('./test-kit.js');
      await makeModerator(t.db, 'guffaw', f.mainIds.author.userId);
      try {
        const res = await call('moderator', 'admin/ban', { userId: publicIds.author });
        expect([res.status, res.body.code]).toEqual([403, 'CANNOT_BAN_MODERATOR']);
        expect((await user('author')).bannedAt).toBeNull();
      } finally {
        await t.db.deleteFrom('commentModerators').where('externalId', '=', f.mainIds.author.userId).execute();
        commentServiceOf(t.db)?.forget();
      }
    });
  });

  describe('audit', () => {
    it('the OP’s and moderators’ existing calls write their rows; the log pages newest first', async () => {
      const url = f.state().url;
      const c = (await add('author', 'audited')).comment;
      expect((await call('moderator', 'admin/mask', { commentId: c.commentId, url, sensitive: 'true' })).status).toBe(200);
      expect((await call('moderator', 'admin/hide', { commentId: c.commentId, url })).status).toBe(200);
      expect((await call('moderator', 'admin/unhide', { commentId: c.commentId, url })).status).toBe(200);
      expect((await call('moderator', 'admin/pin', { commentId: c.commentId, url, pinned: 'true' })).status).toBe(200);
      expect((await call('moderator', 'admin/pin', { commentId: c.commentId, url, pinned: 'false' })).status).toBe(200);
      expect((await call('moderator', 'admin/update', { url, lock: 'true' })).status).toBe(200);
      expect((await call('moderator', 'admin/update', { url, lock: 'false', status: 'archived' })).status).toBe(200);
      expect((await call('moderator', 'admin/update', { url, status: 'open' })).status).toBe(200);
      expect((await call('moderator', 'comment.json', { _method: 'DELETE', id: c.commentId, url })).status).toBe(200);
      // The author's own delete is not a moderator's action.
      const mine = (await add('author', 'mine to delete')).comment;
      expect((await call('author', 'comment.json', { _method: 'DELETE', id: mine.commentId, url })).status).toBe(200);
      const rows = (await actions()).filter((a) => a.commentId === c.commentId || (a.sectionUrl === url && a.commentId === null));
      expect(rows.map((a) => a.action)).toEqual(['mask', 'hide', 'unhide', 'pin', 'unpin', 'lock', 'unlock', 'status', 'status', 'delete']);
      expect(rows.every((a) => a.actorKind === 'moderator' && a.actorName === 'moderator' && a.actorId === f.mainIds.moderator.userId)).toBe(true);
      expect((await actions()).some((a) => a.commentId === mine.commentId)).toBe(false);
      const first = (await call('moderator', 'admin/log.json', { count: 3 })).body.payload as unknown as LogPage;
      expect(first.entries.map((e) => e.action)).toEqual(['delete', 'status', 'status']);
      expect(first.entries[0]).toMatchObject({ commentId: c.commentId, url, target: { userId: publicIds.author, name: 'author' }, actor: { kind: 'moderator', name: 'moderator' } });
      const second = (await call('moderator', 'admin/log.json', { count: 3, cursor: first.next as string })).body.payload as unknown as LogPage;
      expect(second.entries.map((e) => e.action)).toEqual(['unlock', 'lock', 'unpin']);
    });

    it('the OP’s hide is the OP’s row', async () => {
      const { t } = f.state();
      const { createPost, tokenFor } = await import('./test-kit.js');
      const secret = (await t.db.selectFrom('commentApps').select('secret').where('id', '=', 'guffaw').executeTakeFirstOrThrow()).secret;
      const opUrl = `${t.config.publicUrl}/gag/${await createPost(t.db, f.mainIds.other.id)}`;
      const c = (await add('author', 'hidden by the OP', {}, opUrl)).comment;
      const op = await tokenFor({ id: 'guffaw', secret }, f.mainIds.other.userId, 'other');
      expect((await call('visitor', 'op/hide', { auth: op, commentId: c.commentId, url: opUrl })).status).toBe(200);
      expect((await actions()).filter((a) => a.commentId === c.commentId).map((a) => [a.action, a.actorKind])).toEqual([['hide', 'op']]);
    });
  });

  describe('the console (owner and admin through the exported functions)', () => {
    it('queue, moderate, ban, unban, bans and log act as the owner, with the owner in the log', async () => {
      const { t } = f.state();
      const owner = { kind: 'owner' as const, id: 'owner-1', name: 'Olive' };
      const admin = { kind: 'admin' as const, id: 'admin-1', name: 'Ada' };
      const url = await f.newPage();
      const c = (await add('author', 'for the console', {}, url)).comment;
      expect((await call('member', 'report.json', { commentId: c.commentId })).status).toBe(200);
      const queue = await moderationQueue(t.db, 'guffaw', { view: 'reported' });
      expect(queue.items.map((i) => i.comment.commentId)).toContain(c.commentId);
      expect((await moderate(t.db, 'guffaw', owner, c.commentId, 'reject')).comment?.isHidden).toBe(true);
      expect(ids(await list('visitor', {}, url))).not.toContain(c.commentId);
      expect((await moderate(t.db, 'guffaw', admin, c.commentId, 'approve')).comment?.isHidden).toBe(false);
      expect(ids(await list('visitor', {}, url))).toContain(c.commentId);
      expect((await moderate(t.db, 'guffaw', owner, c.commentId, 'mask')).comment?.isSensitive).toBe(true);
      expect((await moderate(t.db, 'guffaw', owner, c.commentId, 'unmask')).comment?.isSensitive).toBe(false);
      const ban = await banUser(t.db, 'guffaw', owner, publicIds.author, { reason: 'console', duration: '7d' });
      expect(ban.until).not.toBeNull();
      expect((await listBans(t.db, 'guffaw')).bans.find((b) => b.userId === publicIds.author)?.bannedBy).toBe('Olive');
      expect((await call('author', 'add-comment.json', { url, text: 'banned by the owner' })).body.code).toBe('USER_BANNED');
      await unbanUser(t.db, 'guffaw', admin, publicIds.author);
      expect((await call('author', 'add-comment.json', { url, text: 'unbanned by an admin' })).status).toBe(200);
      expect((await moderate(t.db, 'guffaw', owner, c.commentId, 'delete')).comment).toBeNull();
      expect(ids(await list('visitor', {}, url))).not.toContain(c.commentId);
      await recordModAction(t.db, { appId: 'guffaw', actor: owner, action: 'settings.update', detail: { reportThreshold: 5 } });
      const log = await moderationLog(t.db, 'guffaw');
      expect(log.entries.slice(0, 8).map((e) => [e.action, e.actor.kind])).toEqual([
        ['settings.update', 'owner'], ['delete', 'owner'], ['unban', 'admin'], ['ban', 'owner'], ['unmask', 'owner'], ['mask', 'owner'], ['approve', 'admin'], ['reject', 'owner'],
      ]);
      await expect(moderationQueue(t.db, 'nowhere', {})).rejects.toMatchObject({ statusCode: 404, code: 'APP_NOT_FOUND' });
      await expect(moderate(t.db, 'elsewhere', owner, c.commentId, 'approve')).rejects.toMatchObject({ statusCode: 404, code: 'COMMENT_NOT_FOUND' });
    });
  });
});
