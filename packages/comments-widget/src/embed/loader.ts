/**
 * /embed.js: turns each `<div data-guffaw-comments data-app-id="…" data-url="…">` (or `data-post-id="…"` for a
 * post of the product) into the comment iframe when it nears the viewport. Plain TypeScript, no dependency.
 *
 * Attributes: data-theme (light | dark | system; default: the host's <html data-theme> or class "dark", else the
 * OS), data-auth (the host's signed token for its user), data-on-login (name of a global function called when a
 * visitor wants to log in), data-height (the least space reserved before the frame reports its height, default 320 px;
 * a thread that starts in view reserves at least down to the bottom of the viewport, and never less than the host's
 * own CSS reserved, e.g. `[data-guffaw-comments]{min-height:100vh}`, which also holds before this async script runs).
 * data-lang (the thread's language, a BCP 47 tag such as ar or pt-BR; default: the host's <html lang>, else English:
 * the frame's texts, its title, and the count links the frame keeps current), data-title (the frame's title).
 * Script API: window.GuffawComments = { onLogin(detail), setAuth(token), scan() }.
 *
 * Login on a third-party app's thread: the frame sends login-request, the loader calls the host's onLogin; the host
 * signs its user in and calls setAuth(token), which reaches the frame as an auth message. Threads of the product's
 * own app (data-post-id) open the product's login in a popup from the frame, and the popup hands the token back.
 */
import { frameTitle } from './host-texts.js';
import { isFrameMessage, type EmbedTheme, type HostMessage } from './protocol.js';

type LoginDetail = { appId: string; url: string; element: HTMLElement };
type Api = { onLogin?: (detail: LoginDetail) => void; setAuth(token: string | null): void; scan(): void };
/** auth: this thread's token, from its data-auth or the last setAuth (a data-auth token is for its own thread only). */
type Frame = { el: HTMLElement; iframe: HTMLIFrameElement; ready: boolean; theme: EmbedTheme; auth: string | null };

declare global {
  interface Window {
    GuffawComments?: Partial<Api>;
  }
}

const script = document.currentScript as HTMLScriptElement | null;
const origin = new URL(script?.src || '/', location.href).origin;
const frames = new Map<Window, Frame>();
/** Frames open this far (px) before they scroll into view. */
const MARGIN = 600;
/** The last setAuth token, for threads that open later; undefined until setAuth is called. */
let hostAuth: string | null | undefined;
const darkQuery = matchMedia('(prefers-color-scheme: dark)');
const api = (window.GuffawComments ||= {}) as Api;

function themeOf(el: HTMLElement): EmbedTheme {
  const html = document.documentElement;
  const own = el.dataset.theme;
  const chosen = own && own !== 'system' ? own : own ? '' : html.dataset.theme || (html.classList.contains('dark') ? 'dark' : '');
  if (chosen === 'light' || chosen === 'dark') return chosen;
  return darkQuery.matches ? 'dark' : 'light';
}

const send = (win: Window, message: HostMessage) => win.postMessage(message, origin);

function paint(frame: Frame, theme: EmbedTheme) {
  frame.theme = theme;
  // Same color-scheme on the element and in the frame: the browser then keeps the frame's canvas transparent.
  frame.iframe.style.colorScheme = theme;
}

/** Frames still on the page: a single-page host may remove a thread, whose frame is then forgotten. */
function eachFrame(fn: (frame: Frame, win: Window) => void) {
  frames.forEach((frame, win) => (frame.iframe.isConnected ? fn(frame, win) : frames.delete(win)));
}

function syncThemes() {
  eachFrame((frame, win) => {
    const theme = themeOf(frame.el);
    if (theme === frame.theme) return;
    paint(frame, theme);
    if (frame.ready) send(win, { gfw: 1, type: 'theme', theme });
  });
}

