import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FrameMessage } from './protocol.js';

/**
 * /embed.js runs once as a classic script: each test loads a fresh copy with `document.currentScript` pointing at the
 * comment service, IntersectionObserver and matchMedia stubbed (jsdom has neither), and element boxes set by hand
 * (jsdom lays nothing out).
 */
const SERVICE = 'https://comments.example';
const HOST = location.origin;

type GuffawApi = { onLogin?: (detail: { appId: string; url: string; element: HTMLElement }) => void; setAuth(token: string | null): void; scan(): void };

class FakeIntersectionObserver {
  static all: FakeIntersectionObserver[] = [];
  readonly targets = new Set<Element>();
  constructor(readonly callback: IntersectionObserverCallback, readonly options: IntersectionObserverInit = {}) {
    FakeIntersectionObserver.all.push(this);
  }
  observe(el: Element) {
    this.targets.add(el);
  }
  unobserve(el: Element) {
    this.targets.delete(el);
  }
  disconnect() {
    this.targets.clear();
  }
  /** What the browser does when an observed element crosses the (margin-grown) viewport. */
  report(el: Element, isIntersecting: boolean) {
    this.callback([{ target: el, isIntersecting } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
}

/** The OS colour scheme, as matchMedia('(prefers-color-scheme: dark)') reports it. */
const os = {
  dark: false,
  listeners: new Set<() => void>(),
  set(dark: boolean) {
    this.dark = dark;
    this.listeners.forEach((listener) => listener());
  },
};

function stubMatchMedia() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    media: query,
    get matches() {
      return os.dark;
    },
    addEventListener: (_type: string, listener: () => void) => os.listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => os.listeners.delete(listener),
  }));
}

const api = () => window.GuffawComments as GuffawApi;
const frameOf = (el: Element) => el.querySelector('iframe') as HTMLIFrameElement;

/** Sets the page, lets `arrange` place elements (their boxes), then runs a fresh loader as if from SERVICE/embed.js. */
async function loadLoader(html: string, arrange: () => void = () => undefined) {
  document.body.innerHTML = html;
  arrange();
  const script = document.createElement('script');
  script.src = `${SERVICE}/embed.js`;
  Object.defineProperty(document, 'currentScript', { configurable: true, get: () => script });
  try {
    vi.resetModules();
    await import('./loader.js');
  } finally {
    delete (document as { currentScript?: unknown }).currentScript;
  }
  return api();
}

/** A thread's box on the page (jsdom puts everything at 0). */
function placeAt(selector: string, top: number, height = 0) {
  const el = document.querySelector(selector) as HTMLElement;
  vi.spyOn(el, 'getBoundingClientRect').mockReturnValue({ top, bottom: top + height, left: 0, right: 800, width: 800, height, x: 0, y: top, toJSON: () => ({}) } as DOMRect);
}

/** A message as the browser delivers it to the host: from `source`, at `origin`. */
function deliver(data: unknown, source: Window | null, origin = SERVICE) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
}
const fromFrame = (iframe: HTMLIFrameElement, data: FrameMessage) => deliver(data, iframe.contentWindow);

/** Messages the loader sent to a frame's window, with their target origin. */
function postsTo(iframe: HTMLIFrameElement) {
  return vi.spyOn(iframe.contentWindow as Window, 'postMessage') as unknown as { mock: { calls: [unknown, string][] } };
}

