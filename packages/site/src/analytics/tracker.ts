import { firstInSession } from './session';

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
  send?: (url: string, body: string) => void;
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

const defaultSend = (url: string, body: string) => {
  const blob = new Blob([JSON.stringify({ payload: body })], { type: 'application/json' });
  if (typeof navigator !== 'undefined' && navigator.sendBeacon?.(url, blob)) return;
  void fetch(url, { method: 'POST', body: blob, keepalive: true, credentials: 'same-origin' }).catch(() => undefined);
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
    send(endpoint, encodePayload(events));
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
