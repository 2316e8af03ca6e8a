import type { BanEntry, BanParams, BanResult, Comment, LogEntry, LogPage, QueueItem, QueuePage, QueueParams, BanPage } from '@guffaw/comments-client';
import { badRequest, forbidden, notFound } from '../../../lib/envelope.js';
import * as repo from '../repo/index.js';
import type { AppRow, CommentRecord, ModActor } from '../repo/index.js';
import { presentComment } from '../present.js';
import { BAN_DURATIONS, MAX_BAN_REASON, banEnd, isBanned } from './bans.js';
import type { CommentCore } from './core.js';
import { decodeDeskCursor, encodeDeskCursor } from './desk-cursor.js';
import type { Release } from './release.js';
import { commentNotFound } from './sections.js';
import { DEFAULT_PAGE_COUNT, MAX_PAGE_COUNT, type Viewer } from './types.js';
import { requireModerator } from './viewers.js';

export type ModerateAction = 'approve' | 'reject' | 'delete' | 'mask' | 'unmask';
export const MODERATE_ACTIONS: readonly ModerateAction[] = ['approve', 'reject', 'delete', 'mask', 'unmask'];
const BANS_PAGE = 50;
const LATEST_REPORTS = 5;

/** A token moderator as the audit log names them: their account id (the wire accountId) and name. */
export const moderatorActor = (viewer: Viewer): ModActor => ({ kind: 'moderator', id: viewer.user.externalId, name: viewer.user.displayName });

type Deps = {
  core: CommentCore;
  release: Release;
  /** actions.ts removeComment: deletes as a moderator's delete does, with its audit row. */
  removeComment(app: AppRow, c: CommentRecord, by: 'author' | 'moderator', audit: repo.ModActionRow | null): Promise<void>;
  drainOutbox(): Promise<void>;
};

/**
 * The moderators' desk (MODERATION.md): the queue, approve and reject, bans with a reason and an end, and the audit
 * log. Each call exists twice: for a moderator's token (admin/*, checked here) and for the console (console-face.ts),
 * which checked the owner or admin itself. Every change writes its audit row in its own transaction.
 */
