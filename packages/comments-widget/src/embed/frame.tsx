/**
 * The iframe app: hydrates the server-rendered comment section and talks to the loader on the host page through the
 * typed protocol (protocol.ts). Messages are read only from the parent window at the origin the page was made for,
 * and from the product's login popup this frame opened, at the login page's origin.
 *
 * Login: a thread of the product's own app (data.login) opens the product's login in a popup; the popup hands the
 * member's token back to this frame. A third-party app's thread asks the host (login-request); the host signs its
 * user in and the loader passes the token on (auth).
 */
import { useEffect, useMemo, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { listKey } from '../stores/section-store.js';
import { loadLanguage } from '../i18n/languages.js';
import { createFrameStores, FrameApp } from './frame-app.js';
import type { WidgetStores } from '../stores/widget-stores.js';
import type { Messages } from '../i18n/translate.js';
import { isHostMessage, isLoginMessage, type EmbedTheme, type FrameData, type FrameMessage } from './protocol.js';

const data = JSON.parse(document.getElementById('gfw-data')?.textContent ?? 'null') as FrameData;
const rootElement = document.getElementById('gfw-app') as HTMLElement;
const parentOrigin = window.parent !== window ? data.parentOrigin : null;

const post = (message: FrameMessage) => {
  if (parentOrigin) window.parent.postMessage(message, parentOrigin);
};

/** The login popup this frame opened, the one window whose signed-in message it reads. */
let loginPopup: Window | null = null;
const loginOrigin = data.login ? new URL(data.login).origin : null;

/** Opened in the click itself, so the browser allows the popup. */
function openLogin(url: string) {
  loginPopup = window.open(url, 'guffaw-login', 'popup,width=480,height=680');
  loginPopup?.focus();
}

/** Made by start(), once the reader's language is in; nothing reads them before (the loader waits for ready). */
let stores: WidgetStores;

let showTheme: (theme: EmbedTheme) => void = () => undefined;
let showOpToken: (token: string | undefined) => void = () => undefined;

function applyTheme(theme: EmbedTheme) {
  const html = document.documentElement;
  html.dataset.theme = theme;
  html.style.colorScheme = theme;
  showTheme(theme);
}

function Frame() {
  const [theme, setTheme] = useState<EmbedTheme>(data.theme);
  const [opToken, setOpToken] = useState<string | undefined>(undefined);
  // The instance's options are replaced (its composer reads the OP token from them) and the provider gets a new value.
  const live = useMemo(() => {
    if (stores.options.opToken === opToken) return stores;
    stores.options = { ...stores.options, opToken, canAnonymous: data.canAnonymous === true };
    return { ...stores };
  }, [opToken]);
  useEffect(() => {
    showTheme = setTheme;
    showOpToken = setOpToken;
    void stores.user.getState().load();
    if (!data.page) stores.section.getState().loadFirst(listKey('hot'), true).catch(() => undefined);
  }, []);
  return <FrameApp stores={live} theme={theme} />;
}

function signIn(token: string | null) {
  const { client, user, section } = stores;
  client.setAuth(token);
  void user.getState().load();
  // Members read lists with their own votes and hidden comments: read the current list again as them.
  const { view, sort } = section.getState();
  section.getState().loadFirst(view.mode === 'thread' ? `thread:${view.commentId}` : listKey(sort), true).catch(() => undefined);
}

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  if (loginPopup && event.source === loginPopup && event.origin === loginOrigin && isLoginMessage(event.data)) {
    loginPopup = null;
    signIn(event.data.token);
    showOpToken(event.data.opToken);
    return;
  }
  if (!parentOrigin || event.source !== window.parent || event.origin !== parentOrigin || !isHostMessage(event.data)) return;
  const message = event.data;
  if (message.type === 'theme') applyTheme(message.theme);
  else {
    signIn(message.token);
    // A host's own sign-in carries no OP token: the product's uploader gets theirs from the product's login popup.
    showOpToken(undefined);
  }
});

/** The app, in the reader's language: the server rendered the page in it, so hydration waits for its chunk. */
function start(catalogue: Messages | undefined) {
  stores = createFrameStores(data, {
    onRequireLogin: data.login ? () => openLogin(data.login as string) : parentOrigin ? () => post({ gfw: 1, type: 'login-request' }) : undefined,
    onNavigate: parentOrigin ? (url) => post({ gfw: 1, type: 'navigate', url }) : undefined,
  }, catalogue);

  hydrateRoot(rootElement, <Frame />);

  // Buttons pressed before the app started (the frame page keeps those clicks, embed/page.ts on the server) are
  // pressed again now that they do something; hydration kept their elements.
  const early = (window as { gfwEarly?: HTMLElement[] | null }).gfwEarly ?? [];
  (window as { gfwEarly?: HTMLElement[] | null }).gfwEarly = null;
  setTimeout(() => early.forEach((button) => button.isConnected && button.click()));

  const height = () => Math.ceil(rootElement.getBoundingClientRect().height);
  let last = -1;
  new ResizeObserver(() => {
    const h = height();
    if (h === last) return;
    last = h;
    post({ gfw: 1, type: 'resize', height: h });
  }).observe(rootElement);
  post({ gfw: 1, type: 'ready', height: height() });

  // The host's count links (/embed/count.js) follow the thread: its count once known, then every change (a comment
  // posted, deleted or hidden here), so "0 comments" does not stay beside a thread that has some until a reload. The
  // label is in the frame's language, the host's count script's own (host-texts.ts).
  let sentCount = -1;
  const sendCount = ({ initStatus, total }: { initStatus: string; total: number }) => {
    if (initStatus !== 'ready' || total === sentCount) return;
    sentCount = total;
    post({ gfw: 1, type: 'count', appId: data.appId, url: data.url, count: total, label: stores.i18n.getState().t('commentCount', { count: total }) });
  };
  stores.section.subscribe(sendCount);
  sendCount(stores.section.getState());
}

void loadLanguage(data.lang).catch(() => undefined).then(start);
