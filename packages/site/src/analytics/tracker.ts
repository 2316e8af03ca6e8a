import { firstInSession, touchSession } from './session';

/**
 * Analytics events (shell-and-account.md §7 "Analytics and logging"): batched and POSTed to the configured endpoint
 * as a base64-encoded JSON payload (no batching on Firefox), never sent unless tracking is allowed; post impressions
 * are counted once per session; the unique view of a post is sent after it was seen for one second.
 */
export type AnalyticsEvent = { name: string; page: string | null; ts: number; data: Record<string, string | number | boolean | null> };

export const BATCH_DELAY_MS = 2000;
export const BATCH_MAX = 20;
export const UNIQUE_VIEW_AFTER_MS = 1000;

export type TrackerOptions = {
  endpoint: string | null;
  allowed: () => boolean;
  storage: Storage | null;
  /** body: the base64 payload; session: the visit session id the server deduplicates impressions by. */
  send?: (url: string, body: string, session: string | null) => void;
  batching?: boolean;
  now?: () => number;
  page?: () => string | null;
};

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

export const isFirefox = (): boolean => typeof navigator !== 'undefined' && /firefox/i.test(navigator.userAgent);

export function createTracker({ endpoint, allowed, storage, send = defaultSend, batching = !isFirefox(), now = Date.now, page = () => null }: TrackerOptions) {
  let queue: AnalyticsEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!endpoint || queue.length === 0) return;
    const events = queue;
    queue = [];
    send(endpoint, encodePayload(events), storage ? touchSession(storage, now()).id : null);
  };

  const track = (name: string, data: AnalyticsEvent['data'] = {}) => {
    if (!endpoint || !allowed()) return;
    queue.push({ name, page: page(), ts: Math.floor(now() / 1000), data });
    if (!batching || queue.length >= BATCH_MAX) flush();
    else timer ??= setTimeout(flush, BATCH_DELAY_MS);
  };

  return {
    track,
    flush,
    /** A post shown in a list: counted once per session. */
    impression(postId: string, data: AnalyticsEvent['data'] = {}) {
      if (!endpoint || !allowed()) return;
      if (firstInSession(storage, now(), `impression:${postId}`)) track('post-impression', { postId, ...data });
    },
    /**
     * Starts the one-second timer of a post's unique view (entry, platform d or m, view p single post or l list);
     * returns the cancel function for when the post leaves the screen first.
     */
    viewStarted(postId: string, data: { entry: string; platform: 'd' | 'm'; view: 'p' | 'l' }): () => void {
      const t = setTimeout(() => {
        if (!endpoint || !allowed()) return;
        if (firstInSession(storage, now(), `view:${postId}`)) track('unique-view', { postId, ...data });
      }, UNIQUE_VIEW_AFTER_MS);
      return () => clearTimeout(t);
    },
    pending: () => queue.length,
  };
}

export type Tracker = ReturnType<typeof createTracker>;
