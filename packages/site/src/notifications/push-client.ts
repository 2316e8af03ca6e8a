import { pushSocketUrl } from '../lib/endpoints/push';
import { readStateCall, readStateUrl } from '../lib/endpoints/read-state';

/**
 * The live notification stream of a logged-in user (shell-and-account.md §4 "Push", §7 "Websocket push stream").
 *
 * The server (`GET /v1/push`, a WebSocket on the notification host, authenticated by the session cookie) sends small
 * JSON events; any of them only tells the page that its read state changed. Timing, from §4 and §9:
 * - the stream and the queue start 2 s after `start()`;
 * - a message queues a re-fetch of the read state; the queue is checked every 1 s and fetches at most every 5 s;
 * - a fallback refresh is queued after 3 min, then after 1.5 times the previous wait, in case the stream is silent;
 * - a dropped stream reconnects with a growing delay and queues a re-fetch (events may have been missed meanwhile).
 * Read-state failures are logged and ignored (§8): the count stays as it is.
 */

/** GET|POST /v1/read-state.json's payload: the contract's (@guffaw/api notifications.ts). */
export type { ReadState } from '@guffaw/api';
import type { ReadState } from '@guffaw/api';

/** What the server sends (packages/server/src/modules/notifications/service.ts PushEvent). */
export type PushEvent =
  | { type: 'ready'; unreadCount: number }
  | { type: 'notification'; unreadCount: number; notificationType: string }
  | { type: 'read-state'; unreadCount: number };

export const PUSH_INIT_DELAY_MS = 2000;
export const READ_STATE_MIN_INTERVAL_MS = 5000;
export const QUEUE_CHECK_MS = 1000;
export const FALLBACK_REFRESH_MS = 3 * 60 * 1000;
export const FALLBACK_REFRESH_GROWTH = 1.5;
export const RECONNECT_MIN_MS = 1000;
export const RECONNECT_MAX_MS = 60_000;

/** The part of the browser's WebSocket the client uses (tests pass a fake). */
export type PushSocket = {
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  close(): void;
};
export type PushSocketFactory = (url: string) => PushSocket;

export type PushClientOptions = {
  /** The notification host (config notiOptions.pushHost); defaults to this page's origin. */
  pushHost?: string;
  /** Reads the read state (GET {notification host}/v1/read-state.json); defaults to a plain fetch of it. */
  fetchReadState?: () => Promise<ReadState>;
  /** The read-state params the user info hands out (notiOptions.readStateParams), sent by the default fetch. */
  readStateParams?: string;
  onReadState(state: ReadState): void;
  /** Every event as it arrives, for views that want it at once. */
  onEvent?: (event: PushEvent) => void;
  onError?: (error: unknown) => void;
  createSocket?: PushSocketFactory;
  now?: () => number;
};

export type PushClient = {
  /** Starts after the §4 delay; a second call while running does nothing. */
  start(): void;
  stop(): void;
  /** Queues a read-state re-fetch (it still respects the 5 s spacing). */
  requestRefresh(): void;
};

/** `https://host` → `wss://host/v1/push`. */
export function pushUrl(host: string): string {
  const url = pushSocketUrl(host);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

export function parsePushEvent(data: unknown): PushEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const value = JSON.parse(data) as { type?: unknown; unreadCount?: unknown };
    if (typeof value !== 'object' || value === null || typeof value.type !== 'string') return null;
    if (typeof value.unreadCount !== 'number') return null;
    return value as PushEvent;
  } catch {
    return null;
  }
}

export function createPushClient(options: PushClientOptions): PushClient {
  const host = options.pushHost || (typeof location === 'undefined' ? 'http://localhost' : location.origin);
  const now = options.now ?? (() => Date.now());
  const onError = options.onError ?? ((error: unknown) => console.warn('notifications: push or read state failed', error));
  const createSocket: PushSocketFactory = options.createSocket ?? ((url) => new WebSocket(url) as unknown as PushSocket);
  const fetchReadState = options.fetchReadState ?? (() => defaultFetchReadState(host, options.readStateParams ?? ''));

  let running = false;
  let socket: PushSocket | null = null;
  let queued = false;
  let fetching = false;
  let lastFetchAt = -Infinity;
  let fallbackWait = FALLBACK_REFRESH_MS;
  let reconnectWait = RECONNECT_MIN_MS;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let queueTimer: ReturnType<typeof setInterval> | null = null;

  const later = (ms: number, run: () => void) => {
    const id = setTimeout(() => {
      timers.delete(id);
      if (running) run();
    }, ms);
    timers.add(id);
  };

  const checkQueue = () => {
    if (!queued || fetching || now() - lastFetchAt < READ_STATE_MIN_INTERVAL_MS) return;
    queued = false;
    fetching = true;
    lastFetchAt = now();
    fetchReadState()
      .then((state) => {
        if (running) options.onReadState(state);
      })
      .catch(onError)
      .finally(() => {
        fetching = false;
      });
  };

  const scheduleFallback = () => {
    later(fallbackWait, () => {
      queued = true;
      fallbackWait = Math.round(fallbackWait * FALLBACK_REFRESH_GROWTH);
      scheduleFallback();
    });
  };

  const connect = () => {
    let opened = false;
    try {
      socket = createSocket(pushUrl(host));
    } catch (error) {
      onError(error);
      return reconnectLater();
    }
    socket.onopen = () => {
      opened = true;
      reconnectWait = RECONNECT_MIN_MS;
    };
    socket.onmessage = (message) => {
      const event = parsePushEvent(message.data);
      if (!event) return;
      queued = true;
      options.onEvent?.(event);
    };
    socket.onerror = () => undefined;
    socket.onclose = () => {
      socket = null;
      if (!running) return;
      // Whatever happened while the stream was down is picked up by the next read.
      if (opened) queued = true;
      reconnectLater();
    };
  };

  const reconnectLater = () => {
    const wait = reconnectWait;
    reconnectWait = Math.min(reconnectWait * 2, RECONNECT_MAX_MS);
    later(wait + Math.floor(Math.random() * 250), connect);
  };

  return {
    start() {
      if (running) return;
      running = true;
      later(PUSH_INIT_DELAY_MS, () => {
        queued = true;
        queueTimer = setInterval(checkQueue, QUEUE_CHECK_MS);
        checkQueue();
        connect();
        scheduleFallback();
      });
    },
    stop() {
      running = false;
      for (const id of timers) clearTimeout(id);
      timers.clear();
      if (queueTimer !== null) clearInterval(queueTimer);
      queueTimer = null;
      const open = socket;
      socket = null;
      open?.close();
      queued = false;
      fallbackWait = FALLBACK_REFRESH_MS;
      reconnectWait = RECONNECT_MIN_MS;
    },
    requestRefresh() {
      queued = true;
    },
  };
}

async function defaultFetchReadState(host: string, params: string): Promise<ReadState> {
  const url = readStateUrl(host);
  if (params) url.search = params;
  return readStateCall(url, { credentials: 'include' });
}
