import { createContext, useContext } from 'react';
import type { InitialPage } from '@guffaw/comments-widget';

/** The profile header's user, as GET /v1/user-profile answers it (posts-and-feeds.md §3 Profile): the contract's. */
export type { ListProfile as PageProfile } from '@guffaw/api';
import type { ListProfile as PageProfile } from '@guffaw/api';

/**
 * What a server-rendered page was drawn with beside the posts store (entry-server.tsx puts the posts there): the
 * profile page's user and a post's first page of comments. The server gives it to its render (PageDataContext); in the
 * browser it is read from the page's own JSON (#guffaw-ssr) by the lazy page that needs it, so the home route carries
 * none of it.
 */
export type PageData = {
  /** The address the data belongs to. */
  pathname: string;
  profile?: PageProfile | null;
  /** The post page's comments: the thread's url and the first hot page the server read for a visitor. */
  comments?: ({ url: string } & InitialPage) | null;
};

/** Server data is used for the first page shown only, and only this long after it was loaded (ms). */
const FRESH_MS = 60_000;

let browserData: { data: PageData | null; at: number } | null = null;

/** A server render's page data (entry-server.tsx provides each render its own); none in the browser. */
export const PageDataContext = createContext<PageData | null>(null);

function readBrowserData(): PageData | null {
  const text = document.getElementById('guffaw-ssr')?.textContent;
  if (!text) return null;
  try {
    const state = JSON.parse(text) as { hydrate?: boolean; page?: PageData };
    return state.hydrate && state.page ? state.page : null;
  } catch {
    return null;
  }
}

/**
 * The data the server drew this address with, or null: in the browser, the page's JSON while the reader is still on
 * the address it was sent for and it is fresh (a later visit loads its own). A server render reads its own through
 * usePageDataReader.
 */
export function pageData(pathname: string): PageData | null {
  if (typeof document === 'undefined') return null;
  browserData ??= { data: readBrowserData(), at: Date.now() };
  const { data, at } = browserData;
  if (!data || data.pathname !== pathname || window.location.pathname !== pathname || Date.now() - at > FRESH_MS) {
    // Once the reader has moved on, the data is for an old page: it is dropped, never used again.
    if (data && window.location.pathname !== data.pathname) browserData = { data: null, at };
    return null;
  }
  return data;
}

/** pageData for the render in progress: on the server, the render's own data (PageDataContext); in the browser, pageData. */
export function usePageDataReader(): (pathname: string) => PageData | null {
  const rendered = useContext(PageDataContext);
  if (typeof document !== 'undefined') return pageData;
  return (pathname) => (rendered?.pathname === pathname ? rendered : null);
}
