import type { Comment, CommentPage, CommentUserInfo } from '@guffaw/comments-client';
import { FakeError } from './fake-error.js';
import type { FakeSection } from './fake-service-types.js';

/**
 * A page of the fake service's comment-list.json: a sort's top-level comments or a thread's replies around a comment,
 * by offset cursors, and what came since a refresh cursor; hidden comments for moderators only, held ones for them
 * and their author, blocked authors left out but for the OP's anonymous comments.
 */

const encodeCursor = (value: object) => btoa(JSON.stringify(value));

function decodeCursor(cursor: string): { o?: number; t?: number } {
  try {
    const value = JSON.parse(atob(cursor)) as { o?: unknown; t?: unknown };
    if (typeof value === 'object' && value !== null && (typeof value.o === 'number' || typeof value.t === 'number')) return value as { o?: number; t?: number };
  } catch {
    // falls through to the error below
  }
  throw new FakeError(400, 'INVALID_CURSOR', 'The cursor is invalid');
}

const hotScore = (c: Comment) => c.likeCount - c.dislikeCount + c.childrenTotal;
const sorters: Record<string, (a: Comment, b: Comment) => number> = {
  hot: (a, b) => hotScore(b) - hotScore(a) || b.timestamp - a.timestamp,
  new: (a, b) => b.timestamp - a.timestamp,
  old: (a, b) => a.timestamp - b.timestamp,
};

/** As the service counts a section: the comments people can see (neither deleted, hidden nor held). */
export const sectionTotal = (s: FakeSection): number => s.comments.filter((c) => !c.isDeleted && !c.isHidden && !c.isHeld).length;

/**
 * Who may see a comment, as the service's maySee: moderators every one; a held one only its author (who keeps
 * seeing a rejected one as awaiting approval); any other unless hidden.
 */
export const maySee = (c: Comment, viewer: CommentUserInfo | null): boolean =>
  viewer?.moderate === true || (c.isHeld ? viewer?.userId === c.user.userId : !c.isHidden);

export const findComment = (s: FakeSection, commentId: string | undefined): Comment => {
  const found = s.comments.find((c) => c.commentId === commentId);
  if (!found) throw new FakeError(404, 'COMMENT_NOT_FOUND', 'This comment does not exist or was removed.');
  return found;
};

/** `blocked`: the viewer's blocked accounts, accountId -> name. */
export function listPage(
  s: FakeSection, viewer: CommentUserInfo | null, blocked: Map<string, string> | undefined, p: Record<string, string>,
): CommentPage {
  const type = p.type ?? 'new';
  const sort = sorters[type];
  if (!sort) throw new FakeError(400, 'INVALID_INPUT', 'type must be hot, new or old');
  const count = Math.min(50, Math.max(1, Number(p.count ?? 10) || 10));
  const visible = s.comments.filter((c) => maySee(c, viewer) && !(blocked?.has(c.user.accountId) && c.opStatus !== 2));
  const level = p.level === '2' ? 2 : 1;
  let items: Comment[];
  let parent: Comment | null = null;
  let offset = 0;
  if (p.commentId !== undefined && level === 2) {
    const anchor = findComment(s, p.commentId);
    parent = s.comments.find((c) => c.commentId === anchor.threadId) ?? null;
    items = visible.filter((c) => c.level === 2 && c.threadId === anchor.threadId).sort(sorters.old);
    const at = items.indexOf(anchor);
    offset = at > 0 ? Math.max(0, at - Math.floor(count / 2)) : 0;
  } else {
    items = visible.filter((c) => c.level === 1).sort((a, b) => b.isPinned - a.isPinned || sort(a, b));
  }
  const newest = Math.max(0, ...s.comments.map((c) => c.timestamp));
  const base = { url: s.url, status: s.status, lock: s.lock, total: sectionTotal(s), parent, level } as const;
  if (p.refresh) {
    const since = decodeCursor(p.refresh).t ?? 0;
    const fresh = items.filter((c) => c.timestamp > since);
    return { ...base, comments: fresh, prev: null, next: null, refresh: encodeCursor({ t: newest }) };
  }
  if (p.next) offset = decodeCursor(p.next).o ?? 0;
  else if (p.prev) offset = decodeCursor(p.prev).o ?? 0;
  const comments = items.slice(offset, offset + count);
  return {
    ...base,
    comments,
    next: offset + count < items.length ? encodeCursor({ o: offset + count }) : null,
    prev: offset > 0 ? encodeCursor({ o: Math.max(0, offset - count) }) : null,
    refresh: encodeCursor({ t: newest }),
  };
}
