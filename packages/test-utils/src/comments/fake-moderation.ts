import type { Comment, CommentUserInfo, LogEntry } from '@guffaw/comments-client';
import { actorOf, commentRow, recordAudit } from './fake-audit.js';
import { FakeError } from './fake-error.js';
import { findComment } from './fake-list.js';
import type { CommentEndpoint, FakeAnswer, FakeContext, FakeSection } from './fake-service-types.js';

/**
 * The OP's and the moderators' tools on a page's comments (op/pin, op/hide, admin/mask, hide, unhide, pin, update),
 * each writing its audit row as the service does: mask, hide and unhide always, a pin or the section's lock and
 * status only when they change, the OP's hide only when it hides.
 */

const truthy = (v: string | undefined) => v === 'true' || v === '1';

export function createFakeModeration(ctx: FakeContext) {
  const { state } = ctx;
  const audit = (actor: LogEntry['actor'], action: string, s: FakeSection, c: Comment) => recordAudit(state, commentRow(actor, action, s, c));

  /** comments.md §6: the section's original poster only. */
  const op = (p: Record<string, string>): CommentUserInfo => {
    const user = ctx.active(p.auth);
    if (state.ops.get(p.url ?? '') !== user.userId) throw new FakeError(403, 'NOT_OP', 'Only the original poster can do this.');
    return user;
  };
  const target = (p: Record<string, string>): [FakeSection, Comment] => {
    const s = ctx.section(p.url);
    return [s, findComment(s, p.commentId)];
  };

  /** What admin/mask, hide and unhide answer. */
  const flags = (c: Comment) => ({ commentId: c.commentId, hidden: c.isHidden, sensitive: c.isSensitive, pinned: c.isPinned === 1, banned: false });

  function pin(p: Record<string, string>, actor: LogEntry['actor']) {
    const [s, c] = target(p);
    const pinned = truthy(p.pinned);
    if (pinned && c.isHeld) throw new FakeError(400, 'COMMENT_HELD', 'A comment awaiting approval cannot be pinned.');
    if ((c.isPinned === 1) !== pinned) {
      c.isPinned = pinned ? 1 : 0;
      audit(actor, pinned ? 'pin' : 'unpin', s, c);
    }
    return { pinned: s.comments.filter((x) => x.isPinned === 1).map((x) => x.commentId) };
  }

  function hide(p: Record<string, string>, actor: LogEntry['actor'], hidden: boolean, always: boolean) {
    const [s, c] = target(p);
    const changed = c.isHidden !== hidden;
    c.isHidden = hidden;
    if (always || changed) audit(actor, hidden ? 'hide' : 'unhide', s, c);
    return c;
  }

  function mask(p: Record<string, string>) {
    const moderator = ctx.moderator(p.auth);
    const [s, c] = target(p);
    c.isSensitive = truthy(p.sensitive);
    audit(actorOf(moderator), c.isSensitive ? 'mask' : 'unmask', s, c);
    return flags(c);
  }

  function update(p: Record<string, string>) {
    const actor = actorOf(ctx.moderator(p.auth));
    if (p.lock === undefined && p.status === undefined) throw new FakeError(400, 'NOTHING_TO_UPDATE', 'Send lock or status.');
    const s = ctx.section(p.url);
    if (p.lock !== undefined && truthy(p.lock) !== s.lock) {
      s.lock = truthy(p.lock);
      recordAudit(state, { actor, action: s.lock ? 'lock' : 'unlock', url: s.url });
    }
    if (p.status !== undefined && p.status !== s.status) {
      recordAudit(state, { actor, action: 'status', url: s.url, detail: { from: s.status, to: p.status } });
      s.status = p.status;
    }
    return { url: s.url, lock: s.lock, status: s.status };
  }

  return {
    'op/pin': (p) => pin(p, actorOf(op(p), 'op')),
    'op/hide': (p) => ({ commentId: hide(p, actorOf(op(p), 'op'), true, false).commentId, hidden: true }),
    'admin/mask': mask,
    'admin/hide': (p) => flags(hide(p, actorOf(ctx.moderator(p.auth)), true, true)),
    'admin/unhide': (p) => flags(hide(p, actorOf(ctx.moderator(p.auth)), false, true)),
    'admin/pin': (p) => pin(p, actorOf(ctx.moderator(p.auth))),
    'admin/update': update,
  } satisfies Partial<Record<CommentEndpoint, FakeAnswer>>;
}
