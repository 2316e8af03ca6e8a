import { useEffect } from 'react';
import { routes } from './routes';
import { RouterProvider } from './router';
import { Shell } from './shell/shell';
import { startShell } from './shell/startup';

export function App() {
  useEffect(() => startShell(), []);
  return (
    <RouterProvider routes={routes}>
      <Shell />
    </RouterProvider>
  );
}
