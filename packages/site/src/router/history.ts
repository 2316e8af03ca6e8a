/**
 * The browser location as an external store: a tiny history-API router of our own instead of a library, because the
 * site needs only path patterns, links and a route-change signal (drawer closing, tooltips, page keys), and keeping the
 * home route under its 120 KB budget matters more than nested layouts or data loaders.
 */
export type Location = { pathname: string; search: string; hash: string };
export type NavigateOptions = { replace?: boolean; state?: unknown; scroll?: boolean };

type Listener = () => void;
const listeners = new Set<Listener>();
let current: Location = read();

function read(): Location {
  if (typeof window === 'undefined') return { pathname: '/', search: '', hash: '' };
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash };
}

function emit(): void {
  const next = read();
  if (next.pathname === current.pathname && next.search === current.search && next.hash === current.hash) return;
  current = next;
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') window.addEventListener('popstate', emit);

export const getLocation = (): Location => current;

/**
 * The location a server render and the hydration that follows agree on, in the browser: the current address without
 * its hash, which the server never sees. React hydrates with it, then re-renders once with the hash (tabs kept in the
 * hash). A server render is given its request's address instead (RouterProvider's `location`).
 */
let hydrationLocation: Location | null = null;
export function getServerLocation(): Location {
  if (current.hash === '') return current;
  if (hydrationLocation?.pathname !== current.pathname || hydrationLocation.search !== current.search) {
    hydrationLocation = { pathname: current.pathname, search: current.search, hash: '' };
  }
  return hydrationLocation;
}

export function subscribeLocation(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Pushes (or replaces) a same-origin URL; anything on another origin is a full page load. */
export function navigate(to: string, options: NavigateOptions = {}): void {
  const url = new URL(to, window.location.href);
  if (url.origin !== window.location.origin) {
    window.location.assign(url.href);
    return;
  }
  const target = url.pathname + url.search + url.hash;
  const samePage = url.pathname === current.pathname && url.search === current.search;
  if (options.replace) window.history.replaceState(options.state ?? null, '', target);
  else window.history.pushState(options.state ?? null, '', target);
  emit();
  if (options.scroll !== false && !samePage && !url.hash) window.scrollTo(0, 0);
}

/** Re-reads the location after something outside the router changed it (tests, a replaced query). */
export const syncLocation = (): void => emit();
