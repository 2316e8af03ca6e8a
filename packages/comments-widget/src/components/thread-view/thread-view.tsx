import { useEffect, useRef, useState } from 'react';
import { errorNotice } from '../../lib/error-notice.js';
import { threadKey } from '../../stores/section-store.js';
import { useViewer } from '../../stores/viewer.js';
import { useSection, useT, useWidget } from '../../stores/widget-stores.js';
import { CommentItem } from '../comment-item/index.js';
import { useVisibleIds } from '../comment-list/index.js';
import { addEnglish } from '../../i18n/translate.js';
import { enParts } from '../../i18n/en-parts.js';

addEnglish(enParts);

/** Follow toggle of one thread; hidden without a follow API or for visitors. */
export function FollowButton({ threadId }: { threadId: string }) {
  const { section, options } = useWidget();
  const viewer = useViewer();
  const t = useT();
  const status = useSection((s) => s.follow[threadId] ?? 'unknown');
  useEffect(() => {
    if (viewer.loggedIn) void section.getState().fetchFollow(threadId);
  }, [section, threadId, viewer.loggedIn]);
  if (!options.followApi || !viewer.loggedIn) return null;
  const followed = status === 'followed';
  return (
    <button
      type="button"
      className="gfw-button"
      aria-pressed={followed}
      disabled={status === 'loading' || status === 'unknown'}
      onClick={() => void section.getState().toggleFollow(threadId)}
    >
      {t(followed ? 'unfollowThread' : 'followThread')}
    </button>
  );
}

/** Replies of one comment, loaded around it, with earlier and later pages. */
export function ThreadView({ commentId }: { commentId: string }) {
  const { section } = useWidget();
  const key = threadKey(commentId);
  const list = useSection((s) => s.lists[key]);
  const total = useSection((s) => s.total);
  const isForum = useSection((s) => s.isForum);
  // A reply's link (a notification) opens its whole thread: the top-level comment heads it.
  const rootId = useSection((s) => {
    const anchor = s.comments[commentId];
    return anchor?.level === 2 && anchor.threadId ? anchor.threadId : commentId;
  });
  const parent = useSection((s) => s.comments[rootId]);
  const ids = useVisibleIds(list?.ids);
  const [notice, setNotice] = useState<string | null>(null);
  const t = useT();
  const back = useRef<HTMLButtonElement>(null);
  const view = useRef<HTMLElement>(null);
  // A permalink's comment: scrolled to and highlighted once it is shown (the host's #cs_comment_id=).
  const highlight = useSection((s) => s.highlight);
  const [highlighted, setHighlighted] = useState<string | null>(null);

  useEffect(() => back.current?.focus(), [commentId]);
  useEffect(() => {
    if (!highlight) return;
    const target = [...(view.current?.querySelectorAll<HTMLElement>('[data-comment-id]') ?? [])].find((el) => el.dataset.commentId === highlight);
    if (!target) return;
    setHighlighted(highlight);
    section.getState().setHighlight(null);
    // Centred, so the thread's top and the replies around it stay in sight; instant when the reader asks for less motion.
    const still = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
    target.scrollIntoView?.({ block: 'center', behavior: still ? 'auto' : 'smooth' });
  }, [highlight, ids, parent, section]);
  const mark = (id: string) => ({ 'data-comment-id': id, ...(id === highlighted ? { className: 'gfw-highlight', 'aria-current': true } : {}) });

  const attempt = (action: Promise<void>) => {
    setNotice(null);
    action.catch((error: unknown) => setNotice(errorNotice(error, t)));
  };
  const replies = ids.filter((id) => id !== rootId);

  return (
    <section ref={view} className="gfw-thread" aria-label={t('thread')} aria-busy={list?.firstLoading === true}>
      <div className="gfw-thread-bar">
        <button ref={back} type="button" className="gfw-text-button" onClick={() => section.getState().closeThread()}>
          {t(isForum ? 'allAnswers' : 'allComments', { count: total })}
        </button>
        {parent && <FollowButton threadId={parent.threadId} />}
      </div>
      {parent && <div {...mark(rootId)}><CommentItem commentId={rootId} /></div>}
      {(!list || list.firstLoading) && replies.length === 0 && <p className="gfw-state" role="status">{t('loadingReplies')}</p>}
      {list?.error && replies.length === 0 && (
        <div className="gfw-state" role="alert">
          <p>{t('failedReplies')}</p>
          <button type="button" className="gfw-button" onClick={() => attempt(section.getState().loadFirst(key, true))}>{t('tryAgain')}</button>
        </div>
      )}
      {list?.prev && (
        <button type="button" className="gfw-button gfw-more" disabled={list.prevLoading} aria-busy={list.prevLoading} onClick={() => attempt(section.getState().loadPrev(key))}>
          {t(list.prevLoading ? 'loading' : 'earlierReplies')}
        </button>
      )}
      {replies.length > 0 && (
        <ul className="gfw-replies" aria-label={t('replies')}>
          {replies.map((id) => <li key={id} {...mark(id)}><CommentItem commentId={id} /></li>)}
        </ul>
      )}
      {notice && <p className="gfw-error" role="alert">{notice}</p>}
      {list?.next && (
        <button type="button" className="gfw-button gfw-more" disabled={list.nextLoading} aria-busy={list.nextLoading} onClick={() => attempt(section.getState().loadNext(key))}>
          {t(list.nextLoading ? 'loading' : 'moreReplies')}
        </button>
      )}
    </section>
  );
}
