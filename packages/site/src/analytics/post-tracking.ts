import { createContext, useContext, useEffect, type RefObject } from 'react';
import { useLocation, useRouteMatch } from '../router';
import { pageKey, POST_TAB_NAMES } from './page-keys';
import type { Tracker } from './tracker';

/** shell-and-account.md §7 platform: m below the site's phone breakpoint (768 px, as the ad placements), else d. */
export const MOBILE_QUERY = '(max-width: 767px)';
export const trackingPlatform = (): 'd' | 'm' => (typeof matchMedia === 'function' && matchMedia(MOBILE_QUERY).matches ? 'm' : 'd');

/** §9 "visibility threshold 0.5": a post counts as seen once half of it is on screen. */
export const VIEW_THRESHOLD = 0.5;
/** Ratios the observer reports at: fine enough to tell when a post taller than the window fills half of it. */
const THRESHOLDS = Array.from({ length: 21 }, (_, i) => i / 20);

/**
 * Half of the post on screen, or, for a post too tall for that, half of the screen filled by the post. An entry
 * without geometry (a test's) counts by its ratio alone.
 */
export function seenEnough(e: Pick<IntersectionObserverEntry, 'isIntersecting' | 'intersectionRatio'> & Partial<Pick<IntersectionObserverEntry, 'intersectionRect' | 'rootBounds'>>): boolean {
  if (!e.isIntersecting) return false;
  if (e.intersectionRatio >= VIEW_THRESHOLD) return true;
  const root = e.rootBounds?.height ?? 0;
  return root > 0 && (e.intersectionRect?.height ?? 0) >= root * VIEW_THRESHOLD;
}

/** The tracker post cards and the post page report to: the site's one (SiteTrackerContext), a fake in tests. */
export type PostTracker = Pick<Tracker, 'impression' | 'viewStarted'> & { track?: Tracker['track'] };
export const PostTrackerContext = createContext<PostTracker | null>(null);

export type PostTab = keyof typeof POST_TAB_NAMES;

/**
 * While the element is on screen: a list post counts its impression (once per session, in the tracker) as soon as
 * it shows, and each time at least half of it is in view the one-second unique view timer starts, cancelled when it
 * drops below half first. The entry (and the events' page) is the page key of the list or page the post is seen on.
 * On the post page (view p) the tab (§2 "Post page tabs for tracking") goes with the unique view, and each tab the
 * reader opens is sent as a post-tab event.
 */
export function usePostTracking(ref: RefObject<Element | null>, postId: string | undefined, view: 'p' | 'l', fallback: PostTracker | null, tab?: PostTab) {
  const tracker = useContext(PostTrackerContext) ?? fallback;
  const match = useRouteMatch();
  const { pathname } = useLocation();
  const entry = (match && pageKey({ route: match.route.name, params: match.params, pathname })) ?? '';
  const tabName = view === 'p' && tab ? POST_TAB_NAMES[tab] : null;

  useEffect(() => {
    if (postId && tabName) tracker?.track?.('post-tab', { postId, tab: tabName }, entry || null);
  }, [tracker, postId, tabName, entry]);

  useEffect(() => {
    const el = ref.current;
    if (!el || !postId || !tracker || typeof IntersectionObserver === 'undefined') return;
    let cancel: (() => void) | null = null;
    let shown = false;
    const stop = () => {
      cancel?.();
      cancel = null;
    };
    const observer = new IntersectionObserver(
      ([e]) => {
        if (!e) return;
        if (!e.isIntersecting) shown = false;
        else if (!shown) {
          shown = true;
          if (view === 'l') tracker.impression(postId);
        }
        if (!seenEnough(e)) return stop();
        if (cancel) return;
        cancel = tracker.viewStarted(postId, { entry, platform: trackingPlatform(), view, ...(tabName ? { tab: tabName } : {}) });
      },
      { threshold: THRESHOLDS },
    );
    observer.observe(el);
    return () => {
      observer.disconnect();
      stop();
    };
  }, [ref, postId, view, tracker, entry, tabName]);
}
