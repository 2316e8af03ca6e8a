import { lazy, memo, Suspense, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useUser } from '../user/user-store';
import { selectIsLoggedIn } from '../user';
import { signupHref, loginHref } from '../ui/modals';
import { useHydrated, useLocation } from '../router';
import { Billboard, InlineAd } from '../ads';
import { adjacentCard, currentCard, postCards, scrollToCard, togglePlay, usePostShortcuts } from '../ui/shortcuts/post-shortcuts';
import type { PostShortcut } from '../ui/shortcuts/shortcuts';
import { hasHiddenTag, useTags } from '../tags/tag-store';
import { COMMENT_SHORTCUT_EVENT, PostCard } from './post-card';
import type { PostPlace } from './post-actions';
import { isHomeList, listKey, postListStore, selectList, usePostList, votePost } from './post-store';
import type { Post } from './post-types';
import { ARCHIVE_MARGIN_SCREENS, isBot, loadThreshold, placeholderHeight, SIGNUP_BANNER_EVERY, splitStreams } from './streams';
import styles from './feed.module.css';

export const EMPTY_TEXT = 'Sorry! No posts were found';
export const END_TEXT = 'No more posts';

/**
 * The designed state of an empty list (empty-feed/): loaded only when a list comes back empty; the line until then.
 * The server preloads it (entry-server.tsx warmUp), so an empty list's HTML is the state itself.
 */
export const FeedEmpty = lazy(() => import('./list-parts').then((m) => ({ default: m.FeedEmpty })));

/**
 * §2: a list's scroll position and shown stream count, kept in its history entry's state, so going back to the entry
 * restores them while a fresh visit (a new entry) starts at the top.
 */
type SavedPosition = { key: string; top: number; shown: number };
const FEED_STATE = 'guffawFeed';
/** §9: scroll handler throttle. */
const SCROLL_THROTTLE_MS = 100;

function savedPosition(key: string): SavedPosition | null {
  const state: unknown = window.history.state;
  if (typeof state !== 'object' || state === null) return null;
  const saved = (state as Record<string, unknown>)[FEED_STATE] as SavedPosition | undefined;
  return saved && saved.key === key ? saved : null;
}

function savePosition(position: SavedPosition): void {
  const state: unknown = window.history.state;
  const base = typeof state === 'object' && state !== null ? state : {};
  window.history.replaceState({ ...base, [FEED_STATE]: position }, '');
}

/**
 * `place` 'collection': the items of a collection page (§2: no comment link, hide, block, award, nor 'No more posts').
 * `shortcuts` false: the post shortcuts are left to the page around the list (the post page acts on its main post).
 */
export type FeedListProps = { path: string; query?: Record<string, string> | undefined; place?: PostPlace; shortcuts?: boolean };

/**
 * The infinite feed (§4 Streams): posts grouped in streams of 2, 3 then 5; one more stream is shown as the reader
 * nears the end, and the next page is loaded once every stream is shown. Streams far out of view are archived.
 */
export function FeedList({ path, query, place = 'list', shortcuts = true }: FeedListProps) {
  const list = usePostList(selectList(listKey(path, query)));
  const loadMore = usePostList((s) => s.loadMore);
  const loggedIn = useUser(selectIsLoggedIn);
  // Server HTML and its hydration split streams alike; a bot's larger streams and the hidden tags (saved in this
  // browser only) apply once hydrated.
  const hydrated = useHydrated();
  const bot = useMemo(() => hydrated && typeof navigator !== 'undefined' && isBot(navigator.userAgent), [hydrated]);
  const hiddenTags = useTags((s) => s.hidden);
  const hiddenKeys = useMemo(() => new Set(hiddenTags.map((t) => t.key)), [hiddenTags]);
  const filterHidden = hydrated && hiddenKeys.size > 0 && isHomeList(path);
  const ids = usePostList(
    useShallow((s) => (filterHidden ? list.ids.filter((id) => !hasHiddenTag(s.posts[id]?.tags ?? [], hiddenKeys)) : list.ids)),
  );
  const streams = useMemo(() => splitStreams(ids, bot), [ids, bot]);
  const root = useRef<HTMLDivElement>(null);
  usePostShortcuts((action) => {
    if (root.current) actOnList(root.current, action);
  }, shortcuts);
  const positionKey = (typeof window !== 'undefined' ? window.location.pathname + window.location.search : '') + '|' + listKey(path, query);
  const [restoring] = useState(() => (list.loaded && typeof window !== 'undefined' ? savedPosition(positionKey) : null));
  const [shown, setShown] = useState(restoring?.shown ?? 1);
  const shownRef = useRef(shown);
  shownRef.current = shown;
  const sentinel = useRef<HTMLDivElement>(null);
  const queryKey = JSON.stringify(query ?? {});

  useLayoutEffect(() => {
    if (restoring) window.scrollTo(0, restoring.top);
  }, [restoring]);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const onScroll = () => {
      timer ??= setTimeout(() => {
        timer = null;
        // A scroll after the URL changed belongs to the next page, not to this list.
        if (positionKey.startsWith(window.location.pathname + window.location.search + '|')) {
          savePosition({ key: positionKey, top: window.scrollY, shown: shownRef.current });
        }
      }, SCROLL_THROTTLE_MS);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (timer) clearTimeout(timer);
    };
  }, [positionKey]);

  // Also after the store empties the list (a delete reloads every list, §4).
  useEffect(() => {
    if (!list.loaded && !list.loading && !list.error) void loadMore(path, query);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the query is keyed by its JSON
  }, [path, queryKey, list.loaded]);

  const visible = Math.min(shown, streams.length);
  const ended = list.loaded && list.after === null;
  useEffect(() => {
    const el = sentinel.current;
    if (!el || list.loading || list.error || typeof IntersectionObserver === 'undefined') return;
    if (visible >= streams.length && ended) return;
    // A new observer reports at once, so a sentinel still in range after a load keeps the feed filling.
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry?.isIntersecting) return;
        if (shown < streams.length) setShown((n) => n + 1);
        else if (!ended) void loadMore(path, query);
      },
      { rootMargin: `0px 0px ${loadThreshold(window.innerHeight, visible)}px 0px` },
    );
    observer.observe(el);
    return () => observer.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- re-armed whenever what it decides on changes
  }, [path, queryKey, visible, streams.length, ended, list.loading, list.error, shown]);

  let position = 0;
  return (
    <div ref={root} className={styles.feed} data-testid="feed">
      {place === 'list' && <Billboard path={path} />}
      {streams.slice(0, visible).map((ids, index) => {
        const first = position;
        position += ids.length;
        return <Stream key={ids[0]} ids={ids} firstPosition={first} eager={index === 0} banners={!loggedIn} place={place} />;
      })}
      <div ref={sentinel} className={styles.sentinel} aria-hidden="true" />
      {list.loading && (
        // §9: the stream on its way holds its place (800, 700, 600, then 500 px), so the page does not jump when it lands.
        <p className={styles.skeleton} role="status" style={{ minHeight: placeholderHeight(streams.length) }}>
          Loading…
        </p>
      )}
      {list.error && (
        <div className={styles.status} role="alert">
          <p>{list.error}</p>
          {list.after !== null || !list.loaded ? (
            <button type="button" className={styles.retry} onClick={() => void loadMore(path, query)}>
              Try again
            </button>
          ) : null}
        </div>
      )}
      {ended && !list.error && ids.length === 0 && (
        <Suspense fallback={<p className={styles.status}>{EMPTY_TEXT}</p>}>
          <FeedEmpty path={path} query={query} />
        </Suspense>
      )}
      {ended && !list.error && ids.length > 0 && visible >= streams.length && place !== 'collection' && <p className={styles.status}>{END_TEXT}</p>}
    </div>
  );
}

