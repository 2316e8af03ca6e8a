import type { CommentPage } from '@guffaw/comments-client';
import { decodeCursor, encodeCursor } from '../cursor.js';
import { presentComment, type PresentContext } from '../present.js';
import * as repo from '../repo/index.js';
import type { CommentRecord, SectionRow, ViewerFilter } from '../repo/index.js';
import type { CommentCore } from './core.js';
import { commentNotFound, maySee } from './sections.js';
import type { ListInput } from './types.js';

/** Thread view (level 2): replies of the anchor's thread, oldest first, around the anchor when it is a reply. */
export async function threadPage(core: CommentCore, section: SectionRow, input: ListInput, filter: ViewerFilter, page: CommentPage, ctx: PresentContext): Promise<CommentPage> {
  const { db } = core;
  const anchor = await repo.findComment(db, input.commentId as string);
  // The filter's viewerId is kept for a viewer with held comments here (viewers.ts effectiveFilter).
  const viewer = filter.viewerId === null ? null : { moderator: filter.moderator, user: { id: filter.viewerId } };
  const reachable = (c: CommentRecord) => filter.moderator || maySee(c, viewer);
  if (!anchor || anchor.sectionId !== section.id || !reachable(anchor)) {
    throw commentNotFound();
  }
  const thread = anchor.level === 1 ? anchor : await repo.findCommentById(db, anchor.threadId as number);
  if (!thread || (thread.heldAt !== null && !reachable(thread))) throw commentNotFound();
  const scope = `t${thread.id}`;
  const count = input.count;
  const key = (r: CommentRecord, dir: 'f' | 'b'): string => encodeCursor({ dir, sort: 'thread', scope, t: r.createdAt.getTime(), id: r.id });
  let rows: CommentRecord[];
  let hasBefore = false;
  let hasAfter = false;
  if (input.next || input.refresh) {
    const cur = decodeCursor((input.next ?? input.refresh) as string, 'thread', scope);
    rows = await repo.listReplies(db, thread.id, cur, true, count + 1, filter);
    hasAfter = rows.length > count;
    rows = rows.slice(0, count);
    hasBefore = true;
  } else if (input.prev) {
    const cur = decodeCursor(input.prev, 'thread', scope);
    rows = await repo.listReplies(db, thread.id, cur, false, count + 1, filter);
    hasBefore = rows.length > count;
    rows = rows.slice(rows.length - Math.min(rows.length, count));
    hasAfter = true;
  } else if (anchor.level === 1) {
    rows = await repo.listReplies(db, thread.id, null, true, count + 1, filter);
    hasAfter = rows.length > count;
    rows = rows.slice(0, count);
  } else {
    const at = { t: anchor.createdAt.getTime(), id: anchor.id };
    const half = Math.floor(count / 2);
    const before = await repo.listReplies(db, thread.id, at, false, half + 1, filter);
    hasBefore = before.length > half;
    const kept = before.slice(before.length - Math.min(before.length, half));
    const after = await repo.listReplies(db, thread.id, at, true, count - kept.length + 1, filter, true);
    hasAfter = after.length > count - kept.length;
    rows = [...kept, ...after.slice(0, count - kept.length)];
  }
  const first = rows[0];
  const last = rows[rows.length - 1];
  page.prev = hasBefore && first ? key(first, 'b') : null;
  page.next = hasAfter && last ? key(last, 'f') : null;
  // New replies arrive at the end: refresh goes on from the last one seen (or the start of an empty thread).
  page.refresh = last ? key(last, 'f') : encodeCursor({ dir: 'f', sort: 'thread', scope, t: 0, id: 0 });
  if (!hasAfter && input.next && !last) page.refresh = input.next;
  page.parent = presentComment(thread, ctx);
  page.comments = rows.map((r) => presentComment({ ...r, threadCommentId: thread.commentId }, ctx));
  return page;
}