function open(el: HTMLElement) {
  const theme = themeOf(el);
  const query = new URLSearchParams({ theme, origin: location.origin });
  // The reader's language: the element's data-lang, else the host page's <html lang>.
  const lang = el.dataset.lang || document.documentElement.lang;
  if (lang) query.set('lang', lang);
  let path = '/embed/comments';
  const postId = el.dataset.postId;
  if (postId) {
    path = `/embed-comment/${encodeURIComponent(postId)}`;
  } else {
    query.set('appId', el.dataset.appId || '');
    query.set('url', el.dataset.url || location.href.split('#')[0] || '');
  }
  const iframe = document.createElement('iframe');
  iframe.title = el.dataset.title || frameTitle(lang);
  iframe.setAttribute('scrolling', 'no');
  // The frame's "Copy link" may use the Clipboard API, which a cross-origin frame gets only when delegated.
  iframe.allow = 'clipboard-write';
  iframe.style.cssText = `display:block;width:100%;border:0;overflow:hidden;height:${el.style.minHeight};background:transparent`;
  iframe.src = `${origin}${path}?${query}`;
  el.appendChild(iframe);
  const frame: Frame = { el, iframe, ready: false, theme, auth: hostAuth !== undefined ? hostAuth : el.dataset.auth || null };
  paint(frame, theme);
  if (iframe.contentWindow) frames.set(iframe.contentWindow, frame);
}

const observer = new IntersectionObserver((entries) => {
  for (const entry of entries) {
    if (!entry.isIntersecting) continue;
    observer.unobserve(entry.target);
    open(entry.target as HTMLElement);
  }
}, { rootMargin: `${MARGIN}px 0px` });

api.scan = () => {
  document.querySelectorAll<HTMLElement>('[data-guffaw-comments]').forEach((el) => {
    if (el.dataset.guffawMounted) return;
    el.dataset.guffawMounted = '1';
    const box = el.getBoundingClientRect();
    // Reserve the space now, so the page does not jump when the frame arrives: never less than the host's own
    // reservation (its CSS applies before this async script runs); a thread in view down to the fold, so the frame's
    // real height pushes down only what the reader cannot see yet.
    const least = Math.max(parseInt(el.dataset.height || '', 10) || 320, Math.ceil(box.height));
    el.style.minHeight = `${Math.max(least, box.top < innerHeight ? Math.ceil(innerHeight - box.top) : 0)}px`;
    // Already near the viewport: open now rather than a frame later, when the observer first reports.
    if (box.top < innerHeight + MARGIN && box.bottom > -MARGIN) open(el);
    else observer.observe(el);
  });
};

api.setAuth = (token) => {
  hostAuth = token;
  eachFrame((frame, win) => {
    frame.auth = token;
    if (frame.ready) send(win, { gfw: 1, type: 'auth', token });
  });
};

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const frame = frames.get(event.source as Window);
  if (!frame || event.origin !== origin || !isFrameMessage(event.data)) return;
  const message = event.data;
  const { el, iframe } = frame;
  switch (message.type) {
    case 'ready':
    case 'resize':
      if (message.type === 'ready') {
        frame.ready = true;
        send(event.source as Window, { gfw: 1, type: 'theme', theme: frame.theme });
        if (frame.auth) send(event.source as Window, { gfw: 1, type: 'auth', token: frame.auth });
      }
      iframe.style.height = `${message.height}px`;
      // The frame's own height from now on: the reservation, the host's CSS one too, gives way.
      el.style.minHeight = '0px';
      break;
    case 'login-request': {
      const named = el.dataset.onLogin ? (window as unknown as Record<string, unknown>)[el.dataset.onLogin] : null;
      const handler = typeof named === 'function' ? named : window.GuffawComments?.onLogin;
      const url = el.dataset.url || location.href;
      // The product's own threads log in through the product's popup, opened by the frame itself.
      if (typeof handler === 'function') handler({ appId: el.dataset.appId || '', url, element: el });
      else console.warn('Guffaw: a visitor asked to log in; give window.GuffawComments.onLogin or data-on-login, then call setAuth(token).');
      break;
    }
    case 'navigate':
      location.assign(message.url);
      break;
    case 'count': {
      // Only the frame's own app's links: a thread of the product's posts (data-post-id) is its own app's, 'guffaw'.
      if (message.appId !== (el.dataset.appId || (el.dataset.postId ? 'guffaw' : ''))) break;
      // The host names its thread by its own url, the frame by the canonical one: links by either are this thread's.
      const urls = new Set([message.url, el.dataset.url].filter(Boolean));
      document.querySelectorAll<HTMLElement>('[data-guffaw-count]').forEach((link) => {
        if ((link.dataset.appId || 'guffaw') === message.appId && urls.has(link.dataset.url)) link.textContent = message.label;
      });
    }
  }
});

new MutationObserver(syncThemes).observe(document.documentElement, { attributes: true, subtree: true, attributeFilter: ['data-theme', 'class'] });
darkQuery.addEventListener('change', syncThemes);

// Threads already parsed open now (the frame is the slowest part of the page to arrive); the rest at DOMContentLoaded.
api.scan();
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', api.scan);
