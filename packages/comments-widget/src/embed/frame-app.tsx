import { createCommentsClient } from '@guffaw/comments-client';
import { CommentSection } from '../components/comments/index.js';
import { listKey } from '../stores/section-store.js';
import { createWidgetStores, WidgetProvider, type WidgetStores } from '../stores/widget-stores.js';
import type { EmbedTheme, FrameData } from './protocol.js';

export type FrameHooks = { onRequireLogin?: (() => void) | undefined; onNavigate?: ((url: string) => void) | undefined };

/**
 * The stores of the iframe, started from the page the server read: the same state on the server (render.tsx) and in
 * the browser (frame.tsx), so hydration matches and the first page is not fetched twice.
 */
export function createFrameStores(data: FrameData, hooks: FrameHooks = {}): WidgetStores {
  const client = createCommentsClient({
    appId: data.appId,
    host: data.host,
    auth: null,
    // Visitors' list GETs are cached per embedding site (comments-client README).
    ...(data.parentOrigin ? { origin: data.parentOrigin } : {}),
  });
  const stores = createWidgetStores(client, { url: data.url, sort: 'hot', isForum: data.isForum, onRequireLogin: hooks.onRequireLogin, onNavigate: hooks.onNavigate });
  const { page } = data;
  if (page) {
    stores.section.setState({
      initStatus: 'ready',
      total: page.total,
      lock: page.lock,
      status: page.status,
      comments: Object.fromEntries(page.comments.map((c) => [c.commentId, c])),
      lists: {
        [listKey('hot')]: {
          ids: page.comments.map((c) => c.commentId),
          next: page.next,
          prev: page.prev,
          refresh: page.refresh,
          firstLoading: false,
          nextLoading: false,
          prevLoading: false,
          error: false,
          loadedAt: data.readAt,
          pending: [],
        },
      },
    });
    // zustand's useStore renders a server snapshot from getInitialState(): on the server and during hydration that
    // must be the page read, not the empty store.
    const seeded = stores.section.getState();
    stores.section.getInitialState = () => seeded;
  }
  return stores;
}

/** The whole iframe UI: the widget's own comment section, nothing else. */
export function FrameApp({ stores, theme }: { stores: WidgetStores; theme: EmbedTheme }) {
  return (
    <WidgetProvider stores={stores}>
      <CommentSection theme={theme} />
    </WidgetProvider>
  );
}
