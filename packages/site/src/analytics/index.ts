import { siteConfig } from '../config';
import { safeStorage, trackingAllowed } from '../consent/privacy';
import { createTracker } from './tracker';

export { COMMENT_HASH_MARKER, pageKey, postTabName, THREAD_HASH_MARKER } from './page-keys';
export { firstInSession, SESSION_KEY, touchSession, type VisitSession } from './session';
export { createTracker, encodePayload, type AnalyticsEvent, type Tracker } from './tracker';

/** The site's tracker: sends to siteConfig.analyticsUrl, only with consent. */
export const siteTracker = createTracker({ endpoint: siteConfig.analyticsUrl, allowed: () => trackingAllowed(), storage: safeStorage() });
