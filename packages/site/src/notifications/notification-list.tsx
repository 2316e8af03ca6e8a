import { lazy, Suspense, useEffect, useId, useRef } from 'react';
import { useStore } from 'zustand';
import type { NotificationItem as Item } from './notifications-api';
import type { NotificationListStoreApi } from './notification-list-store';
import { NotificationItem } from './notification-item';
import styles from './notifications.module.css';

/** The page's designed empty state, on demand (the bell's dropdown, which shares this list, does not load it). */
const EmptyState = lazy(() => import('../ui/empty-state/empty-state').then((m) => ({ default: m.EmptyState })));
const BELL_ICON = 'M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9m4 13h4';

export const EMPTY_TEXT = { all: 'No notifications yet', mentions: 'No mentions yet' } as const;

export type NotificationListProps = {
  store: NotificationListStoreApi;
  /** The read marker as it was before this view opened (seconds): newer items are NEW, the rest EARLIER. */
  readMarker: number;
  /** After an item was opened (the dropdown closes itself). */
  onOpened?: () => void;
};

/** §2 "Notification list": groups NEW and EARLIER, the tab's empty state, infinite load with a spinner. */
export function NotificationList({ store, readMarker, onOpened }: NotificationListProps) {
  const tab = useStore(store, (s) => s.tab);
  const items = useStore(store, (s) => s.items);
  const loading = useStore(store, (s) => s.loading);
  const loaded = useStore(store, (s) => s.loaded);
  const end = useStore(store, (s) => s.didEndOfList);
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const node = sentinel.current;
    if (!node || end || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) void store.getState().loadMore();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [store, end, loaded, items.length]);

  const open = (id: string) => {
    store.getState().markRead(id);
    onOpened?.();
  };
  const fresh = items.filter((i) => i.timestamp > readMarker);
  const earlier = items.filter((i) => i.timestamp <= readMarker);

  return (
    <div className={styles.list} aria-busy={loading}>
      {loaded &&
        items.length === 0 &&
        !loading &&
        // The page has the designed state; the bell's dropdown keeps its one line.
        (onOpened ? (
          <p className={styles.empty}>{EMPTY_TEXT[tab]}</p>
        ) : (
          <Suspense fallback={<p className={styles.empty}>{EMPTY_TEXT[tab]}</p>}>
            <EmptyState icon={BELL_ICON} title={EMPTY_TEXT[tab]} text="Replies, mentions and upvotes of your posts and comments show here." action={{ label: 'Explore Trending', href: '/trending' }} />
          </Suspense>
        ))}
      <Group label="NEW" items={fresh} onOpen={open} />
      <Group label="EARLIER" items={earlier} onOpen={open} />
      {loading && (
        <div className={styles.spinnerRow} role="status">
          <span className={styles.spinner} aria-hidden="true" />
          <span className={styles.visuallyHidden}>Loading notifications</span>
        </div>
      )}
      {!end && loaded && <div ref={sentinel} className={styles.sentinel} data-testid="notifications-sentinel" />}
    </div>
  );
}

function Group({ label, items, onOpen }: { label: string; items: Item[]; onOpen: (id: string) => void }) {
  const id = useId();
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className={styles.groupLabel}>
        {label}
      </h2>
      <ul className={styles.items}>
        {items.map((item) => (
          <NotificationItem key={item.id} item={item} onOpen={onOpen} />
        ))}
      </ul>
    </section>
  );
}
