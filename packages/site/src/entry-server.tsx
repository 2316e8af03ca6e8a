import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { App } from './app';
import { SiteConfigContext, withDefaults, type SiteConfig } from './config';
import { HOME_LIST_TYPES, homeListPath, homePageType, interestListPath, SEARCH_PATH, tagListPath, type HomeListType } from './feed/list-routes';
import { FeedEmpty } from './feed/feed-list';
import { createPostListStore, listKey, PostListContext } from './feed/post-store';
import type { Post } from './feed/post-types';
import { COLLECTION_POSTS_PATH } from './lib/endpoints/posts';
import { matchRoute, preloadComponent, preloadRoute, type RouteDefinition } from './router';
import { routes } from './routes';
import { formatTitle, type NamedPage, type PageType } from './ui/page-title';
import { PageDataContext, type PageData } from './lib/page-data';
import { profileType, userListPath } from './profile/profile-tabs';

/**
 * The server rendering entry (built by `vite build --ssr` into dist/server/, loaded by the server's site module).
 * The server asks `planPage` what a URL needs, fetches that in-process, and calls `renderPage`; the same state goes
 * into the page as JSON, and main.tsx puts it in the stores before hydrating, so both renders see the same data.
 */
/**
 * The page's data, embedded as JSON (`<script type="application/json" id="guffaw-ssr">`) for main.tsx. `hydrate` is
 * false when the client must render afresh (a missing post's page differs from what the post route renders).
 */
export type SsrState = {
  hydrate: boolean;
  posts: Post[];
  list: { key: string; ids: string[]; after: string | null } | null;
  /** What the page was drawn with beside the posts (lib/page-data.ts): the profile, a post's first comments. */
  page?: PageData | null;
};

/** What a page needs from the posts service; null = the page is not rendered on the server (the SPA takes it). */
export type PagePlan =
  | { page: 'post'; postId: string }
  | { page: 'list'; list: 'home'; type: HomeListType; timeframe: string | undefined; key: string }
  | { page: 'list'; list: 'tag'; tag: string; type: 'hot' | 'fresh'; key: string }
  | { page: 'list'; list: 'interest'; interest: string; type: 'hot' | 'fresh' | 'forum'; key: string }
  /** /u/{username}/{likes|posts|comments}: the profile's header and the tab's first page (Saved is its owner's). */
  | { page: 'list'; list: 'user'; username: string; type: 'likes' | 'posts' | 'comments'; key: string }
  | { page: 'list'; list: 'search'; query: string; key: string }
  /** /collection/{postId}: the collection post and the first page of its posts. */
  | { page: 'collection'; postId: string; key: string }
  /** The server found nothing at the address (an unknown user, News while it is off): the not-found page, 404. */
  | { page: 'missing' };

const isHomeType = (value: string): value is HomeListType => (HOME_LIST_TYPES as readonly string[]).includes(value);

export function planPage(pathname: string, search = ''): PagePlan | null {
  const match = matchRoute(routes, pathname);
  if (!match) return null;
  const { params } = match;
  switch (match.route.name) {
    case 'post':
      return params['postId'] ? { page: 'post', postId: params['postId'] } : null;
    case 'home list': {
      // Mirrors feed/feed-page.tsx: the first path segment names the list, '/' is home.
      const first = pathname.split('/').filter(Boolean)[0] ?? 'home';
      const type = isHomeType(first) ? first : 'home';
      const timeframe = params['timeframe'];
      return { page: 'list', list: 'home', type, timeframe, key: homeListPath(type, timeframe) };
    }
    case 'tag list': {
      const tag = params['tag'] ?? '';
      const type = params['type'] === 'fresh' ? 'fresh' : 'hot';
      return { page: 'list', list: 'tag', tag, type, key: tagListPath(tag, type) };
    }
    case 'interest list': {
      const interest = params['interest'] ?? '';
      const type = params['type'] === 'fresh' || params['type'] === 'forum' ? params['type'] : 'hot';
      return { page: 'list', list: 'interest', interest, type, key: interestListPath(interest, type) };
    }
    case 'user list': {
      const username = params['username'] ?? '';
      const type = profileType(params['type']);
      if (!username || type === null || type === 'saved') return null;
      return { page: 'list', list: 'user', username, type, key: listKey(userListPath(username, type)) };
    }
    case 'search list': {
      const query = new URLSearchParams(search).get('query') ?? '';
      return { page: 'list', list: 'search', query, key: listKey(SEARCH_PATH, { query }) };
    }
    case 'collection page': {
      const postId = params['postId'];
      return postId ? { page: 'collection', postId, key: listKey(COLLECTION_POSTS_PATH, { id: postId }) } : null;
    }
    default:
      return null;
  }
}

