import { createContext, useContext, type RefObject } from 'react';
import { trackingAllowed } from '../consent/privacy';
import { safeStorage } from '../lib/storage';
import { usePostTracking, type PostTab } from './post-tracking';
import { createTracker, type Tracker } from './tracker';

export { COMMENT_HASH_MARKER, pageKey, POST_TAB_NAMES, postTabName, THREAD_HASH_MARKER, type PostTabName } from './page-keys';
export { currentSessionId, firstInSession, SESSION_KEY, touchSession, type VisitSession } from './session';
export { createTracker, encodePayload, type AnalyticsEvent, type Tracker, type ViewData } from './tracker';

/** The site's tracker: sends to the config's analyticsUrl, only with consent. main.tsx makes the browser's one. */
export const createSiteTracker = (endpoint: string | null): Tracker =>
  createTracker({ endpoint, allowed: () => trackingAllowed(), storage: safeStorage() });
/** The tracker the shell's page views and the posts report to; none on the server (effects do not run there). */
export const SiteTrackerContext = createContext<Tracker | null>(null);
export const useSiteTracker = (): Tracker | null => useContext(SiteTrackerContext);

export { MOBILE_QUERY, PostTrackerContext, seenEnough, trackingPlatform, VIEW_THRESHOLD, type PostTab, type PostTracker } from './post-tracking';
/**
 * Impression and unique view of a post on screen: view l in lists, p for the main post of the post page, which
 * also gives the tab it shows (comment, thread or related) for the post-page tab names of §2.
 */
export const usePostView = (ref: RefObject<Element | null>, postId: string | undefined, view: 'p' | 'l', tab?: PostTab) =>
  usePostTracking(ref, postId, view, useSiteTracker(), tab);
