import { memo, useState } from 'react';
import type { SortType } from '@guffaw/comments-client';
import { errorNotice } from '../../lib/error-notice.js';
import { listKey } from '../../stores/section-store.js';
import { useSection, useWidget } from '../../stores/widget-stores.js';
import { CommentItem } from '../comment-item/index.js';
import { useVisibleIds } from './use-visible-ids.js';

/** Id of the tab panel of one sort, for the tabs' aria-controls. */
export const sortPanelId = (listId: string, sort: SortType) => `${listId}-${sort}`;

/** Replies posted from list view, shown under their parent. */
function LocalReplies({ parentId }: { parentId: string }) {
  const ids = useVisibleIds(useSection((s) => s.localReplies[parentId]));
  if (ids.length === 0) return null;
  return (
    <ul className="gfw-replies" aria-label="Your replies">
      {ids.map((id) => <li key={id}><CommentItem commentId={id} /></li>)}
    </ul>
  );
}

/** The top-level comments of one sort with first, next and refresh loading (comments.md §4). */
const SortPanel = memo(function SortPanel({ listId, sort, active }: { listId: string; sort: SortType; active: boolean }) {
  const key = listKey(sort);
  const list = useSection((s) => s.lists[key]);
  const isForum = useSection((s) => s.isForum);
  const section = useWidget().section.getState();
  const ids = useVisibleIds(list?.ids);
  const localReplies = useSection((s) => s.localReplies);
  const [notice, setNotice] = useState<string | null>(null);
  const noun = isForum ? 'answers' : 'comments';

  const attempt = (action: Promise<void>) => {
    setNotice(null);
    action.catch((error: unknown) => setNotice(errorNotice(error)));
  };

  let content;
  if (!list || (list.firstLoading && list.ids.length === 0)) {
    content = <p className="gfw-state" role="status" aria-live="polite">Loading {noun}…</p>;
  } else if (list.error && list.ids.length === 0) {
    content = (
      <div className="gfw-state" role="alert">
        <p>Couldn’t load {noun}.</p>
        <button type="button" className="gfw-button" onClick={() => attempt(section.loadFirst(key, true))}>Try again</button>
      </div>
    );
  } else if (ids.length === 0) {
    content = <p className="gfw-state">{isForum ? 'No answers yet. Be the first to answer.' : 'No comments yet. Be the first to comment.'}</p>;
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
      {list && list.ids.length > 0 && (
        <button
          type="button"
          className="gfw-text-button gfw-refresh"
          disabled={list.prevLoading || list.firstLoading}
          onClick={() => attempt(section.refresh(key))}
        >
          {list.prevLoading ? 'Refreshing…' : `Show new ${noun}`}
        </button>
      )}
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
          {list.nextLoading ? 'Loading…' : `Load more ${noun}`}
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
