import { createContext, Suspense, useContext, useMemo, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { getLocation, getServerLocation, subscribeLocation, type Location } from './history';
import { matchPath, type RouteParams } from './match';

/** How much of the shell a route shows: all of it, everything but the drawer (upload), or nothing (embeds). */
export type Chrome = 'full' | 'no-drawer' | 'none';

export type RouteProps = { params: RouteParams };

export type RouteDefinition = {
  /** A stable name, used for tracking and page keys (shell-and-account.md §2: route names). */
  name: string;
  path: string;
  component: ComponentType<RouteProps>;
  chrome?: Chrome;
};

export type RouteMatch = { route: RouteDefinition; params: RouteParams };

/** The first route of the table whose pattern matches; tables end with a `*` route for pages not found. */
export function matchRoute(routes: readonly RouteDefinition[], pathname: string): RouteMatch | null {
  for (const route of routes) {
    const params = matchPath(route.path, pathname);
    if (params) return { route, params };
  }
  return null;
}

type RouterValue = { location: Location; match: RouteMatch | null };
const RouterContext = createContext<RouterValue | null>(null);
/** The address a server render is for (entry-server.tsx gives each render its request's); null in the browser. */
const RenderLocationContext = createContext<Location | null>(null);

function useLocationOf(rendered: Location | null): Location {
  return useSyncExternalStore(subscribeLocation, getLocation, rendered ? () => rendered : getServerLocation);
}

export function useLocation(): Location {
  return useLocationOf(useContext(RenderLocationContext));
}

/** `location` is a server render's address; the browser leaves it out and follows its own. */
export function RouterProvider({ routes, location: rendered = null, children }: { routes: readonly RouteDefinition[]; location?: Location | null; children: ReactNode }) {
  const location = useLocationOf(rendered);
  const match = useMemo(() => matchRoute(routes, location.pathname), [routes, location.pathname]);
  const value = useMemo(() => ({ location, match }), [location, match]);
  return (
    <RenderLocationContext.Provider value={rendered}>
      <RouterContext.Provider value={value}>{children}</RouterContext.Provider>
    </RenderLocationContext.Provider>
  );
}

function useRouter(): RouterValue {
  const value = useContext(RouterContext);
  if (!value) throw new Error('useRouter needs a RouterProvider above it');
  return value;
}

export const useRouteMatch = (): RouteMatch | null => useRouter().match;

export function useSearchParam(name: string): string | null {
  const { search } = useRouter().location;
  return useMemo(() => new URLSearchParams(search).get(name), [search, name]);
}

/** Renders the matched route's component; lazy pages show `fallback` while their chunk loads. */
export function RouteOutlet({ fallback = null }: { fallback?: ReactNode }) {
  const { match, location } = useRouter();
  if (!match) return null;
  const Page = match.route.component;
  return (
    <Suspense fallback={fallback}>
      <Page key={match.route.name + location.pathname} params={match.params} />
    </Suspense>
  );
}