const THREAD = '<div id="t" data-guffaw-comments data-app-id="example" data-url="https://host.example/article"></div>';
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  FakeIntersectionObserver.all = [];
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  os.dark = false;
  os.listeners.clear();
  stubMatchMedia();
  delete window.GuffawComments;
  document.documentElement.removeAttribute('data-theme');
  document.documentElement.className = '';
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('/embed.js: the frame', () => {
  it('turns a thread into a frame of the comment service for its app and page, told the host origin and theme', async () => {
    await loadLoader(THREAD);
    const iframe = frameOf(document.getElementById('t')!);
    const src = new URL(iframe.src);
    expect(src.origin + src.pathname).toBe(`${SERVICE}/embed/comments`);
    expect(Object.fromEntries(src.searchParams)).toEqual({ theme: 'light', origin: HOST, appId: 'example', url: 'https://host.example/article' });
    expect(iframe.title).toBe('Comments');
    expect(iframe.getAttribute('scrolling')).toBe('no');
    // "Copy link" in the frame: the Clipboard API is delegated to it.
    expect(iframe.allow).toBe('clipboard-write');
    expect(iframe.style.overflow).toBe('hidden');
    expect(iframe.style.colorScheme).toBe('light');
    expect(iframe.style.backgroundColor).toBe('transparent');
  });

  it("tells the frame the reader's language (the thread's data-lang, else the page's <html lang>) and titles it in it", async () => {
    document.documentElement.lang = 'de-AT';
    await loadLoader('<div id="a" data-guffaw-comments data-post-id="p1" data-lang="ar"></div><div id="b" data-guffaw-comments data-post-id="p2"></div>'
      + '<div id="c" data-guffaw-comments data-post-id="p3" data-lang="es-MX"></div><div id="d" data-guffaw-comments data-post-id="p4" data-lang="es" data-title="Opiniones"></div>');
    expect(new URL(frameOf(document.getElementById('a')!).src).searchParams.get('lang')).toBe('ar');
    expect(new URL(frameOf(document.getElementById('b')!).src).searchParams.get('lang')).toBe('de-AT');
    expect(['a', 'b', 'c', 'd'].map((id) => frameOf(document.getElementById(id)!).title)).toEqual(['التعليقات', 'Kommentare', 'Comentarios', 'Opiniones']);
    document.documentElement.removeAttribute('lang');
  });

  it('a product post opens /embed-comment/{postId}; a thread without data-url is this page, without its fragment', async () => {
    await loadLoader('<div id="p" data-guffaw-comments data-post-id="a/b 1"></div><div id="q" data-guffaw-comments data-app-id="example"></div>');
    const post = new URL(frameOf(document.getElementById('p')!).src);
    expect(post.pathname).toBe('/embed-comment/a%2Fb%201');
    expect(post.searchParams.has('appId')).toBe(false);
    const page = new URL(frameOf(document.getElementById('q')!).src);
    expect(page.searchParams.get('url')).toBe(location.href.split('#')[0]);
  });

  it('each thread is mounted once, however often scan() runs', async () => {
    await loadLoader(THREAD);
    api().scan();
    api().scan();
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
  });
});

describe('/embed.js: reserved height', () => {
  it('a thread in view reserves space down to the bottom of the viewport, at least data-height or 320 px', async () => {
    await loadLoader(`${THREAD}<div id="tall" data-guffaw-comments data-app-id="example" data-height="2000"></div><div id="low" data-guffaw-comments data-app-id="example"></div>`, () => {
      placeAt('#t', 200);
      placeAt('#tall', 300);
      placeAt('#low', innerHeight - 100);
    });
    const t = document.getElementById('t')!;
    expect(t.style.minHeight).toBe(`${innerHeight - 200}px`);
    expect(frameOf(t).style.height).toBe(`${innerHeight - 200}px`);
    expect(document.getElementById('tall')!.style.minHeight).toBe('2000px');
    expect(document.getElementById('low')!.style.minHeight).toBe('320px');
  });

  it('never less than the space the host\'s own CSS already reserved', async () => {
    await loadLoader(THREAD, () => placeAt('#t', 100, 1500));
    expect(document.getElementById('t')!.style.minHeight).toBe('1500px');
  });

  it('a thread below the fold reserves data-height (or 320 px) only', async () => {
    await loadLoader('<div id="t" data-guffaw-comments data-app-id="example" data-height="480"></div><div id="u" data-guffaw-comments data-app-id="example"></div>', () => {
      placeAt('#t', innerHeight + 50);
      placeAt('#u', innerHeight + 5000);
    });
    expect(document.getElementById('t')!.style.minHeight).toBe('480px');
    expect(document.getElementById('u')!.style.minHeight).toBe('320px');
  });

  it('the frame takes the height it reports and the reservation goes; a later resize follows the content', async () => {
    await loadLoader(THREAD, () => placeAt('#t', 100));
    const t = document.getElementById('t')!;
    const iframe = frameOf(t);
    fromFrame(iframe, { gfw: 1, type: 'ready', height: 1400 });
    expect(iframe.style.height).toBe('1400px');
    expect(t.style.minHeight).toBe('0px');
    fromFrame(iframe, { gfw: 1, type: 'resize', height: 610 });
    expect(iframe.style.height).toBe('610px');
  });
});

