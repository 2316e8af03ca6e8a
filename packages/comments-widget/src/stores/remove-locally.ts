import type { Comment } from '@guffaw/comments-client';
import { threadKey, type ListKey, type SectionState } from './section-state.js';

/** How a removed comment leaves the section's state: kept as deleted for its replies, or gone with what it held up. */

/** Whether a loaded comment replies to `c` (a top-level comment counts its thread's replies, loaded or not). */
const hasReplies = (comments: Record<string, Comment>, c: Comment): boolean =>
  c.level === 1 ? c.childrenTotal > 0 : Object.values(comments).some((r) => r.parent === c.commentId && r.commentId !== c.commentId);

/**
 * As the service does it, a deleted comment with replies is kept (marked deleted, no text, no
 * author shown); one without is removed, and removing a reply lowers its thread's reply count. A deleted comment kept
 * only for its replies goes once they are gone, up to the thread's top, so a thread of deleted comments does not
 * stay. A thread shown around the removed reply (its permalink) stays open on its top-level comment.
 */
export function removeLocally(s: SectionState, comment: Comment): Partial<SectionState> {
  const comments = { ...s.comments };
  // A hidden comment had already left the total (hide below, as the service counts).
  const total = comment.isHidden ? s.total : Math.max(0, s.total - 1);
  if (hasReplies(comments, comment)) {
    comments[comment.commentId] = { ...comment, isDeleted: true, text: '', mediaText: '', media: [], links: [] };
    return { comments, total };
  }
  const gone = new Set<string>();
  const drop = (c: Comment) => {
    gone.add(c.commentId);
    delete comments[c.commentId];
    const root = c.level === 2 ? comments[c.threadId] : undefined;
    if (root) comments[root.commentId] = { ...root, childrenTotal: Math.max(0, root.childrenTotal - 1) };
  };
  drop(comment);
  // Up the chain of deleted comments that were kept for this one.
  for (let up = comment.parent ? comments[comment.parent] : undefined; up?.isDeleted && !hasReplies(comments, up);) {
    const next = up.parent ? comments[up.parent] : undefined;
    drop(up);
    up = next;
  }
  const root = comment.level === 2 ? comments[comment.threadId] : undefined;
  if (root?.isDeleted && root.childrenTotal === 0) drop(root);

  const lists = { ...s.lists };
  for (const key of Object.keys(lists) as ListKey[]) {
    const list = lists[key];
    if (list?.ids.some((id) => gone.has(id))) lists[key] = { ...list, ids: list.ids.filter((id) => !gone.has(id)) };
  }
  const localReplies: Record<string, string[]> = {};
  for (const [parent, ids] of Object.entries(s.localReplies)) {
    if (!gone.has(parent)) localReplies[parent] = ids.filter((id) => !gone.has(id));
  }
  let view = s.view;
  if (view.mode === 'thread' && gone.has(view.commentId)) {
    const top = comment.level === 2 && !gone.has(comment.threadId) ? comment.threadId : null;
    if (top) {
      // The thread was shown around the removed reply: the same replies, now under their top-level comment's key.
      const around = lists[threadKey(view.commentId)];
      if (around && !lists[threadKey(top)]) lists[threadKey(top)] = around;
      delete lists[threadKey(view.commentId)];
      view = { mode: 'thread', commentId: top };
    } else {
      view = { mode: 'list' };
    }
  }
  return { comments, lists, localReplies, total, view };
}
