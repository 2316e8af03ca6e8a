import { useEffect } from 'react';
import { routes } from './routes';
import { RouterProvider, type RouteDefinition } from './router';
import { Shell } from './shell/shell';
import { startShell } from './shell/startup';

/** `routeTable` replaces the site's routes (the server's page for a missing post). */
export function App({ routeTable = routes }: { routeTable?: readonly RouteDefinition[] }) {
  useEffect(() => startShell(), []);
  return (
    <RouterProvider routes={routeTable}>
      <Shell />
    </RouterProvider>
  );
}