describe('/embed.js: lazy creation', () => {
  it('a thread far below the fold gets its frame only when it nears the viewport (600 px ahead)', async () => {
    await loadLoader(THREAD, () => placeAt('#t', innerHeight + 5000));
    const t = document.getElementById('t')!;
    expect(frameOf(t)).toBeNull();
    const observer = FakeIntersectionObserver.all.find((o) => o.targets.has(t));
    expect(observer?.options.rootMargin).toBe('600px 0px');
    observer!.report(t, false);
    expect(frameOf(t)).toBeNull();
    observer!.report(t, true);
    expect(frameOf(t)).not.toBeNull();
    expect(observer!.targets.has(t)).toBe(false);
  });

  it('a thread within 600 px below the fold opens at once, without waiting for the observer', async () => {
    await loadLoader(THREAD, () => placeAt('#t', innerHeight + 550));
    expect(frameOf(document.getElementById('t')!)).not.toBeNull();
    expect(FakeIntersectionObserver.all.every((o) => o.targets.size === 0)).toBe(true);
  });

  it('a thread added later opens on scan()', async () => {
    await loadLoader('<main></main>');
    document.querySelector('main')!.innerHTML = THREAD;
    api().scan();
    expect(frameOf(document.getElementById('t')!)).not.toBeNull();
  });
});

describe('/embed.js: messages are read only from its own frames, at the comment service origin', () => {
  it('ignores a resize from another origin, from another window, or not of the protocol', async () => {
    await loadLoader(`${THREAD}<iframe id="other"></iframe>`);
    const iframe = frameOf(document.getElementById('t')!);
    const before = iframe.style.height;
    const other = (document.getElementById('other') as HTMLIFrameElement).contentWindow;
    deliver({ gfw: 1, type: 'resize', height: 55 }, iframe.contentWindow, 'https://evil.example');
    deliver({ gfw: 1, type: 'resize', height: 55 }, iframe.contentWindow, HOST);
    deliver({ gfw: 1, type: 'resize', height: 55 }, other);
    deliver({ gfw: 1, type: 'resize', height: 55 }, window);
    deliver({ gfw: 1, type: 'resize', height: 55 }, null);
    deliver({ type: 'resize', height: 55 }, iframe.contentWindow);
    deliver({ gfw: 1, type: 'resize', height: 10_000_000 }, iframe.contentWindow);
    deliver({ gfw: 1, type: 'resize', height: -5 }, iframe.contentWindow);
    expect(iframe.style.height).toBe(before);
    deliver({ gfw: 1, type: 'resize', height: 55 }, iframe.contentWindow);
    expect(iframe.style.height).toBe('55px');
  });

  it('two threads: each frame sizes only itself', async () => {
    await loadLoader(`${THREAD}<div id="u" data-guffaw-comments data-app-id="example" data-url="https://host.example/other"></div>`);
    const a = frameOf(document.getElementById('t')!);
    const b = frameOf(document.getElementById('u')!);
    fromFrame(b, { gfw: 1, type: 'resize', height: 700 });
    expect(b.style.height).toBe('700px');
    expect(a.style.height).not.toBe('700px');
  });

  it('a login request from a foreign origin or window reaches no one; from the frame it calls the host', async () => {
    const onLogin = vi.fn();
    await loadLoader(THREAD);
    api().onLogin = onLogin;
    const iframe = frameOf(document.getElementById('t')!);
    deliver({ gfw: 1, type: 'login-request' }, iframe.contentWindow, 'https://evil.example');
    deliver({ gfw: 1, type: 'login-request' }, window);
    expect(onLogin).not.toHaveBeenCalled();
    fromFrame(iframe, { gfw: 1, type: 'login-request' });
    expect(onLogin).toHaveBeenCalledWith({ appId: 'example', url: 'https://host.example/article', element: document.getElementById('t') });
  });

  it('data-on-login names the host function to call, ahead of GuffawComments.onLogin', async () => {
    const named = vi.fn();
    const general = vi.fn();
    vi.stubGlobal('hostLogin', named);
    await loadLoader('<div id="t" data-guffaw-comments data-app-id="example" data-url="https://host.example/a" data-on-login="hostLogin"></div>');
    api().onLogin = general;
    fromFrame(frameOf(document.getElementById('t')!), { gfw: 1, type: 'login-request' });
    expect(named).toHaveBeenCalledOnce();
    expect(general).not.toHaveBeenCalled();
  });

  it('a login request with no handler warns the site owner what to add', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await loadLoader(THREAD);
    fromFrame(frameOf(document.getElementById('t')!), { gfw: 1, type: 'login-request' });
    expect(warn.mock.calls[0]?.[0]).toMatch(/GuffawComments\.onLogin or data-on-login/);
  });
});