export function createModerationDesk({ core, release, removeComment, drainOutbox }: Deps) {
  const { db, caches } = core;

  async function queue(app: AppRow, q: QueueParams): Promise<QueuePage> {
    const view = q.view ?? 'reported';
    const sort = q.sort ?? 'newest';
    const count = q.count ?? DEFAULT_PAGE_COUNT * 2;
    if (!['reported', 'held', 'recent'].includes(view)) throw badRequest('INVALID_VIEW', 'view must be reported, held or recent.');
    if (!['newest', 'reports'].includes(sort)) throw badRequest('INVALID_SORT', 'sort must be newest or reports.');
    if (!Number.isSafeInteger(count) || count < 1 || count > MAX_PAGE_COUNT) throw badRequest('INVALID_COUNT', `count must be an integer from 1 to ${MAX_PAGE_COUNT}.`);
    const list = `queue:${view}:${sort}`;
    const after = decodeDeskCursor(list, q.cursor);
    const [rows, counts] = await Promise.all([repo.queueComments(db, app.id, view, sort, after, count + 1), repo.queueCounts(db, app.id)]);
    const page = rows.slice(0, count);
    const last = page[page.length - 1];
    const next = rows.length > count && last ? encodeDeskCursor(list, { k: sort === 'reports' ? last.reportCount : last.createdAt.getTime(), id: last.id }) : null;
    const [reports, authors] = await Promise.all([repo.openReports(db, page.map((r) => r.id)), repo.usersByIds(db, [...new Set(page.map((r) => r.authorId))])]);
    const items = page.map((r): QueueItem => {
      const own = reports.filter((x) => x.commentId === r.id);
      const reasons: Record<string, number> = {};
      for (const x of own) reasons[String(x.reason)] = (reasons[String(x.reason)] ?? 0) + 1;
      const author = authors.get(r.authorId);
      const banned = author ? isBanned(author) : false;
      return {
        comment: presentComment(r, { app, url: r.sectionUrl, listUrl: core.listUrl }),
        url: r.sectionUrl,
        reports: { count: r.reportCount, reasons, latest: own.slice(0, LATEST_REPORTS).map((x) => ({ reason: x.reason, text: x.text, at: x.at.toISOString() })) },
        author: {
          userId: r.authorUserId,
          accountId: r.authorExternalId,
          name: r.authorDisplayName,
          avatarUrl: r.authorAvatarUrl,
          banned,
          bannedUntil: banned && author?.bannedUntil ? author.bannedUntil.toISOString() : null,
        },
      };
    });
    return { items, next, counts };
  }

  async function commentOfApp(app: AppRow, commentId: string): Promise<CommentRecord> {
    const c = await repo.findComment(db, commentId);
    if (!c || c.sectionAppId !== app.id) throw commentNotFound();
    return c;
  }

  const auditOf = (app: AppRow, actor: ModActor, action: string, c: CommentRecord, detail: Record<string, unknown> = {}): repo.ModActionRow => ({
    appId: app.id, actor, action, commentId: c.commentId, target: { userId: c.authorUserId, name: c.authorDisplayName }, url: c.sectionUrl, detail,
  });

  /** Approve: reports resolved, unhidden, released from hold (then counted and told as if just posted). */
  async function approve(app: AppRow, actor: ModActor, c: CommentRecord): Promise<void> {
    const held = c.heldAt !== null;
    const event = held ? await release.eventOf(app, c) : null;
    await db.transaction().execute(async (trx) => {
      await repo.resolveReports(trx, c.id);
      if ((await repo.setHiddenFlag(trx, c.id, false)) && !held && !c.isDeleted) await repo.addToSectionTotal(trx, c.sectionId, 1);
      if (held && (await repo.releaseHold(trx, c.id))) await release.count(trx, app, c, event);
      await repo.recordModAction(trx, auditOf(app, actor, 'approve', c, { reports: c.reportCount, ...(held ? { heldReason: c.heldReason } : {}) }));
    });
    if (held) await release.announce(app, c, release.present(app, { ...c, heldAt: null, isHidden: false }), event !== null, drainOutbox);
    else core.syncPostCount(app.id, c.sectionUrl);
  }

  /** Reject: reports resolved, hidden; a held comment stays held (its author still sees it awaiting approval). */
  async function reject(app: AppRow, actor: ModActor, c: CommentRecord): Promise<void> {
    const held = c.heldAt !== null;
    let hid = false;
    await db.transaction().execute(async (trx) => {
      await repo.resolveReports(trx, c.id);
      hid = await repo.setHiddenFlag(trx, c.id, true);
      if (hid && !held && !c.isDeleted) await repo.addToSectionTotal(trx, c.sectionId, -1);
      await repo.recordModAction(trx, auditOf(app, actor, 'reject', c, { reports: c.reportCount, ...(held ? { heldReason: c.heldReason } : {}) }));
    });
    core.syncPostCount(app.id, c.sectionUrl);
    if (hid && !held) await core.emit(app.id, 'comment.hidden', { url: c.sectionUrl, commentId: c.commentId, by: 'moderator' });
  }

  async function setSensitive(app: AppRow, actor: ModActor, c: CommentRecord, sensitive: boolean): Promise<void> {
    await db.transaction().execute(async (trx) => {
      await repo.setCommentFlags(trx, c.id, { isSensitive: sensitive });
      await repo.recordModAction(trx, auditOf(app, actor, sensitive ? 'mask' : 'unmask', c));
    });
  }

  /** One action on a comment of the app; the reply is the comment as a moderator sees it now (null once removed). */
  async function moderateAs(app: AppRow, actor: ModActor, commentId: string, action: ModerateAction): Promise<{ comment: Comment | null }> {
    if (!MODERATE_ACTIONS.includes(action)) throw badRequest('INVALID_ACTION', 'action must be approve, reject, delete, mask or unmask.');
    const c = await commentOfApp(app, commentId);
    if (action === 'approve') await approve(app, actor, c);
    else if (action === 'reject') await reject(app, actor, c);
    else if (action === 'delete') await removeComment(app, c, 'moderator', auditOf(app, actor, 'delete', c));
    else await setSensitive(app, actor, c, action === 'mask');
    caches.touch(app.id, c.sectionUrl);
    const after = await repo.findComment(db, commentId);
    return { comment: after ? presentComment(after, { app, url: after.sectionUrl, listUrl: core.listUrl }) : null };
  }

  async function banAs(app: AppRow, actor: ModActor, userId: string, ban: BanParams, self: number | null = null): Promise<BanResult> {
    const reason = (ban.reason ?? '').trim();
    const duration = ban.duration ?? 'forever';
    if (reason.length > MAX_BAN_REASON) throw badRequest('INVALID_REASON', `The reason can be at most ${MAX_BAN_REASON} characters.`);
    if (!(duration in BAN_DURATIONS)) throw badRequest('INVALID_DURATION', 'duration must be 1d, 7d or forever.');
    const target = await repo.findUserByPublicId(db, app.id, userId);
    if (!target) throw notFound('USER_NOT_FOUND', 'This user does not exist.');
    if (target.id === self) throw badRequest('CANNOT_BAN_SELF', 'You cannot ban yourself.');
    if (await repo.isModerator(db, app.id, target.externalId)) throw forbidden('CANNOT_BAN_MODERATOR', 'Moderators cannot be banned.');
    const wasBanned = isBanned(target);
    const at = new Date();
    const until = banEnd(duration, at);
    await db.transaction().execute(async (trx) => {
      await repo.setBan(trx, target.id, { at, until, reason, by: actor.name });
      await repo.recordModAction(trx, {
        appId: app.id, actor, action: 'ban', target: { userId: target.userId, name: target.displayName },
        detail: { reason, duration, until: until?.toISOString() ?? null },
      });
    });
    // Cached viewers carry the ban: dropped so it applies at once here (other instances within AUTH_CACHE_MS).
    caches.viewers.clear();
    if (!wasBanned) {
      await core.emit(app.id, 'user.banned', { user: { userId: target.userId, accountId: target.externalId, displayName: target.displayName }, by: { userId: actor.id ?? '' } });
    }
    return { userId: target.userId, banned: true, until: until?.toISOString() ?? null, reason };
  }

  async function unbanAs(app: AppRow, actor: ModActor, userId: string): Promise<{ userId: string; banned: false }> {
    const target = await repo.findUserByPublicId(db, app.id, userId);
    if (!target) throw notFound('USER_NOT_FOUND', 'This user does not exist.');
    await db.transaction().execute(async (trx) => {
      await repo.setBan(trx, target.id, null);
      await repo.recordModAction(trx, { appId: app.id, actor, action: 'unban', target: { userId: target.userId, name: target.displayName } });
    });
    caches.viewers.clear();
    return { userId: target.userId, banned: false };
  }

  async function bans(app: AppRow, cursor?: string): Promise<BanPage> {
    const rows = await repo.activeBans(db, app.id, decodeDeskCursor('bans', cursor), BANS_PAGE + 1);
    const page = rows.slice(0, BANS_PAGE);
    const last = page[page.length - 1];
    return {
      bans: page.map((r): BanEntry => ({
        userId: r.userId, accountId: r.externalId, name: r.displayName, avatarUrl: r.avatarUrl, reason: r.banReason,
        bannedAt: r.bannedAt.toISOString(), until: r.bannedUntil?.toISOString() ?? null, bannedBy: r.bannedBy ?? '',
      })),
      next: rows.length > BANS_PAGE && last ? encodeDeskCursor('bans', { k: last.bannedAt.getTime(), id: last.id }) : null,
    };
  }

  async function log(app: AppRow, cursor?: string, countIn?: number): Promise<LogPage> {
    const count = countIn ?? DEFAULT_PAGE_COUNT * 2;
    if (!Number.isSafeInteger(count) || count < 1 || count > MAX_PAGE_COUNT) throw badRequest('INVALID_COUNT', `count must be an integer from 1 to ${MAX_PAGE_COUNT}.`);
    const after = decodeDeskCursor('log', cursor);
    const rows = await repo.listModActions(db, app.id, count + 1, after?.id);
    const page = rows.slice(0, count);
    const last = page[page.length - 1];
    return {
      entries: page.map((r): LogEntry => ({
        id: r.id, at: r.createdAt.toISOString(), actor: { kind: r.actorKind, id: r.actorId, name: r.actorName }, action: r.action,
        commentId: r.commentId, target: r.targetUserId ? { userId: r.targetUserId, name: r.targetName } : null, url: r.sectionUrl,
        detail: (r.detail && typeof r.detail === 'object' ? r.detail : {}) as Record<string, unknown>,
      })),
      next: rows.length > count && last ? encodeDeskCursor('log', { k: 0, id: Number(last.id) }) : null,
    };
  }

  // --- the same for a moderator's token (admin/*) ----------------------------------------------------------

  const adminQueue = (app: AppRow, viewer: Viewer | null, q: QueueParams) => (requireModerator(viewer), queue(app, q));
  const adminModerate = (app: AppRow, viewerIn: Viewer | null, commentId: string, action: 'approve' | 'reject') => {
    const viewer = requireModerator(viewerIn);
    return moderateAs(app, moderatorActor(viewer), commentId, action);
  };
  const adminBanUser = (app: AppRow, viewerIn: Viewer | null, userId: string, ban: BanParams) => {
    const viewer = requireModerator(viewerIn);
    return banAs(app, moderatorActor(viewer), userId, ban, viewer.user.id);
  };
  const adminUnbanUser = (app: AppRow, viewerIn: Viewer | null, userId: string) => {
    const viewer = requireModerator(viewerIn);
    return unbanAs(app, moderatorActor(viewer), userId);
  };
  const adminBans = (app: AppRow, viewer: Viewer | null, cursor?: string) => (requireModerator(viewer), bans(app, cursor));
  const adminLog = (app: AppRow, viewer: Viewer | null, cursor?: string, count?: number) => (requireModerator(viewer), log(app, cursor, count));

  return { queue, moderateAs, banAs, unbanAs, bans, log, adminQueue, adminModerate, adminBanUser, adminUnbanUser, adminBans, adminLog };
}
