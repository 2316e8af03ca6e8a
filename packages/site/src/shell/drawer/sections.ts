import type { SiteConfig } from '../../config';

export type DrawerSection = { label: string; href: string; activeFor: string[]; tooltip?: string };

/** §2 "Side drawer" header: Home, Top, Trending, Fresh or Explore, News (conditional), Ask. */
export function drawerSections(config: SiteConfig, search: string): DrawerSection[] {
  const news = config.features.enableNewsList === 2 || (config.features.enableNewsList === 1 && new URLSearchParams(search).get('newsList') === '1');
  const explore = config.features.exploreTabList;
  return [
    { label: 'Home', href: '/', activeFor: ['/', '/home'] },
    { label: 'Top', href: '/top', activeFor: ['/top'] },
    { label: 'Trending', href: '/trending', activeFor: ['/trending'], tooltip: 'sectionHeaderTrending' },
    { label: explore ? 'Explore' : 'Fresh', href: explore ? '/explore' : '/fresh', activeFor: ['/fresh', '/explore'], tooltip: 'sectionHeaderFresh' },
    ...(news ? [{ label: 'News', href: '/news', activeFor: ['/news'] }] : []),
    { label: 'Ask', href: '/forum', activeFor: ['/forum'] },
  ];
}

export const isSectionActive = (section: DrawerSection, pathname: string): boolean =>
  section.activeFor.some((p) => pathname === p || (p !== '/' && pathname.startsWith(p + '/')));
