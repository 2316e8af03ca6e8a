import type { Loader, Preview } from '@storybook/react-vite';
import { setupWorker } from 'msw/browser';
import { handlersOf, storyGlobals } from '../packages/comments-widget/src/test/story-kit-globals.js';
import '../packages/site/src/theme/global.css';

/**
 * MSW in the browser: a story lists its handlers (often from @guffaw/test-utils) in `parameters.msw.handlers`, or
 * gives a StoryService that makes them afresh, so each load starts from the story's data; they replace the previous
 * story's. Requests no handler answers go to the network as usual (the media under ./public among them).
 */
const worker = setupWorker();
let started: Promise<unknown> | null = null;

const mswLoader: Loader = async ({ parameters }) => {
  started ??= worker.start({ onUnhandledRequest: 'bypass', quiet: true, serviceWorker: { url: './mockServiceWorker.js' } });
  await started;
  worker.resetHandlers(...handlersOf(parameters));
};

/** The toolbar's theme (on <html data-theme>, as the site sets it) and the widget's language (story-kit-globals). */
const preview: Preview = {
  ...storyGlobals,
  loaders: [mswLoader, ...storyGlobals.loaders],
  parameters: { layout: 'fullscreen' },
};

export default preview;
