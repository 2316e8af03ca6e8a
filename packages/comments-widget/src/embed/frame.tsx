/**
 * The iframe app: hydrates the server-rendered comment section and talks to the loader on the host page through the
 * typed protocol (protocol.ts). Messages are read only from the parent window at the origin the page was made for.
 */
import { useEffect, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { listKey } from '../stores/section-store.js';
import { createFrameStores, FrameApp } from './frame-app.js';
import { isHostMessage, type EmbedTheme, type FrameData, type FrameMessage } from './protocol.js';

const data = JSON.parse(document.getElementById('gfw-data')?.textContent ?? 'null') as FrameData;
const rootElement = document.getElementById('gfw-app') as HTMLElement;
const parentOrigin = window.parent !== window ? data.parentOrigin : null;

const post = (message: FrameMessage) => {
  if (parentOrigin) window.parent.postMessage(message, parentOrigin);
};

const stores = createFrameStores(data, parentOrigin
  ? {
    onRequireLogin: () => post({ gfw: 1, type: 'login-request' }),
    onNavigate: (url) => post({ gfw: 1, type: 'navigate', url }),
  }
  : {});

let showTheme: (theme: EmbedTheme) => void = () => undefined;

function applyTheme(theme: EmbedTheme) {
  const html = document.documentElement;
  html.dataset.theme = theme;
  html.style.colorScheme = theme;
  showTheme(theme);
}

function Frame() {
  const [theme, setTheme] = useState<EmbedTheme>(data.theme);
  useEffect(() => {
    showTheme = setTheme;
    void stores.user.getState().load();
    if (!data.page) stores.section.getState().loadFirst(listKey('hot'), true).catch(() => undefined);
  }, []);
  return <FrameApp stores={stores} theme={theme} />;
}

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  if (!parentOrigin || event.source !== window.parent || event.origin !== parentOrigin || !isHostMessage(event.data)) return;
  const message = event.data;
  if (message.type === 'theme') {
    applyTheme(message.theme);
  } else {
    const { client, user, section } = stores;
    client.setAuth(message.token);
    void user.getState().load();
    // Members read lists with their own votes and hidden comments: read the current list again as them.
    const { view, sort } = section.getState();
    section.getState().loadFirst(view.mode === 'thread' ? `thread:${view.commentId}` : listKey(sort), true).catch(() => undefined);
  }
});

hydrateRoot(rootElement, <Frame />);

const height = () => Math.ceil(rootElement.getBoundingClientRect().height);
let last = -1;
new ResizeObserver(() => {
  const h = height();
  if (h === last) return;
  last = h;
  post({ gfw: 1, type: 'resize', height: h });
}).observe(rootElement);
post({ gfw: 1, type: 'ready', height: height() });
