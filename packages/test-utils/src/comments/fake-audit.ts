import type { Comment, CommentUser, LogEntry, LogPage } from '@guffaw/comments-client';
import { deskCount, deskPage } from './fake-desk-cursor.js';
import type { FakeCommentState, FakeSection } from './fake-service-types.js';

/**
 * The fake's audit log (MODERATION.md): one row per action of a moderator, OP or the system, shaped as admin/log.json
 * shows it. Who names a moderator or OP by their account id, as the service does.
 */

export type AuditRow = Pick<LogEntry, 'actor' | 'action'> & Partial<Pick<LogEntry, 'commentId' | 'target' | 'url' | 'detail'>>;

export const SYSTEM_ACTOR: LogEntry['actor'] = { kind: 'system', id: null, name: 'system' };

export const actorOf = (user: CommentUser, kind: 'moderator' | 'op' = 'moderator'): LogEntry['actor'] => ({ kind, id: user.accountId, name: user.displayName });

/** A row about a comment: its author is the target, its section the page. */
export const commentRow = (actor: LogEntry['actor'], action: string, s: FakeSection, c: Comment, detail?: Record<string, unknown>): AuditRow => ({
  actor, action, commentId: c.commentId, target: { userId: c.user.userId, name: c.user.displayName }, url: s.url, ...(detail ? { detail } : {}),
});

export function recordAudit(state: FakeCommentState, row: AuditRow): void {
  const last = state.log[state.log.length - 1];
  state.log.push({ id: String(Number(last?.id ?? 0) + 1), at: new Date().toISOString(), commentId: null, target: null, url: null, detail: {}, ...row });
}

/** admin/log.json: newest first (the order rows were written), `count` a page. */
export function logPage(state: FakeCommentState, p: Record<string, string>): LogPage {
  const { page, next } = deskPage('log', state.log, (e) => ({ k: 0, i: Number(e.id) }), p.cursor, deskCount(p.count));
  return { entries: page.map((e) => ({ ...e, detail: { ...e.detail } })), next };
}
