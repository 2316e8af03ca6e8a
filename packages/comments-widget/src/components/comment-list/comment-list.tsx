import { memo, useEffect, useState } from 'react';
import type { SortType } from '@guffaw/comments-client';
import { errorNotice } from '../../lib/error-notice.js';
import { abbreviate } from '../../lib/labels.js';
import { listKey } from '../../stores/section-store.js';
import { useLanguage, useSection, useT, useWidget } from '../../stores/widget-stores.js';
import { CommentItem } from '../comment-item/index.js';
import { useVisibleIds } from './use-visible-ids.js';

/** How often the shown list asks for new comments, by default (ms). */
export const NEW_COMMENTS_POLL_MS = 15_000;

/** Id of the tab panel of one sort, for the tabs' aria-controls. */
export const sortPanelId = (listId: string, sort: SortType) => `${listId}-${sort}`;

/** Replies posted from list view, shown under their parent. */
function LocalReplies({ parentId }: { parentId: string }) {
  const ids = useVisibleIds(useSection((s) => s.localReplies[parentId]));
  const t = useT();
  if (ids.length === 0) return null;
  return (
    <ul className="gfw-replies" aria-label={t('yourReplies')}>
      {ids.map((id) => <li key={id}><CommentItem commentId={id} /></li>)}
    </ul>
  );
}

/** The top-level comments of one sort with first, next and refresh loading. */
const SortPanel = memo(function SortPanel({ listId, sort, active }: { listId: string; sort: SortType; active: boolean }) {
  const key = listKey(sort);
  const list = useSection((s) => s.lists[key]);
  const isForum = useSection((s) => s.isForum);
  const section = useWidget().section.getState();
  const ids = useVisibleIds(list?.ids);
  const localReplies = useSection((s) => s.localReplies);
  const [notice, setNotice] = useState<string | null>(null);
  const { t, locale } = useLanguage();
  const pollMs = useWidget().options.newCommentsPollMs ?? NEW_COMMENTS_POLL_MS;
  // Only the new comments the reader would see (not blocked, hidden or filtered) are counted.
  const pending = useVisibleIds(list?.pending);
  const loaded = list?.loadedAt != null;

  // comments.md §4 (refresh cursor): the shown list asks for new comments every pollMs while the page is visible, and
  // at once when the reader comes back to it; nothing is asked in a hidden tab.
  useEffect(() => {
    if (!active || !loaded || pollMs <= 0) return;
    const check = () => {
      if (document.visibilityState === 'visible') section.checkNew(key).catch(() => undefined);
    };
    const timer = setInterval(check, pollMs);
    document.addEventListener('visibilitychange', check);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', check);
    };
  }, [active, loaded, pollMs, section, key]);

  const attempt = (action: Promise<void>) => {
    setNotice(null);
    action.catch((error: unknown) => setNotice(errorNotice(error, t)));
  };

  let content;
  if (!list || (list.firstLoading && list.ids.length === 0)) {
    content = <p className="gfw-state" role="status" aria-live="polite">{t(isForum ? 'loadingAnswers' : 'loadingComments')}</p>;
  } else if (list.error && list.ids.length === 0) {
    content = (
      <div className="gfw-state" role="alert">
        <p>{t(isForum ? 'failedAnswers' : 'failedComments')}</p>
        <button type="button" className="gfw-button" onClick={() => attempt(section.loadFirst(key, true))}>{t('tryAgain')}</button>
      </div>
    );
  } else if (ids.length === 0) {
    content = <p className="gfw-state">{t(isForum ? 'noAnswers' : 'noComments')}</p>;
  } else {
    content = (
      <ul className="gfw-list">
        {ids.map((id) => (
          <li key={id}>
            <CommentItem commentId={id} showRepliesLink />
            {localReplies[id] && localReplies[id].length > 0 && <LocalReplies parentId={id} />}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div
      id={sortPanelId(listId, sort)}
      role="tabpanel"
      aria-labelledby={`${listId}-tab-${sort}`}
      aria-busy={list?.firstLoading === true}
      className="gfw-list-panel"
      hidden={!active}
    >
      {/* Said by screen readers when it appears; shown only when there is something new, with how much. */}
      <div className="gfw-new-region" aria-live="polite">
        {pending.length > 0 && (
          <button type="button" className="gfw-new-pill" onClick={() => section.showNew(key)}>
            {t(isForum ? 'newAnswers' : 'newComments', { count: abbreviate(pending.length, locale), n: pending.length })}
          </button>
        )}
      </div>
      {content}
      {notice && <p className="gfw-error" role="alert">{notice}</p>}
      {list?.next && (
        <button
          type="button"
          className="gfw-button gfw-more"
          aria-busy={list.nextLoading}
          disabled={list.nextLoading}
          onClick={() => attempt(section.loadNext(key))}
        >
          {t(list.nextLoading ? 'loading' : isForum ? 'moreAnswers' : 'moreComments')}
        </button>
      )}
    </div>
  );
});

/**
 * The comment list of the current sort. A sort once shown stays mounted (hidden) while another is shown, so switching
 * back is instant and a switch never moves hundreds of rendered comments around.
 */
export function CommentList({ listId }: { listId: string }) {
  const sort = useSection((s) => s.sort);
  const [shown, setShown] = useState<SortType[]>([sort]);
  if (!shown.includes(sort)) setShown([...shown, sort]);
  return (
    <>
      {shown.map((type) => <SortPanel key={type} listId={listId} sort={type} active={type === sort} />)}
    </>
  );
}
