import { afterEach, beforeEach, vi } from 'vitest';
import type { FrameMessage } from '../embed/protocol.js';

/**
 * A host page for /embed.js's tests (embed/loader*.test.ts). The loader runs once as a classic script: each test loads
 * a fresh copy with `document.currentScript` pointing at the comment service, IntersectionObserver and matchMedia
 * stubbed (jsdom has neither), and element boxes set by hand (jsdom lays nothing out).
 */
export const SERVICE = 'https://comments.example';
export const HOST = location.origin;

export type GuffawApi = { onLogin?: (detail: { appId: string; url: string; element: HTMLElement }) => void; setAuth(token: string | null): void; scan(): void };

export class FakeIntersectionObserver {
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
export const os = {
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

export const api = () => window.GuffawComments as GuffawApi;
export const frameOf = (el: Element) => el.querySelector('iframe') as HTMLIFrameElement;

/** Sets the page, lets `arrange` place elements (their boxes), then runs a fresh loader as if from SERVICE/embed.js. */
export async function loadLoader(html: string, arrange: () => void = () => undefined) {
  document.body.innerHTML = html;
  arrange();
  const script = document.createElement('script');
  script.src = `${SERVICE}/embed.js`;
  Object.defineProperty(document, 'currentScript', { configurable: true, get: () => script });
  try {
    vi.resetModules();
    await import('../embed/loader.js');
  } finally {
    delete (document as { currentScript?: unknown }).currentScript;
  }
  return api();
}

/** A thread's box on the page (jsdom puts everything at 0). */
export function placeAt(selector: string, top: number, height = 0) {
  const el = document.querySelector(selector) as HTMLElement;
  vi.spyOn(el, 'getBoundingClientRect').mockReturnValue({ top, bottom: top + height, left: 0, right: 800, width: 800, height, x: 0, y: top, toJSON: () => ({}) } as DOMRect);
}

/** A message as the browser delivers it to the host: from `source`, at `origin`. */
export function deliver(data: unknown, source: Window | null, origin = SERVICE) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
}
export const fromFrame = (iframe: HTMLIFrameElement, data: FrameMessage) => deliver(data, iframe.contentWindow);

/** Messages the loader sent to a frame's window, with their target origin. */
export function postsTo(iframe: HTMLIFrameElement) {
  return vi.spyOn(iframe.contentWindow as Window, 'postMessage') as unknown as { mock: { calls: [unknown, string][] } };
}

export const THREAD = '<div id="t" data-guffaw-comments data-app-id="example" data-url="https://host.example/article"></div>';
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Stubs what jsdom lacks before each test of the calling file and clears the page after it. */
export function stubLoaderPage(): void {
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
}