/** The source module of each lazy page the server renders: the server links its chunk and CSS from Vite's manifest. */
const ROUTE_MODULES: Record<string, string> = {
  post: 'src/post/post-page.tsx',
  'user list': 'src/profile/profile-page.tsx',
  'collection page': 'src/collection/collection-page.tsx',
  'search list': 'src/feed/list-parts.ts',
};
/**
 * The comments widget's chunk: a post page whose first comments the server drew links its CSS at once (the comments are
 * styled before they hydrate) and loads its scripts after the page's first paint (post-page.tsx): they sit below the
 * post, and on a phone's link they would share the bandwidth of the post's picture.
 */
const COMMENTS_MODULE = 'src/post/post-comments.tsx';

/** Loads the lazy pages the server renders, so the first request after a start is as quick as the next. */
export async function warmUp(): Promise<void> {
  await Promise.all(Object.keys(ROUTE_MODULES).map((name) => preloadComponent(routes.find((route) => route.name === name)?.component)));
  await (await import('./post/post-page')).preloadComments();
}

export type RenderInput = { url: string; config: Partial<SiteConfig>; plan: PagePlan; state: SsrState };
export type RenderResult = {
  html: string;
  /** The document title, as usePageTitle sets it in the browser. */
  title: string;
  /** Source modules (manifest keys) whose chunks the page needs at once. */
  modules: string[];
  /** Source modules whose CSS the page needs at once and whose chunks it loads after its first paint. */
  lateModules: string[];
};

/** Pages shown when the post does not exist: the not-found page in the shell, not hydrated (the client renders it). */
const notFound = routes.find((route) => route.path === '*');
const missingRoutes: RouteDefinition[] = routes.map((route) =>
  (route.name === 'post' || route.name === 'collection page') && notFound ? { ...route, component: notFound.component } : route,
);

function titleOf(plan: PagePlan, state: SsrState, appName: string): string {
  if (plan.page === 'missing') return formatTitle('not-found', appName);
  if (plan.page === 'post' || plan.page === 'collection') {
    const post = state.posts.find((p) => p.id === plan.postId);
    return formatTitle(post ? { type: 'post', title: post.title } : 'not-found', appName);
  }
  let page: PageType | NamedPage;
  if (plan.list === 'home') page = homePageType(plan.type, plan.timeframe);
  else if (plan.list === 'tag') page = { type: 'tag', tag: plan.tag };
  // As the pages' usePageTitle says it: the profile's own spelling of the name, the plain Search title.
  else if (plan.list === 'user') page = { type: 'user', username: state.page?.profile?.username ?? plan.username };
  else if (plan.list === 'search') page = 'search';
  else page = { type: 'interest', name: plan.interest.charAt(0).toUpperCase() + plan.interest.slice(1) };
  return formatTitle(page, appName);
}

/**
 * Renders the shell and the page for a visitor. The site config, the posts, the address and the page data are this
 * render's own (a store and providers made here), so no request sees another's.
 */
export async function renderPage({ url, config, plan, state }: RenderInput): Promise<RenderResult> {
  const { pathname, search } = new URL(url, 'http://localhost');
  const table = plan.page === 'missing' && notFound ? [notFound] : state.hydrate ? routes : missingRoutes;
  await preloadRoute(table, pathname);
  // An empty list is drawn as its designed state, not left to the browser (React's error 419).
  if (state.list?.ids.length === 0) await preloadComponent(FeedEmpty);
  const comments = state.hydrate && plan.page === 'post' && state.page?.comments ? state.page.comments : null;
  if (comments) await (await import('./post/post-page')).preloadComments();
  const siteConfig = withDefaults(config);
  const posts: Record<string, Post> = {};
  for (const post of state.posts) posts[post.id] = post;
  const lists = state.list
    ? { [state.list.key]: { ids: state.list.ids, after: state.list.after, loading: false, loaded: true, error: null } }
    : {};
  // zustand's useStore renders the server snapshot from getInitialState(): the store is made with this page's state.
  const store = createPostListStore({ posts, lists });
  const page = state.hydrate && state.page ? { ...state.page, pathname } : null;
  const html = renderToString(
    <StrictMode>
      <SiteConfigContext.Provider value={siteConfig}>
        <PostListContext.Provider value={store}>
          <PageDataContext.Provider value={page}>
            <App routeTable={table} location={{ pathname, search, hash: '' }} />
          </PageDataContext.Provider>
        </PostListContext.Provider>
      </SiteConfigContext.Provider>
    </StrictMode>,
  );
  const route = matchRoute(table, pathname)?.route.name;
  const module = state.hydrate && route ? ROUTE_MODULES[route] : undefined;
  return { html, title: titleOf(plan, state, siteConfig.appName), modules: module ? [module] : [], lateModules: comments ? [COMMENTS_MODULE] : [] };
}
