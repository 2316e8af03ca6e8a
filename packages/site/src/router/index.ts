export {
  getLocation, getServerLocation, navigate, subscribeLocation, syncLocation, type Location, type NavigateOptions,
} from './history';
export { isVisitorPage, markVisitorPage, preloadComponent, preloadRoute, useHydrated } from './ssr';
export { Link, type LinkProps } from './link';
export { matchPath, type RouteParams } from './match';
export {
  matchRoute, RouteOutlet, RouterProvider, useLocation, useRouteMatch, useSearchParam,
  type Chrome, type RouteDefinition, type RouteMatch, type RouteProps,
} from './router';
