import { useSyncExternalStore } from 'react';
import { matchRoute, type RouteDefinition } from './router';

const noSubscribe = () => () => undefined;

/**
 * False on the server and while hydrating server HTML, true afterwards and in every client-only render. A part that
 * only the browser can show (a lazy widget, anything read from the window) renders behind it, so the first client
 * render matches the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
}

type LazyComponent = { $$typeof: symbol; _payload: unknown; _init: (payload: unknown) => unknown };
const LAZY = Symbol.for('react.lazy');
const isLazy = (component: unknown): component is LazyComponent =>
  typeof component === 'object' && component !== null && (component as { $$typeof?: unknown }).$$typeof === LAZY;

/**
 * Loads a `lazy()` page's chunk before rendering, so a server render or a hydration of that page does not suspend
 * (a suspended hydration would throw the server's HTML away). React resolves a lazy component through its `_init`,
 * which throws the pending import until it settles; once settled, renders read the module synchronously.
 */
export async function preloadComponent(component: unknown): Promise<void> {
  if (!isLazy(component)) return;
  for (;;) {
    try {
      component._init(component._payload);
      return;
    } catch (thrown) {
      if (!(thrown && typeof (thrown as PromiseLike<unknown>).then === 'function')) throw thrown;
      await thrown;
    }
  }
}

/** Preloads the page that matches `pathname` in `routes` (see preloadComponent). */
export async function preloadRoute(routes: readonly RouteDefinition[], pathname: string): Promise<void> {
  const match = matchRoute(routes, pathname);
  if (match) await preloadComponent(match.route.component);
}

// A page the server rendered is a visitor's: the server renders for visitors only, and the client hydrates it only
// when it does not remember a member. Until the user is loaded, visitor-only parts (the drawer's sign-up banner)
// render from this, so hydration matches the server and nothing moves when the user arrives.
let visitorPage = typeof document === 'undefined';
export function markVisitorPage(): void {
  visitorPage = true;
}
export const isVisitorPage = (): boolean => visitorPage;
