import { memo, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { LikeValue } from '@guffaw/comments-client';
import { abbreviate } from '../../lib/labels.js';
import { en } from '../../i18n/en.js';
import { errorNotice } from '../../lib/error-notice.js';
import { icon } from '../../lib/icons.js';
import { copyText } from '../../lib/copy-text.js';
import { maskOf } from '../../lib/visibility.js';
import { replyComposerKey } from '../../stores/composer-store.js';
import { selectClosedNotice } from '../../stores/section-store.js';
import { useViewer, useRequireLogin } from '../../stores/viewer.js';
import { useCommentUser, useComposers, useLanguage, useSection, useWidget } from '../../stores/widget-stores.js';
import { ActionMenu, type MenuAction } from '../action-menu/index.js';
import { preloadParts } from '../lazy-parts.js';
import { CommentBody } from '../comment-body/index.js';
import { Composer, mentionOf } from '../composer/index.js';
import { ConfirmDialog } from '../dialog/index.js';
import { ReportDialog, type ReportChoice } from '../report-dialog/index.js';
import { UserLine } from '../user-line/index.js';

export const REPORTED = en.reported;
export const REPORT_FAILED = en.somethingWrong;
export const LINK_COPIED = en.linkCopied;
export const LINK_NOT_COPIED = en.linkNotCopied;

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
  const { t, locale } = useLanguage();
  const requireLogin = useRequireLogin();
  const [dialog, setDialog] = useState<'report' | 'delete' | null>(null);
  const replyButton = useRef<HTMLButtonElement>(null);

  if (!comment) return null;

  // In the section whose OP token the viewer holds, the anonymous OP (opStatus 2, shown without an account) is them.
  const own = (viewer.userId !== null && comment.user.userId === viewer.userId) || (viewer.isOp && comment.opStatus === 2);
  const name = comment.opStatus === 2 ? 'OP' : comment.user.displayName;
  const author = { name: comment.user.displayName };
  // A locked or closed section takes no replies or votes but a moderator's (comments.md §5, the service's rule).
  const canReply = !comment.isDeleted && (!closed || viewer.moderator);
  const canVote = !closed || viewer.moderator;
  const run = (action: () => Promise<unknown>) => () => {
    action().catch((error: unknown) => toasts.getState().show(errorNotice(error, t)));
  };

  const vote = (value: LikeValue) =>
    requireLogin(() => void section.getState().like(commentId, like === value ? 0 : value).catch((error: unknown) => toasts.getState().show(errorNotice(error, t))));

  const openReply = () =>
    requireLogin(() => composers.getState().open(replyComposerKey(commentId), {
      parent: commentId, reply: true, message: mentionOf(comment),
    }));

  const report = ({ reason, text, block }: ReportChoice) => {
    setDialog(null);
    // comments.md §4: the report closes the dialog and thanks the reader at once; it is sent meanwhile.
    toasts.getState().show(t('reported'));
    client.reportComment(commentId, section.getState().url, text ? { reason, text } : { reason })
      .catch(() => toasts.getState().show(t('somethingWrong')));
    if (block) void settings.getState().block({ accountId: comment.user.accountId, name: comment.user.displayName });
  };

  const actions: MenuAction[] = [];
  if (!own && !comment.isDeleted) actions.push({ label: t('report'), onSelect: () => requireLogin(() => setDialog('report')) });
  if (!own && viewer.loggedIn && options.blockApi && comment.opStatus !== 2) {
    actions.push({
      label: t('block', author),
      onSelect: () => void settings.getState().block({ accountId: comment.user.accountId, name: comment.user.displayName }),
    });
  }
  const hideOp = options.onHideOpComments;
  if (hideOp && viewer.loggedIn && !own && !viewer.isOp && !viewer.postBlocked && comment.opStatus === 2) {
    actions.push({ label: t('hideOpComments'), onSelect: () => hideOp({ commentId, threadId: comment.threadId }) });
  }
  if ((viewer.isOp || viewer.moderator) && comment.level === 1 && !comment.isDeleted) {
    const as = viewer.moderator ? 'moderator' : 'op';
    actions.push({ label: t(comment.isPinned ? 'unpin' : 'pin'), onSelect: run(() => section.getState().pin(commentId, !comment.isPinned, as)) });
  }
  // The OP may hide any comment of their post (op/hide allows it, comments.md §6); a named OP their own without a token.
  if ((viewer.isOp || (own && comment.opStatus > 0)) && !comment.isHidden && !comment.isDeleted && !viewer.moderator) {
    actions.push({ label: t('hide'), onSelect: run(() => section.getState().hide(commentId, 'op')) });
  }
  if (viewer.moderator) {
    actions.push(comment.isHidden
      ? { label: t('unhide'), onSelect: run(() => section.getState().unhide(commentId)) }
      : { label: t('hide'), onSelect: run(() => section.getState().hide(commentId, 'moderator')) });
    actions.push({
      label: t(comment.isSensitive ? 'unmaskSensitive' : 'maskSensitive'),
      onSelect: run(() => section.getState().mask(commentId, !comment.isSensitive)),
    });
    if (!own && comment.opStatus !== 2) {
      actions.push(banned
        ? { label: t('unban', author), onSelect: run(() => section.getState().ban(comment.user.userId, false)) }
        : { label: t('ban', author), onSelect: run(() => section.getState().ban(comment.user.userId, true)), danger: true });
    }
  }
  // Every comment's permalink (#cs_comment_id=) opens its thread; Delete stays the last item.
  actions.push({
    label: t('copyLink'),
    onSelect: () => void copyText(comment.permalink).then((copied) => toasts.getState().show(t(copied ? 'linkCopied' : 'linkNotCopied'))),
  });
  // comments.md §6 gives members their own comments; moderators delete anyone's, as the service allows (our decision).
  if ((own || viewer.moderator) && !comment.isDeleted) actions.push({ label: t('delete'), onSelect: () => setDialog('delete'), danger: true });

  const counts = !comment.isVoteMasked;
  return (
    <article
      className="gfw-comment"
      aria-label={comment.isDeleted ? t('deletedComment') : t('commentBy', { name: comment.opStatus === 2 ? t('anonymous') : comment.user.displayName })}
      data-level={comment.level}
    >
      {/* A deleted comment is kept only to hold its replies: it names no author (no name, avatar, badges or link). */}
      {!comment.isDeleted && <UserLine comment={comment} anonymousAvatarUrl={anonymousAvatarUrl} onNavigate={options.onNavigate} />}
      {(comment.isPinned === 1 || comment.isHidden || comment.isHeld) && (
        <p className="gfw-flags">
          {comment.isPinned === 1 && <span className="gfw-flag">{t('pinned')}</span>}
          {/* A held comment reaches only its author and moderators, marked until a moderator approves it. */}
          {comment.isHeld && <span className="gfw-flag gfw-flag-held">{t('awaitingApproval')}</span>}
          {comment.isHidden && <span className="gfw-flag">{t('hidden')}</span>}
        </p>
      )}
      <CommentBody comment={comment} mask={maskOf(comment, viewer)} onNavigate={options.onNavigate} />
      {!comment.isDeleted && (
        <div className="gfw-actions">
          {/* The label names the button; the arrow and count are what sighted readers see. */}
          {([[1, t('like'), comment.likeCount], [-1, t('dislike'), comment.dislikeCount]] as const).map(([value, label, count]) => (
            // The Dislike arrow is the Like arrow turned over (styles.css).
            <button key={value} type="button" className="gfw-vote" aria-pressed={like === value} aria-label={counts ? t('voteCount', { vote: label, count }) : label} disabled={!canVote} onClick={() => vote(value)}>
              {icon('up')}
              {counts && abbreviate(count, locale)}
            </button>
          ))}
          {canReply && (
            <button ref={replyButton} type="button" className="gfw-text-button" aria-expanded={replying} onClick={openReply}>{t('reply')}</button>
          )}
          <ActionMenu label={t('moreActions', { name })} actions={actions} />
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
          {t('viewReplies', { count: comment.childrenTotal })}
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
          title={t(isForum && comment.level === 1 ? 'deleteAnswer' : 'deleteComment')}
          message={t('cannotUndo')}
          confirmLabel={t('delete')}
          onConfirm={run(() => section.getState().remove(commentId))}
          onClose={() => setDialog(null)}
        />
      )}
    </article>
  );
});
