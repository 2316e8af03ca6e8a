import { useRef, type KeyboardEvent } from 'react';
import type { SortType } from '@guffaw/comments-client';
import { SORT_ORDER, sortLabels } from '../../lib/labels.js';
import { useSection, useT } from '../../stores/widget-stores.js';
import { sortPanelId } from '../comment-list/comment-list.js';

/** Sort tabs: Hot, New, Oldest; Most Upvoted, New, Oldest on forum posts. */
export function SortTabs({ listId }: { listId: string }) {
  const sort = useSection((s) => s.sort);
  const isForum = useSection((s) => s.isForum);
  const setSort = useSection((s) => s.setSort);
  const t = useT();
  const labels = sortLabels(isForum, t);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const choose = (type: SortType) => {
    if (type !== sort) void setSort(type).catch(() => undefined);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = SORT_ORDER.indexOf(sort);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = SORT_ORDER[(index + step + SORT_ORDER.length) % SORT_ORDER.length]!;
    choose(next);
    tabs.current[SORT_ORDER.indexOf(next)]?.focus();
  };

  return (
    <div className="gfw-tabs" role="tablist" aria-label={t('sortComments')} onKeyDown={onKeyDown}>
      {SORT_ORDER.map((type, i) => (
        <button
          key={type}
          ref={(el) => {
            tabs.current[i] = el;
          }}
          type="button"
          role="tab"
          id={`${listId}-tab-${type}`}
          aria-selected={sort === type}
          // Only the shown sort's panel is sure to exist.
          aria-controls={sort === type ? sortPanelId(listId, type) : undefined}
          tabIndex={sort === type ? 0 : -1}
          className="gfw-tab"
          onClick={() => choose(type)}
        >
          {labels[type]}
        </button>
      ))}
    </div>
  );
}
