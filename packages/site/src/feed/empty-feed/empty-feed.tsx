import { useMemo } from 'react';
import { Link, useHydrated } from '../../router';
import { EmptyState } from '../../ui/empty-state/empty-state';
import { displayTag } from '../../tags/canonical';
import { useInterestName } from '../../tags/interests';
import { selectPopular, useTags } from '../../tags/tag-store';
import { EMPTY_TEXT } from '../feed-list';
import { SEARCH_PATH } from '../list-routes';
import { isHomeList } from '../post-store';
import feedStyles from '../feed.module.css';
import styles from './empty-feed.module.css';

/** A magnifier (the top bar's search), for a search without results. */
export const SEARCH_ICON = 'M11 18a7 7 0 1 1 0-14 7 7 0 0 1 0 14zM20 20l-4-4';
/** How many popular tags a search without results suggests. */
export const SUGGESTED_TAGS = 6;
const UPLOAD = { label: 'Post a meme', href: '/submit' };

export type EmptyFeed = { kind: 'search'; query: string } | { kind: 'tag'; tag: string } | { kind: 'interest'; interest: string } | { kind: 'home' } | { kind: 'other' };

/** Which list came back empty, from its list call (list-routes.ts). */
export function emptyFeedOf(path: string, query: Record<string, string> = {}): EmptyFeed {
  if (path === SEARCH_PATH) return { kind: 'search', query: (query['query'] ?? '').trim() };
  const tag = /^\/v1\/tag-posts\/tag\/([^/]+)\/type\//.exec(path)?.[1];
  if (tag) return { kind: 'tag', tag: decodeURIComponent(tag) };
  const interest = /^\/v1\/interest-posts\/interest\/([^/]+)\/type\//.exec(path)?.[1];
  if (interest) return { kind: 'interest', interest: decodeURIComponent(interest) };
  return isHomeList(path) ? { kind: 'home' } : { kind: 'other' };
}

/**
 * A list page with no posts (issue #23: "designed empty states"): what is empty and the next step. An empty tag,
 * interest or home list (Fresh on a new site) asks for the first post; a search without results suggests other words,
 * popular tags and Trending. Other lists (related posts, a collection) keep the plain line under their post.
 * Loaded only when a list comes back empty.
 */
export function FeedEmpty({ path, query }: { path: string; query?: Record<string, string> | undefined }) {
  const empty = emptyFeedOf(path, query);
  switch (empty.kind) {
    case 'search':
      return <NoResults query={empty.query} />;
    case 'tag':
      return (
        <EmptyState title={`No posts in #${empty.tag} yet`} text={`Be the first to post a meme tagged #${empty.tag}.`} action={UPLOAD} testId="feed-empty" />
      );
    case 'interest':
      return <InterestEmpty interest={empty.interest} />;
    case 'home':
      return <EmptyState title="No posts here yet" text="New posts show up here as people share them. Be the first." action={UPLOAD} testId="feed-empty" />;
    default:
      return <p className={feedStyles.status}>{EMPTY_TEXT}</p>;
  }
}

function InterestEmpty({ interest }: { interest: string }) {
  const name = useInterestName(interest);
  return <EmptyState title={`Nothing in ${name} yet`} text="Be the first to post a meme in this interest." action={UPLOAD} testId="feed-empty" />;
}

/** A search without results: other words, or one of the popular tags, or what is trending. */
export function NoResults({ query }: { query: string }) {
  const popular = useTags((s) => s.popular);
  const favorites = useTags((s) => s.favorites);
  const hidden = useTags((s) => s.hidden);
  // The server has no popular tags and no hidden ones (saved in this browser): they are suggested once hydrated.
  const hydrated = useHydrated();
  const tags = useMemo(
    () => (hydrated ? selectPopular({ popular, favorites, hidden, recents: [], other: [] }).slice(0, SUGGESTED_TAGS) : []),
    [hydrated, popular, favorites, hidden],
  );
  const title = query ? `No results for “${query}”` : 'Search posts';
  const text = query
    ? `Check the spelling or try fewer words${tags.length > 0 ? ', or browse a popular tag' : ''}.`
    : 'Type a few words of a post’s title or tags in the search box.';
  return (
    <EmptyState icon={SEARCH_ICON} title={title} text={text} action={{ label: 'Browse Trending', href: '/trending' }} testId="search-empty">
      {tags.length > 0 && (
        <ul className={styles.tags} aria-label="Popular tags">
          {tags.map((tag) => (
            <li key={tag.key}>
              <Link className={styles.tag} href={tag.url}>
                #{displayTag(tag.key)}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </EmptyState>
  );
}

export default FeedEmpty;
