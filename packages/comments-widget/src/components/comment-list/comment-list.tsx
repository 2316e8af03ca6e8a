import { useState } from 'react';
import { errorNotice } from '../../lib/error-notice.js';
import { listKey } from '../../stores/section-store.js';
import { useSection, useWidget } from '../../stores/widget-stores.js';
import { CommentItem } from '../comment-item/index.js';
import { useVisibleIds } from './use-visible-ids.js';

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

/** The top-level comments of the current sort with first, next and refresh loading (comments.md §4). */
export function CommentList({ listId }: { listId: string }) {
  const sort = useSection((s) => s.sort);
  const key = listKey(sort);
  const list = useSection((s) => s.lists[key]);
  const isForum = useSection((s) => s.isForum);
  const section = useWidget().section.getState();
  const ids = useVisibleIds(list?.ids);
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
            <LocalReplies parentId={id} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div id={listId} role="tabpanel" aria-labelledby={`${listId}-tab-${sort}`} aria-busy={list?.firstLoading === true} className="gfw-list-panel">
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
}
