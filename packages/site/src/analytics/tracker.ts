import { currentSessionId, firstInSession, touchSession } from './session';

/**
 * Analytics events (shell-and-account.md §7 "Analytics and logging"): batched and POSTed to the configured endpoint
 * as a base64-encoded JSON payload (no batching on Firefox), never sent unless tracking is allowed; post impressions
 * are counted once per session; the unique view of a post is sent after it was seen for one second.
 *
 * Each event names its page: the page key given with it, else the key of the last page view. A new visit session
 * (§3 "Session", session.ts) is announced by a session-start event with the ref and utm values of its address.
 */
export type AnalyticsEvent = { name: string; page: string | null; ts: number; data: Record<string, string | number | boolean | null> };

export const BATCH_DELAY_MS = 2000;
export const BATCH_MAX = 20;
export const UNIQUE_VIEW_AFTER_MS = 1000;
/** The server refuses longer text values (packages/server/src/modules/analytics/service.ts MAX_TEXT). */
const MAX_TEXT = 256;

export type TrackerOptions = {
  endpoint: string | null;
  allowed: () => boolean;
  storage: Storage | null;
  /** body: the base64 payload; session: the visit session id the server deduplicates impressions by. */
  send?: (url: string, body: string, session: string | null) => void;
  batching?: boolean;
  now?: () => number;
  /** The address's query, read when a session starts (ref, utm_source, utm_campaign, utm_medium). */
  search?: () => string;
};

export type ViewData = { entry: string; platform: 'd' | 'm'; view: 'p' | 'l'; tab?: string };

export const encodePayload = (events: AnalyticsEvent[]): string => {
  const bytes = new TextEncoder().encode(JSON.stringify(events));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
};

/** Server contract: POST {url} application/json `{ payload, session? }` (packages/server/src/modules/analytics). */
export const beaconBody = (payload: string, session: string | null): string => JSON.stringify(session ? { payload, session } : { payload });

const defaultSend = (url: string, payload: string, session: string | null) => {
  const body = beaconBody(payload, session);
  try {
    if (typeof navigator !== 'undefined' && navigator.sendBeacon?.(url, new Blob([body], { type: 'application/json' }))) return;
  } catch {
    // A browser that refuses the beacon gets the keepalive fetch below.
  }
  void fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json' }, keepalive: true, credentials: 'same-origin' }).catch(
    () => undefined,
  );
};

/**
 * The query a new session takes its ref and utm values from: the current address when it has them, else the one
 * this page load began on (consent often comes after the first click). Nothing is stored before consent, so a
 * campaign address left by a full page load before the visitor consents is not known to the session.
 */
const landingSearch = typeof location === 'undefined' ? '' : location.search;
const addressSearch = () => {
  const current = typeof location === 'undefined' ? '' : location.search;
  return /[?&](ref|utm_source|utm_campaign|utm_medium)=/.test(current) ? current : landingSearch;
};

export const isFirefox = (): boolean => typeof navigator !== 'undefined' && /firefox/i.test(navigator.userAgent);

export function createTracker({ endpoint, allowed, storage, send = defaultSend, batching = !isFirefox(), now = Date.now, search = addressSearch }: TrackerOptions) {
  let queue: AnalyticsEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastPage: string | null = null;

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!endpoint || queue.length === 0) return;
    const events = queue;
    queue = [];
    send(endpoint, encodePayload(events), storage ? touchSession(storage, now(), search()).id : null);
  };

  const enqueue = (event: AnalyticsEvent) => {
    queue.push(event);
    if (!batching || queue.length >= BATCH_MAX) flush();
    else timer ??= setTimeout(flush, BATCH_DELAY_MS);
  };

  /** Extends the visit session, or starts one from the address; its session-start goes out with the next event. */
  let sessionStart: AnalyticsEvent | null = null;
  const ensureSession = () => {
    if (!storage) return;
    const before = currentSessionId(storage, now());
    const session = touchSession(storage, now(), search());
    if (session.id === before) return;
    const text = (value: string | null) => (value === null ? null : value.slice(0, MAX_TEXT));
    sessionStart = {
      name: 'session-start',
      page: lastPage,
      ts: Math.floor(now() / 1000),
      data: { ref: text(session.ref), utmSource: text(session.utmSource), utmCampaign: text(session.utmCampaign), utmMedium: text(session.utmMedium) },
    };
  };

  const track = (name: string, data: AnalyticsEvent['data'] = {}, page?: string | null) => {
    // The page is known whether or not this view may be sent: the events after consent still name it.
    if (name === 'page-view' && typeof data.key === 'string') lastPage = data.key;
    if (!endpoint || !allowed()) return;
    ensureSession();
    if (sessionStart) queue.push(sessionStart);
    sessionStart = null;
    enqueue({ name, page: page ?? lastPage, ts: Math.floor(now() / 1000), data });
  };

  return {
    track,
    flush,
    /** A post shown in a list: counted once per session. */
    impression(postId: string, data: AnalyticsEvent['data'] = {}, page?: string | null) {
      if (!endpoint || !allowed()) return;
      ensureSession();
      if (firstInSession(storage, now(), `impression:${postId}`, search())) track('post-impression', { postId, ...data }, page);
    },
    /**
     * Starts the one-second timer of a post's unique view (entry, platform d or m, view p single post or l list, and
     * on the post page its tab); returns the cancel function for when the post leaves the screen first.
     */
    viewStarted(postId: string, data: ViewData): () => void {
      const t = setTimeout(() => {
        if (!endpoint || !allowed()) return;
        ensureSession();
        if (firstInSession(storage, now(), `view:${postId}`, search())) track('unique-view', { postId, ...data }, data.entry || null);
      }, UNIQUE_VIEW_AFTER_MS);
      return () => clearTimeout(t);
    },
    pending: () => queue.length,
  };
}

export type Tracker = ReturnType<typeof createTracker>;
