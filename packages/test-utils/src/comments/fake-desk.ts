import type { Comment, CommentUserInfo, HeldReason, QueueItem, QueuePage } from '@guffaw/comments-client';
import { actorOf, commentRow, logPage, recordAudit, SYSTEM_ACTOR } from './fake-audit.js';
import { activeBan } from './fake-bans.js';
import { deskCount, deskPage } from './fake-desk-cursor.js';
import { FakeError } from './fake-error.js';
import { findComment, maySee } from './fake-list.js';
import type { CommentEndpoint, FakeAnswer, FakeContext, FakeReport, FakeSection } from './fake-service-types.js';

/**
 * The moderators' desk of the fake (MODERATION.md): reports up to the app's threshold, comments held by
 * pre-moderation, admin/queue.json (reported, held or recent; newest or most reported first; paged by cursor; with
 * both counts), admin/approve, admin/reject and admin/log.json.
 */

const LATEST_REPORTS = 5;
const VIEWS: readonly string[] = ['reported', 'held', 'recent'];
const SORTS: readonly string[] = ['newest', 'reports'];

/** report.json's userReportData as the service reads it: absent is reason 0; else JSON with an integer reason. */
function reportData(raw: string | undefined): { reason: number; text: string } {
  if (raw === undefined || raw === '') return { reason: 0, text: '' };
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    throw new FakeError(400, 'INVALID_USER_REPORT_DATA', 'userReportData must be JSON: {"reason": number, "text"?: string}.');
  }
  const { reason, text } = (v ?? {}) as { reason?: unknown; text?: unknown };
  if (typeof v !== 'object' || v === null || !Number.isInteger(reason) || (reason as number) < 0 || (reason as number) > 1000) {
    throw new FakeError(400, 'INVALID_USER_REPORT_DATA', 'userReportData needs an integer reason.');
  }
  if (text !== undefined && (typeof text !== 'string' || text.length > 1000)) {
    throw new FakeError(400, 'INVALID_USER_REPORT_DATA', 'userReportData text must be a string of at most 1000 characters.');
  }
  return { reason: reason as number, text: (text as string | undefined) ?? '' };
}

/** A report as the queue lists it (seeded ones may carry any data, and no time: the comment's). */
function reportEntry(r: FakeReport, c: Comment): { reason: number; text: string; at: string } {
  const d = (r.data && typeof r.data === 'object' ? r.data : {}) as { reason?: unknown; text?: unknown };
  return { reason: typeof d.reason === 'number' ? d.reason : 0, text: typeof d.text === 'string' ? d.text : '', at: r.at ?? new Date(c.timestamp * 1000).toISOString() };
}

