import { createCommentsClient } from '@guffaw/comments-client';
import { CommentSection } from '../components/comments/index.js';
import { seedFirstPage } from '../stores/first-page.js';
import { createWidgetStores, WidgetProvider, type WidgetStores } from '../stores/widget-stores.js';
import type { Messages } from '../i18n/translate.js';
import type { EmbedTheme, FrameData } from './protocol.js';

export type FrameHooks = { onRequireLogin?: (() => void) | undefined; onNavigate?: ((url: string) => void) | undefined };

/**
 * The stores of the iframe, started from the page the server read, in the reader's language (`catalogue`, loaded before
 * the first render so that the server's HTML and the browser's first render agree): the same state on the server (render.tsx) and in
 * the browser (frame.tsx), so hydration matches and the first page is not fetched twice.
 */
export function createFrameStores(data: FrameData, hooks: FrameHooks = {}, catalogue?: Messages): WidgetStores {
  const client = createCommentsClient({
    appId: data.appId,
    host: data.host,
    auth: null,
    // Visitors' list GETs are cached per embedding site (comments-client README).
    ...(data.parentOrigin ? { origin: data.parentOrigin } : {}),
  });
  const stores = createWidgetStores(client, {
    url: data.url, sort: 'hot', isForum: data.isForum, onRequireLogin: hooks.onRequireLogin, onNavigate: hooks.onNavigate,
    locale: data.lang, catalogue,
  });
  if (data.page) seedFirstPage(stores, { page: data.page, readAt: data.readAt });
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
