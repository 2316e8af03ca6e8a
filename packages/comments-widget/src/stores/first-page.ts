import type { CommentPage } from '@guffaw/comments-client';
import { byId, emptyList, listKey } from './section-store.js';
import type { WidgetStores } from './widget-stores.js';

/** A first page of the hot list read by the host's server, and when (unix ms): the widget's `initialPage`. */
export type InitialPage = { page: CommentPage; readAt: number };

/**
 * Starts the section from a page the server read (the iframe's render, a host page's server render): the same state
 * on the server and in the browser, so hydration matches and the first page is not fetched again while it is fresh.
 */
export function seedFirstPage(stores: WidgetStores, { page, readAt }: InitialPage): void {
  stores.section.setState({
    initStatus: 'ready',
    total: page.total,
    lock: page.lock,
    status: page.status,
    comments: byId(page.comments),
    lists: {
      [listKey('hot')]: { ...emptyList(), ids: page.comments.map((c) => c.commentId), next: page.next, prev: page.prev, refresh: page.refresh, loadedAt: readAt },
    },
  });
  // zustand's useStore renders a server snapshot from getInitialState(): on the server and during hydration that
  // must be the page read, not the empty store.
  const seeded = stores.section.getState();
  stores.section.getInitialState = () => seeded;
}
