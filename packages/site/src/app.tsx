import { useEffect } from 'react';
import { useSiteConfig } from './config';
import { routes } from './routes';
import { RouterProvider, type Location, type RouteDefinition } from './router';
import { Shell } from './shell/shell';
import { startShell } from './shell/startup';

/**
 * `routeTable` replaces the site's routes (the server's page for a missing post); `location` is a server render's
 * address (the browser follows its own).
 */
export function App({ routeTable = routes, location = null }: { routeTable?: readonly RouteDefinition[]; location?: Location | null }) {
  const { appName } = useSiteConfig();
  useEffect(() => startShell({ appName }), [appName]);
  return (
    <RouterProvider routes={routeTable} location={location}>
      <Shell />
    </RouterProvider>
  );
}
