import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createSiteTracker, SiteTrackerContext } from './analytics';
import { App } from './app';
import { loadSiteConfig, SiteConfigContext } from './config';
import type { SsrState } from './entry-server';
import { postListStore } from './feed/post-store';
import type { Post } from './feed/post-types';
import { markVisitorPage, preloadRoute } from './router';
import { routes } from './routes';
import { selectIsLoggedIn, userStore } from './user/user-store';
import './theme/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');

/** The server's page data (server modules/site), or null for the plain SPA page. */
function readSsrState(): SsrState | null {
  const text = document.getElementById('guffaw-ssr')?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as SsrState;
  } catch {
    return null;
  }
}

/** Resolves in the task after the next frame (or after 100 ms where frames are paused, as in a background tab). */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 100);
    requestAnimationFrame(() => {
      clearTimeout(timer);
      setTimeout(resolve, 0);
    });
  });
}

// The page's config, read once, and the tracker that sends where it says: the app's for as long as the page lives.
const config = loadSiteConfig();
const tracker = createSiteTracker(config.analyticsUrl);
const app = (
  <StrictMode>
    <SiteConfigContext.Provider value={config}>
      <SiteTrackerContext.Provider value={tracker}>
        <App />
      </SiteTrackerContext.Provider>
    </SiteConfigContext.Provider>
  </StrictMode>
);
const ssr = readSsrState();
// The server renders for a visitor: a browser that remembers a member paints signed-in, so it renders afresh.
if (ssr?.hydrate && container.firstElementChild && !selectIsLoggedIn(userStore.getState())) {
  markVisitorPage();
  const posts: Record<string, Post> = {};
  for (const post of ssr.posts) posts[post.id] = post;
  const lists = ssr.list ? { [ssr.list.key]: { ids: ssr.list.ids, after: ssr.list.after, loading: false, loaded: true, error: null } } : {};
  postListStore.setState({ posts, lists });
  // zustand's useStore hydrates from getInitialState() (its server snapshot): the server rendered this state.
  const seeded = postListStore.getState();
  postListStore.getInitialState = () => seeded;
  // The page's chunk is already requested (modulepreload); hydrating before it settles would suspend. Hydration
  // waits for the server HTML's first frame too, so the page (and its picture) paints before the app's work.
  void preloadRoute(routes, window.location.pathname)
    .catch(() => undefined)
    .then(afterFirstPaint)
    .then(() => hydrateRoot(container, app));
} else {
  createRoot(container).render(app);
}