export function createFakeDesk(ctx: FakeContext) {
  const { state } = ctx;
  const written = new WeakMap<Comment, number>();
  let count = 0;
  /** The order comments were written in (the service's row id): seeded ones in seed order, then as they come. */
  const orderOf = (c: Comment) => {
    let n = written.get(c);
    if (n === undefined) written.set(c, (n = ++count));
    return n;
  };
  const all = () => [...state.sections.values()].flatMap((s) => s.comments.map((c) => ({ s, c })));
  for (const { c } of all()) orderOf(c);

  const openReports = (commentId: string) => state.reports.filter((r) => r.commentId === commentId && !r.resolved);
  const isHeldView = (c: Comment) => c.isHeld === true && !c.isHidden;

  /** Pre-moderation of a comment about to be added by a non-moderator: held, with the system's hold row, or not. */
  function admit(s: FakeSection, c: Comment, author: CommentUserInfo): void {
    orderOf(c);
    const { premoderation } = state.settings;
    if (author.moderate || premoderation === 'off') return;
    // 'first': until one of theirs is visible (approved, or written before pre-moderation).
    const visible = () => all().some(({ c: x }) => x.user.userId === author.userId && !x.isHeld && !x.isHidden && !x.isDeleted);
    const reason: HeldReason | null = premoderation === 'all' ? 'premoderation' : visible() ? null : 'new-user';
    if (!reason) return;
    Object.assign(c, { isHeld: true, heldReason: reason });
    recordAudit(state, commentRow(SYSTEM_ACTOR, 'hold', s, c, { reason }));
  }

  /** One per member and comment (a repeat replaces it); at the threshold the system hides the comment. */
  function report(p: Record<string, string>) {
    const user = ctx.active(p.auth);
    const s = p.url !== undefined ? ctx.section(p.url) : ctx.findAnywhere(p.commentId)[0];
    const c = findComment(s, p.commentId);
    if (!maySee(c, user)) throw new FakeError(404, 'COMMENT_NOT_FOUND', 'This comment does not exist or was removed.');
    if (c.user.userId === user.userId) throw new FakeError(400, 'CANNOT_REPORT_OWN', 'You cannot report your own comment.');
    const data = reportData(p.userReportData);
    const at = new Date().toISOString();
    const mine = state.reports.find((r) => r.commentId === c.commentId && r.userId === user.userId);
    if (mine) Object.assign(mine, { data, at, resolved: false });
    else state.reports.push({ userId: user.userId, commentId: c.commentId, url: s.url, data, at });
    state.reportedUrls.set(user.userId, (state.reportedUrls.get(user.userId) ?? new Set()).add(s.url));
    const open = openReports(c.commentId).length;
    const threshold = state.settings.reportThreshold;
    if (open >= threshold && !c.isHidden) {
      c.isHidden = true;
      recordAudit(state, commentRow(SYSTEM_ACTOR, 'auto-hide', s, c, { reports: open, threshold }));
    }
    return { commentId: c.commentId, reported: true };
  }

  function item(s: FakeSection, c: Comment): QueueItem {
    const open = openReports(c.commentId)
      .map((r, i) => ({ ...reportEntry(r, c), i }))
      .sort((a, b) => b.at.localeCompare(a.at) || b.i - a.i)
      .map(({ i: _i, ...r }) => r);
    const reasons: Record<string, number> = {};
    for (const r of open) reasons[String(r.reason)] = (reasons[String(r.reason)] ?? 0) + 1;
    const ban = activeBan(state, c.user.userId);
    return {
      comment: { ...c },
      url: s.url,
      reports: { count: open.length, reasons, latest: open.slice(0, LATEST_REPORTS) },
      author: {
        userId: c.user.userId, accountId: c.user.accountId, name: c.user.displayName, avatarUrl: c.user.avatarUrl,
        banned: ban !== undefined, bannedUntil: ban?.until ?? null,
      },
    };
  }

  function queue(p: Record<string, string>): QueuePage {
    // Fields first, then the role, as the service's schema checks them before its rules.
    const view = p.view ?? 'reported';
    const sort = p.sort ?? 'newest';
    if (!VIEWS.includes(view)) throw new FakeError(400, 'INVALID_VIEW', 'view must be equal to one of the allowed values.');
    if (!SORTS.includes(sort)) throw new FakeError(400, 'INVALID_SORT', 'sort must be equal to one of the allowed values.');
    const size = deskCount(p.count);
    ctx.moderator(p.auth);
    const live = all().filter(({ c }) => !c.isDeleted);
    const reportCount = (c: Comment) => openReports(c.commentId).length;
    const listed = live.filter(({ c }) => view === 'recent' || (view === 'reported' ? reportCount(c) > 0 : isHeldView(c)));
    const keyOf = ({ c }: { c: Comment }) => ({ k: sort === 'reports' ? reportCount(c) : c.timestamp, i: orderOf(c) });
    const { page, next } = deskPage(`queue:${view}:${sort}`, listed, keyOf, p.cursor, size);
    const counts = { reported: live.filter(({ c }) => reportCount(c) > 0).length, held: live.filter(({ c }) => isHeldView(c)).length };
    return { items: page.map(({ s, c }) => item(s, c)), next, counts };
  }

  /**
   * Approve: reports resolved, unhidden, released from hold (then counted, in the section and its thread, as if just
   * posted). Reject: reports resolved, hidden; a held comment stays held, in its author's lists only.
   */
  function decide(p: Record<string, string>, action: 'approve' | 'reject') {
    const moderator = ctx.moderator(p.auth);
    const [s, c] = ctx.findAnywhere(p.commentId);
    const held = c.isHeld === true;
    const detail = { reports: openReports(c.commentId).length, ...(held ? { heldReason: c.heldReason } : {}) };
    for (const r of openReports(c.commentId)) r.resolved = true;
    c.isHidden = action === 'reject';
    if (action === 'approve' && held) {
      delete c.isHeld;
      delete c.heldReason;
      const top = c.level === 2 ? s.comments.find((x) => x.commentId === c.threadId) : undefined;
      if (top) top.childrenTotal += 1;
    }
    recordAudit(state, commentRow(actorOf(moderator), action, s, c, detail));
    return { comment: { ...c } };
  }

  const answers = {
    'report.json': report,
    'admin/queue.json': queue,
    'admin/approve': (p) => decide(p, 'approve'),
    'admin/reject': (p) => decide(p, 'reject'),
    'admin/log.json': (p) => (deskCount(p.count), ctx.moderator(p.auth), logPage(state, p)),
  } satisfies Partial<Record<CommentEndpoint, FakeAnswer>>;
  return { answers, admit };
}
