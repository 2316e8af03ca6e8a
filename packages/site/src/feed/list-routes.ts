import type { PageType } from '../ui/page-title';

/**
 * §2 home list tabs and their sub-tabs; `path` is the site URL, `api` the list call of §7. `tooltip` names the
 * tooltip anchored on the tab (shell-and-account.md §2 tooltip ids).
 */
export type ListTab = { key: string; label: string; path: string; tooltip?: string };

export const TOP_TABS: ListTab[] = [
  { key: 'today', label: 'Today', path: '/top' },
  { key: 'week', label: 'This Week', path: '/top/week' },
  { key: 'last-month', label: 'Last Month', path: '/top/last-month' },
  { key: 'year', label: 'This Year', path: '/top/year' },
  { key: 'last-year', label: 'Last Year', path: '/top/last-year' },
];
export const FRESH_TABS = (base: 'fresh' | 'explore'): ListTab[] => [
  { key: 'for-you', label: 'For You', path: `/${base}` },
  { key: 'recent', label: 'Recent', path: `/${base}/recent`, tooltip: 'freshRecentTab' },
];
export const NEWS_TABS: ListTab[] = [
  { key: 'hot', label: 'Hot', path: '/news' },
  { key: 'fresh', label: 'Fresh', path: '/news/fresh' },
];

export type ListFeatures = { exploreTabList: boolean; enableNewsList: 0 | 1 | 2 };

/** §2: Fresh reads Explore with exploreTabList; News shows with enableNewsList 2, or 1 with ?newsList=1. */
export function homeTabs(appName: string, features: ListFeatures, search: string): ListTab[] {
  const fresh = features.exploreTabList ? 'explore' : 'fresh';
  const news = features.enableNewsList === 2 || (features.enableNewsList === 1 && new URLSearchParams(search).get('newsList') === '1');
  return [
    { key: 'home', label: 'Home', path: '/' },
    { key: 'top', label: 'Top', path: '/top' },
    { key: 'trending', label: 'Trending', path: '/trending' },
    { key: fresh, label: features.exploreTabList ? 'Explore' : 'Fresh', path: `/${fresh}` },
    ...(news ? [{ key: 'news', label: 'News', path: '/news' }] : []),
    { key: 'forum', label: `Ask ${appName}`, path: '/forum' },
  ];
}

export const HOME_LIST_TYPES = ['home', 'fresh', 'explore', 'trending', 'top', 'news', 'forum'] as const;
export type HomeListType = (typeof HOME_LIST_TYPES)[number];

export { homeListPath, interestListPath, SEARCH_PATH, tagListPath } from '../lib/endpoints/lists';

/** shell-and-account.md §2 page titles of the home lists. */
export function homePageType(type: HomeListType, timeframe: string | undefined): PageType {
  switch (type) {
    case 'top':
      return timeframe === 'week' ? 'top-week' : timeframe === 'month' ? 'top-month' : timeframe === 'last-month' ? 'top-last-month'
        : timeframe === 'year' ? 'top-year' : timeframe === 'last-year' ? 'top-last-year' : 'top';
    case 'news':
      return timeframe === 'fresh' ? 'fresh-news' : 'news';
    default:
      return type;
  }
}


/** posts-and-feeds.md §2: the lists that /embed/{type} shows. */
export const EMBED_LIST_TYPES = ['home', 'fresh'] as const;