describe('/embed.js: count links follow their thread', () => {
  const LINKS = '<a id="c1" data-guffaw-count data-app-id="example" data-url="https://host.example/article">0 comments</a>'
    + '<a id="c2" data-guffaw-count data-app-id="example" data-url="https://host.example/other">4 comments</a>'
    + '<a id="c3" data-guffaw-count data-app-id="another" data-url="https://host.example/article">9 comments</a>'
    + '<a id="c4" data-guffaw-count data-app-id="example">2 comments</a>';
  const text = (id: string) => document.getElementById(id)?.textContent;

  it("the frame's count updates the links of its own app and thread, and no other", async () => {
    await loadLoader(`${THREAD}${LINKS}`);
    const iframe = frameOf(document.getElementById('t')!);
    fromFrame(iframe, { gfw: 1, type: 'count', appId: 'example', url: 'https://host.example/article', count: 1, label: '1 comment' });
    expect([text('c1'), text('c2'), text('c3'), text('c4')]).toEqual(['1 comment', '4 comments', '9 comments', '2 comments']);
    fromFrame(iframe, { gfw: 1, type: 'count', appId: 'example', url: 'https://host.example/article', count: 12, label: '12 comments' });
    expect(text('c1')).toBe('12 comments');
  });

  it("a link naming the thread by the host's url follows the frame's canonical one; a post's thread is the product's app", async () => {
    await loadLoader('<div id="t" data-guffaw-comments data-app-id="example" data-url="https://host.example/article?utm=x"></div>'
      + '<a id="h" data-guffaw-count data-app-id="example" data-url="https://host.example/article?utm=x">0 comments</a>'
      + '<div id="p" data-guffaw-comments data-post-id="a1"></div>'
      + '<a id="pc" data-guffaw-count data-url="https://guffaw.example/gag/a1">3 comments</a>');
    fromFrame(frameOf(document.getElementById('t')!), { gfw: 1, type: 'count', appId: 'example', url: 'https://host.example/article', count: 2, label: '2 comments' });
    expect(text('h')).toBe('2 comments');
    fromFrame(frameOf(document.getElementById('p')!), { gfw: 1, type: 'count', appId: 'guffaw', url: 'https://guffaw.example/gag/a1', count: 4, label: '4 comments' });
    expect(text('pc')).toBe('4 comments');
  });

  it('a count from a foreign origin or window, or for another app than the frame\'s, changes nothing', async () => {
    await loadLoader(`${THREAD}${LINKS}`);
    const iframe = frameOf(document.getElementById('t')!);
    const message = { gfw: 1, type: 'count', appId: 'example', url: 'https://host.example/article', count: 5, label: '5 comments' };
    deliver(message, iframe.contentWindow, 'https://evil.example');
    deliver(message, window);
    fromFrame(iframe, { ...message, appId: 'another' } as FrameMessage);
    fromFrame(iframe, { ...message, count: -1 } as FrameMessage);
    expect([text('c1'), text('c3')]).toEqual(['0 comments', '9 comments']);
  });
});

describe('/embed.js: what it tells the frame, to the comment service origin only', () => {
  it('on ready, the theme and the thread\'s data-auth token', async () => {
    await loadLoader('<div id="t" data-guffaw-comments data-app-id="example" data-url="https://host.example/a" data-auth="host.signed.token"></div>');
    const iframe = frameOf(document.getElementById('t')!);
    const posts = postsTo(iframe);
    fromFrame(iframe, { gfw: 1, type: 'ready', height: 500 });
    expect(posts.mock.calls).toEqual([
      [{ gfw: 1, type: 'theme', theme: 'light' }, SERVICE],
      [{ gfw: 1, type: 'auth', token: 'host.signed.token' }, SERVICE],
    ]);
  });

  it('setAuth reaches frames that are ready, and frames that open later get it on ready', async () => {
    await loadLoader(THREAD, () => placeAt('#t', 0));
    const iframe = frameOf(document.getElementById('t')!);
    const posts = postsTo(iframe);
    api().setAuth('before-ready');
    expect(posts.mock.calls).toEqual([]);
    fromFrame(iframe, { gfw: 1, type: 'ready', height: 500 });
    expect(posts.mock.calls).toContainEqual([{ gfw: 1, type: 'auth', token: 'before-ready' }, SERVICE]);
    api().setAuth(null);
    expect(posts.mock.calls.at(-1)).toEqual([{ gfw: 1, type: 'auth', token: null }, SERVICE]);

    document.body.insertAdjacentHTML('beforeend', '<div id="u" data-guffaw-comments data-app-id="example" data-url="https://host.example/b" data-auth="stale"></div>');
    api().setAuth('later');
    api().scan();
    const late = frameOf(document.getElementById('u')!);
    const latePosts = postsTo(late);
    fromFrame(late, { gfw: 1, type: 'ready', height: 400 });
    expect(latePosts.mock.calls).toContainEqual([{ gfw: 1, type: 'auth', token: 'later' }, SERVICE]);
  });
});

