import { memo, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { LikeValue } from '@guffaw/comments-client';
import { commentNoun, abbreviate } from '../../lib/labels.js';
import { errorNotice } from '../../lib/error-notice.js';
import { icon } from '../../lib/icons.js';
import { copyText } from '../../lib/copy-text.js';
import { maskOf } from '../../lib/visibility.js';
import { replyComposerKey } from '../../stores/composer-store.js';
import { selectClosedNotice } from '../../stores/section-store.js';
import { useViewer, useRequireLogin } from '../../stores/viewer.js';
import { useCommentUser, useComposers, useSection, useWidget } from '../../stores/widget-stores.js';
import { ActionMenu, type MenuAction } from '../action-menu/index.js';
import { preloadParts } from '../lazy-parts.js';
import { CommentBody } from '../comment-body/index.js';
import { Composer, mentionOf } from '../composer/index.js';
import { ConfirmDialog } from '../dialog/index.js';
import { ReportDialog, type ReportChoice } from '../report-dialog/index.js';
import { UserLine } from '../user-line/index.js';

export const REPORTED = 'Reported. Thanks for making the product better.';
export const REPORT_FAILED = 'Something went wrong, please try again later.';
export const LINK_COPIED = 'Link copied';
export const LINK_NOT_COPIED = 'Could not copy the link';

export type CommentItemProps = {
  commentId: string;
  /** List view shows "View N replies" on top-level comments; thread view does not. */
  showRepliesLink?: boolean;
};

/** One comment with its actions: votes, reply, menu of member, OP and moderator tools. */
export const CommentItem = memo(function CommentItem({ commentId, showRepliesLink = false }: CommentItemProps) {
  const { section, composers, settings, toasts, client, options } = useWidget();
  // One subscription per store and comment: a list of 500 comments stays cheap to render.
  const { comment, closed, isForum, banned } = useSection(useShallow((s) => {
    const c = s.comments[commentId];
    return { comment: c, closed: selectClosedNotice(s) !== null, isForum: s.isForum, banned: c ? s.bannedUserIds.includes(c.user.userId) : false };
  }));
  const { like, anonymousAvatarUrl } = useCommentUser(useShallow((s) => ({
    like: s.likeMapping[commentId] ?? 0,
    anonymousAvatarUrl: s.app?.anonymousAvatarUrl,
  })));
  const replying = useComposers((s) => Boolean(s.composers[replyComposerKey(commentId)]?.active));
  const viewer = useViewer();
  const requireLogin = useRequireLogin();
  const [dialog, setDialog] = useState<'report' | 'delete' | null>(null);
  const replyButton = useRef<HTMLButtonElement>(null);

  if (!comment) return null;

  // In the section whose OP token the viewer holds, the anonymous OP (opStatus 2, shown without an account) is them.
  const own = (viewer.userId !== null && comment.user.userId === viewer.userId) || (viewer.isOp && comment.opStatus === 2);
  const name = comment.opStatus === 2 ? 'OP' : comment.user.displayName;
  // A locked or closed section takes no replies or votes but a moderator's (comments.md §5, the service's rule).
  const canReply = !comment.isDeleted && (!closed || viewer.moderator);
  const canVote = !closed || viewer.moderator;
  const run = (action: () => Promise<unknown>) => () => {
    action().catch((error: unknown) => toasts.getState().show(errorNotice(error)));
  };

  const vote = (value: LikeValue) =>
    requireLogin(() => void section.getState().like(commentId, like === value ? 0 : value).catch((error: unknown) => toasts.getState().show(errorNotice(error))));

  const openReply = () =>
    requireLogin(() => composers.getState().open(replyComposerKey(commentId), {
      parent: commentId, reply: true, message: mentionOf(comment),
    }));

  const report = ({ reason, text, block }: ReportChoice) => {
    setDialog(null);
    // comments.md §4: the report closes the dialog and thanks the reader at once; it is sent meanwhile.
    toasts.getState().show(REPORTED);
    client.reportComment(commentId, section.getState().url, text ? { reason, text } : { reason })
      .catch(() => toasts.getState().show(REPORT_FAILED));
    if (block) void settings.getState().block({ accountId: comment.user.accountId, name: comment.user.displayName });
  };

  const actions: MenuAction[] = [];
  if (!own && !comment.isDeleted) actions.push({ label: 'Report', onSelect: () => requireLogin(() => setDialog('report')) });
  if (!own && viewer.loggedIn && options.blockApi && comment.opStatus !== 2) {
    actions.push({
      label: `Block @${comment.user.displayName}`,
      onSelect: () => void settings.getState().block({ accountId: comment.user.accountId, name: comment.user.displayName }),
    });
  }
  const hideOp = options.onHideOpComments;
  if (hideOp && viewer.loggedIn && !own && !viewer.isOp && !viewer.postBlocked && comment.opStatus === 2) {
    actions.push({ label: 'Hide OP comments', onSelect: () => hideOp({ commentId, threadId: comment.threadId }) });
  }
  if ((viewer.isOp || viewer.moderator) && comment.level === 1 && !comment.isDeleted) {
    const as = viewer.moderator ? 'moderator' : 'op';
    actions.push({ label: comment.isPinned ? 'Unpin' : 'Pin', onSelect: run(() => section.getState().pin(commentId, !comment.isPinned, as)) });
  }
  // The OP may hide any comment of their post (op/hide allows it, comments.md §6); a named OP their own without a token.
  if ((viewer.isOp || (own && comment.opStatus > 0)) && !comment.isHidden && !comment.isDeleted && !viewer.moderator) {
    actions.push({ label: 'Hide', onSelect: run(() => section.getState().hide(commentId, 'op')) });
  }
  if (viewer.moderator) {
    actions.push(comment.isHidden
      ? { label: 'Unhide', onSelect: run(() => section.getState().unhide(commentId)) }
      : { label: 'Hide', onSelect: run(() => section.getState().hide(commentId, 'moderator')) });
    actions.push({
      label: comment.isSensitive ? 'Remove sensitive mask' : 'Mask as sensitive',
      onSelect: run(() => section.getState().mask(commentId, !comment.isSensitive)),
    });
    if (!own && comment.opStatus !== 2) {
      actions.push(banned
        ? { label: `Unban @${comment.user.displayName}`, onSelect: run(() => section.getState().ban(comment.user.userId, false)) }
        : { label: `Ban @${comment.user.displayName}`, onSelect: run(() => section.getState().ban(comment.user.userId, true)), danger: true });
    }
  }
  // Every comment's permalink (#cs_comment_id=) opens its thread; Delete stays the last item.
  actions.push({
    label: 'Copy link',
    onSelect: () => void copyText(comment.permalink).then((copied) => toasts.getState().show(copied ? LINK_COPIED : LINK_NOT_COPIED)),
  });
  // comments.md §6 gives members their own comments; moderators delete anyone's, as the service allows (our decision).
  if ((own || viewer.moderator) && !comment.isDeleted) actions.push({ label: 'Delete', onSelect: () => setDialog('delete'), danger: true });

  const counts = !comment.isVoteMasked;
  return (
    <article
      className="gfw-comment"
      aria-label={comment.isDeleted ? 'Deleted comment' : `Comment by ${comment.opStatus === 2 ? 'Anonymous' : comment.user.displayName}`}
      data-level={comment.level}
    >
      {/* A deleted comment is kept only to hold its replies: it names no author (no name, avatar, badges or link). */}
      {!comment.isDeleted && <UserLine comment={comment} anonymousAvatarUrl={anonymousAvatarUrl} onNavigate={options.onNavigate} />}
      {(comment.isPinned === 1 || comment.isHidden || comment.isHeld) && (
        <p className="gfw-flags">
          {comment.isPinned === 1 && <span className="gfw-flag">Pinned</span>}
          {/* MODERATION.md: a held comment reaches only its author and moderators, marked until a moderator approves it. */}
          {comment.isHeld && <span className="gfw-flag gfw-flag-held">Awaiting approval</span>}
          {comment.isHidden && <span className="gfw-flag">Hidden</span>}
        </p>
      )}
      <CommentBody comment={comment} mask={maskOf(comment, viewer)} onNavigate={options.onNavigate} />
      {!comment.isDeleted && (
        <div className="gfw-actions">
          {/* The label names the button; the arrow and count are what sighted readers see. */}
          {([[1, 'Like', comment.likeCount], [-1, 'Dislike', comment.dislikeCount]] as const).map(([value, label, count]) => (
            // The Dislike arrow is the Like arrow turned over (styles.css).
            <button key={value} type="button" className="gfw-vote" aria-pressed={like === value} aria-label={counts ? `${label}, ${count}` : label} disabled={!canVote} onClick={() => vote(value)}>
              {icon('up')}
              {counts && abbreviate(count)}
            </button>
          ))}
          {canReply && (
            <button ref={replyButton} type="button" className="gfw-text-button" aria-expanded={replying} onClick={openReply}>Reply</button>
          )}
          <ActionMenu label={`More actions for the comment by ${name}`} actions={actions} />
        </div>
      )}
      {showRepliesLink && comment.level === 1 && comment.childrenTotal > 0 && (
        <button
          type="button"
          className="gfw-text-button gfw-replies-link"
          onPointerEnter={preloadParts}
          onFocus={preloadParts}
          onClick={() => void section.getState().openThread(commentId).catch(() => undefined)}
        >
          View {comment.childrenTotal} {comment.childrenTotal === 1 ? 'reply' : 'replies'}
        </button>
      )}
      {replying && (
        <Composer composerKey={replyComposerKey(commentId)} parent={comment} onDone={() => replyButton.current?.focus()} />
      )}
      {dialog === 'report' && (
        <ReportDialog name={comment.user.displayName} canBlock={Boolean(options.blockApi) && comment.opStatus !== 2} onSubmit={report} onClose={() => setDialog(null)} />
      )}
      {dialog === 'delete' && (
        <ConfirmDialog
          title={`Delete ${commentNoun(1, isForum && comment.level === 1)}?`}
          message="This cannot be undone."
          confirmLabel="Delete"
          onConfirm={run(() => section.getState().remove(commentId))}
          onClose={() => setDialog(null)}
        />
      )}
    </article>
  );
});