/** The post shortcuts on a list (shell-and-account.md §5): j and k move between cards, the others act on the card being read. */
function actOnList(root: HTMLElement, action: PostShortcut): void {
  const cards = postCards(root);
  if (action === 'next-post' || action === 'previous-post') {
    const card = adjacentCard(cards, action === 'next-post' ? 1 : -1);
    if (card) scrollToCard(card);
    return;
  }
  const card = currentCard(cards);
  if (card) actOnCard(card, action);
}

/** l and h vote on a list card (a visitor gets the signup overlay, as with the buttons), c comments, p plays its clip. */
export function actOnCard(card: HTMLElement, action: Exclude<PostShortcut, 'next-post' | 'previous-post'>): void {
  const post: Post | undefined = postListStore.getState().posts[card.dataset['postId'] ?? ''];
  if (!post) return;
  if (action === 'upvote' || action === 'downvote') void votePost(post, action === 'upvote' ? 1 : -1);
  else if (action === 'comment') card.dispatchEvent(new CustomEvent(COMMENT_SHORTCUT_EVENT));
  else togglePlay(card);
}

/**
 * One stream. While it is within 3 screens of the view it renders its posts; beyond that it keeps only its
 * measured height, so a long scroll keeps the DOM small, and it renders again on the way back.
 */
const Stream = memo(function Stream({ ids, firstPosition, eager, banners, place }: { ids: string[]; firstPosition: number; eager: boolean; banners: boolean; place: PostPlace }) {
  const ref = useRef<HTMLDivElement>(null);
  const [archived, setArchived] = useState<number | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const margin = Math.round(window.innerHeight * ARCHIVE_MARGIN_SCREENS);
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry) return;
        if (entry.isIntersecting) setArchived(null);
        else setArchived(Math.round(entry.boundingClientRect.height));
      },
      { rootMargin: `${margin}px 0px ${margin}px 0px` },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  useLayoutEffect(() => {
    if (ref.current) ref.current.dataset.archived = archived === null ? 'false' : 'true';
  }, [archived]);
  if (archived !== null) return <div ref={ref} className={styles.stream} style={{ height: archived }} />;
  return (
    <div ref={ref} className={styles.stream}>
      {ids.map((id, i) => {
        const position = firstPosition + i + 1;
        return (
          <div key={id}>
            <PostCard id={id} eager={eager && i === 0} place={place} />
            {banners && position % SIGNUP_BANNER_EVERY === 0 && <SignupBanner />}
            {place === 'list' && <InlineAd position={position} />}
          </div>
        );
      })}
    </div>
  );
});

/** §2: the list variant of the signup banner, for visitors. */
export function SignupBanner() {
  const { pathname } = useLocation();
  return (
    // Not a landmark: the banner repeats every fourth post, and landmarks must be unique.
    <div className={styles.banner} data-testid="signup-banner">
      <p>Join the largest meme community on the internet.</p>
      <div className={styles.bannerActions}>
        <a className={styles.bannerSecondary} href={loginHref(pathname)}>
          Log in
        </a>
        <a className={styles.bannerPrimary} href={signupHref(pathname, 'banner')}>
          Create new account
        </a>
      </div>
    </div>
  );
}
