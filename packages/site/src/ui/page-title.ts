import { useEffect } from 'react';
import { useSiteConfig } from '../config';
import { useUnreadCount } from './unread-store';

/** shell-and-account.md §2 "Page titles": page types with a fixed descriptor. */
export type PageType =
  | 'home' | 'trending' | 'fresh' | 'explore' | 'news' | 'fresh-news' | 'top' | 'top-week' | 'top-month'
  | 'top-last-month' | 'top-year' | 'top-last-year' | 'forum' | 'login' | 'signup' | 'forgot-password'
  | 'notifications' | 'settings' | 'search' | 'submit' | 'not-found';

const descriptors: Record<PageType, string> = {
  home: 'Go Fun The World',
  trending: 'Trending Memes',
  fresh: 'Fresh Memes',
  explore: 'Explore Memes',
  news: 'News',
  'fresh-news': 'Fresh News',
  top: 'Top Memes Today',
  'top-week': 'Top Memes This Week',
  'top-month': 'Top Memes This Month',
  'top-last-month': 'Top Memes Last Month',
  'top-year': 'Top Memes This Year',
  'top-last-year': 'Top Memes Last Year',
  forum: 'Ask',
  login: 'Log In',
  signup: 'Sign Up',
  'forgot-password': 'Forgot Password',
  notifications: 'Notifications',
  settings: 'Settings',
  search: 'Search',
  submit: 'Post',
  'not-found': 'Page Not Found',
};

/** Titles of pages named by data: a post, a tag, an interest, a user, a local list, or a document (privacy pages). */
export type NamedPage =
  | { type: 'post'; title: string }
  | { type: 'tag'; tag: string }
  | { type: 'interest'; name: string }
  | { type: 'local'; name: string }
  | { type: 'user'; username: string }
  | { type: 'document'; name: string };

export function pageDescriptor(page: PageType | NamedPage): string {
  if (typeof page === 'string') return descriptors[page];
  switch (page.type) {
    case 'post':
      return page.title;
    case 'tag':
      return `Best Funny ${page.tag.replace(/-/g, ' ')} Memes`;
    case 'interest':
      return `${page.name} Memes`;
    case 'local':
      return `${page.name} Memes`;
    case 'user':
      return `${page.username}'s Profile`;
    case 'document':
      return page.name;
  }
}

/** "Guffaw - Trending Memes" (the config's appName first), prefixed "(3) " when there are unread notifications. */
export function formatTitle(page: PageType | NamedPage, appName: string, unread = 0): string {
  const prefix = unread > 0 ? `(${unread > 99 ? '99+' : unread}) ` : '';
  return `${prefix}${appName} - ${pageDescriptor(page)}`;
}

/** Sets document.title for the page, prefixed with the unread notification count. */
export function usePageTitle(page: PageType | NamedPage): void {
  const unread = useUnreadCount();
  const { appName } = useSiteConfig();
  const key = JSON.stringify(page);
  useEffect(() => {
    document.title = formatTitle(JSON.parse(key) as PageType | NamedPage, appName, unread);
  }, [key, appName, unread]);
}
