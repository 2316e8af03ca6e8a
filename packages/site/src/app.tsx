import { useEffect } from 'react';
import { routes } from './routes';
import { RouterProvider } from './router';
import { Shell } from './shell/shell';
import { startThemeSync } from './theme/theme';

export function App() {
  useEffect(() => startThemeSync(), []);
  return (
    <RouterProvider routes={routes}>
      <Shell />
    </RouterProvider>
  );
}
