import { createContext, useContext, useEffect, type RefObject } from 'react';
import { useLocation, useRouteMatch } from '../router';
import { pageKey } from './page-keys';
import type { Tracker } from './tracker';

/** shell-and-account.md §7 platform: m below the site's phone breakpoint (768 px, as the ad placements), else d. */
export const MOBILE_QUERY = '(max-width: 767px)';
export const trackingPlatform = (): 'd' | 'm' => (typeof matchMedia === 'function' && matchMedia(MOBILE_QUERY).matches ? 'm' : 'd');

/** The tracker post cards and the post page report to: the site's one, a fake in tests. */
export type PostTracker = Pick<Tracker, 'impression' | 'viewStarted'>;
export const PostTrackerContext = createContext<PostTracker | null>(null);

/**
 * While the element is on screen: a list post counts its impression (once per session, in the tracker) and each
 * stay in view starts the one-second unique view timer, cancelled when the post leaves first. The entry is the
 * page key of the list or page the post is seen on.
 */
export function usePostTracking(ref: RefObject<Element | null>, postId: string | undefined, view: 'p' | 'l', fallback: PostTracker) {
  const tracker = useContext(PostTrackerContext) ?? fallback;
  const match = useRouteMatch();
  const { pathname } = useLocation();
  const entry = (match && pageKey({ route: match.route.name, params: match.params, pathname })) ?? '';
  useEffect(() => {
    const el = ref.current;
    if (!el || !postId || typeof IntersectionObserver === 'undefined') return;
    let cancel: (() => void) | null = null;
    const stop = () => {
      cancel?.();
      cancel = null;
    };
    const observer = new IntersectionObserver(([e]) => {
      if (!e) return;
      if (!e.isIntersecting) return stop();
      if (cancel) return;
      if (view === 'l') tracker.impression(postId);
      cancel = tracker.viewStarted(postId, { entry, platform: trackingPlatform(), view });
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      stop();
    };
  }, [ref, postId, view, tracker, entry]);
}
