import type { RefObject } from 'react';
import { siteConfig } from '../config';
import { safeStorage, trackingAllowed } from '../consent/privacy';
import { usePostTracking } from './post-tracking';
import { createTracker } from './tracker';

export { COMMENT_HASH_MARKER, pageKey, postTabName, THREAD_HASH_MARKER } from './page-keys';
export { firstInSession, SESSION_KEY, touchSession, type VisitSession } from './session';
export { createTracker, encodePayload, type AnalyticsEvent, type Tracker } from './tracker';

/** The site's tracker: sends to siteConfig.analyticsUrl, only with consent. */
export const siteTracker = createTracker({ endpoint: siteConfig.analyticsUrl, allowed: () => trackingAllowed(), storage: safeStorage() });

export { MOBILE_QUERY, PostTrackerContext, trackingPlatform, type PostTracker } from './post-tracking';
/** Impression and unique view of a post on screen: view l in lists, p for the main post of the post page. */
export const usePostView = (ref: RefObject<Element | null>, postId: string | undefined, view: 'p' | 'l') => usePostTracking(ref, postId, view, siteTracker);