describe('/embed.js: theme', () => {
  const themeOfFrame = (selector = '#t') => new URL(frameOf(document.querySelector(selector)!).src).searchParams.get('theme');

  it('follows the OS when neither the thread nor the host says', async () => {
    os.dark = true;
    await loadLoader(THREAD);
    expect(themeOfFrame()).toBe('dark');
    expect(frameOf(document.getElementById('t')!).style.colorScheme).toBe('dark');
  });

  it('follows the host\'s <html data-theme>, or its class "dark", ahead of the OS', async () => {
    os.dark = true;
    document.documentElement.dataset.theme = 'light';
    await loadLoader(THREAD);
    expect(themeOfFrame()).toBe('light');

    document.documentElement.removeAttribute('data-theme');
    document.documentElement.className = 'page dark';
    os.dark = false;
    await loadLoader(THREAD);
    expect(themeOfFrame()).toBe('dark');
  });

  it('data-theme on the thread wins over the host; data-theme="system" follows the OS whatever the host says', async () => {
    document.documentElement.dataset.theme = 'dark';
    os.dark = true;
    await loadLoader('<div id="t" data-guffaw-comments data-app-id="example" data-theme="light"></div><div id="s" data-guffaw-comments data-app-id="example" data-theme="system"></div>');
    expect(themeOfFrame('#t')).toBe('light');
    expect(themeOfFrame('#s')).toBe('dark');

    document.documentElement.dataset.theme = 'dark';
    os.dark = false;
    await loadLoader('<div id="s" data-guffaw-comments data-app-id="example" data-theme="system"></div>');
    expect(themeOfFrame('#s')).toBe('light');
  });

  it('a theme switch on the host reaches ready frames, and paints the frame element at once', async () => {
    await loadLoader(THREAD);
    const iframe = frameOf(document.getElementById('t')!);
    const posts = postsTo(iframe);
    fromFrame(iframe, { gfw: 1, type: 'ready', height: 500 });
    posts.mock.calls.length = 0;
    document.documentElement.dataset.theme = 'dark';
    await settle();
    expect(iframe.style.colorScheme).toBe('dark');
    expect(posts.mock.calls).toEqual([[{ gfw: 1, type: 'theme', theme: 'dark' }, SERVICE]]);
    document.documentElement.removeAttribute('data-theme');
    document.documentElement.classList.add('dark');
    await settle();
    // Still dark: no message for a change that changes nothing.
    expect(posts.mock.calls).toHaveLength(1);
    document.documentElement.classList.remove('dark');
    await settle();
    expect(posts.mock.calls.at(-1)).toEqual([{ gfw: 1, type: 'theme', theme: 'light' }, SERVICE]);
  });

  it('data-theme changed on the thread itself, and the OS switching under "system", reach the frame', async () => {
    await loadLoader('<div id="t" data-guffaw-comments data-app-id="example" data-theme="system"></div>');
    const t = document.getElementById('t')!;
    const iframe = frameOf(t);
    const posts = postsTo(iframe);
    fromFrame(iframe, { gfw: 1, type: 'ready', height: 500 });
    posts.mock.calls.length = 0;
    os.set(true);
    expect(posts.mock.calls).toEqual([[{ gfw: 1, type: 'theme', theme: 'dark' }, SERVICE]]);
    t.dataset.theme = 'light';
    await settle();
    expect(posts.mock.calls.at(-1)).toEqual([{ gfw: 1, type: 'theme', theme: 'light' }, SERVICE]);
  });

  it('a frame not ready yet is not sent the theme; it gets the current one when it is', async () => {
    await loadLoader(THREAD);
    const iframe = frameOf(document.getElementById('t')!);
    const posts = postsTo(iframe);
    document.documentElement.dataset.theme = 'dark';
    await settle();
    expect(posts.mock.calls).toEqual([]);
    expect(iframe.style.colorScheme).toBe('dark');
    fromFrame(iframe, { gfw: 1, type: 'ready', height: 500 });
    expect(posts.mock.calls[0]).toEqual([{ gfw: 1, type: 'theme', theme: 'dark' }, SERVICE]);
  });
});
