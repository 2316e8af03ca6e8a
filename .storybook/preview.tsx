import type { Decorator, Loader, Preview } from '@storybook/react-vite';
import type { RequestHandler } from 'msw';
import { setupWorker } from 'msw/browser';
import '../packages/site/src/theme/global.css';

/**
 * MSW in the browser: a story lists its handlers (often from @guffaw/test-utils) in `parameters.msw.handlers`;
 * they replace the previous story's. Requests no handler answers go to the network as usual.
 */
const worker = setupWorker();
let started: Promise<unknown> | null = null;

const mswLoader: Loader = async ({ parameters }) => {
  started ??= worker.start({ onUnhandledRequest: 'bypass', quiet: true, serviceWorker: { url: './mockServiceWorker.js' } });
  await started;
  const handlers = ((parameters.msw as { handlers?: RequestHandler[] } | undefined)?.handlers ?? []).flat();
  worker.resetHandlers(...handlers);
};

/** The toolbar's theme switch sets the same <html data-theme> the site's inline script sets. */
const withTheme: Decorator = (Story, { globals }) => {
  const theme = globals.theme === 'dark' ? 'dark' : 'light';
  document.documentElement.setAttribute('data-theme', theme);
  document.documentElement.style.colorScheme = theme;
  return <Story />;
};

const preview: Preview = {
  loaders: [mswLoader],
  decorators: [withTheme],
  globalTypes: {
    theme: {
      description: 'Colour theme',
      toolbar: { title: 'Theme', icon: 'mirror', items: ['light', 'dark'], dynamicTitle: true },
    },
  },
  initialGlobals: { theme: 'light' },
  parameters: { layout: 'fullscreen' },
};

export default preview;
