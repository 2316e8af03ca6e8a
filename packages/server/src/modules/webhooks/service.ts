import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import type { Database } from '../../db/index.js';
import { isPublicAddress, isSafeFetchError, parsePublicUrl, safeFetch, type SafeFetchOptions } from '../../lib/safe-fetch.js';
import * as repo from './repository.js';
import { WEBHOOK_ID_HEADER, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER, signWebhook } from './signature.js';

/** The events an endpoint can receive (README.md "Webhooks"). */
export const WEBHOOK_EVENTS = ['comment.created', 'comment.deleted', 'comment.reported', 'comment.hidden', 'user.banned'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];
export const isWebhookEvent = (v: string): v is WebhookEventType => (WEBHOOK_EVENTS as readonly string[]).includes(v);

/**
 * Retries: waits from `baseMs`, doubling, each capped at `capMs`, ±`jitter` of it at random; the last attempt falls on
 * `windowMs` after the event (no later), then the delivery is failed. With DEFAULT_BACKOFF (30 s, 4 h, 24 h, 20 %)
 * that is 15 attempts (without jitter): at once, after 30 s, 1, 2, 4, … 128 min, then every 4 h, the last at 24 h.
 */
export type Backoff = { baseMs: number; capMs: number; windowMs: number; jitter: number };
export const DEFAULT_BACKOFF: Readonly<Backoff> = { baseMs: 30_000, capMs: 4 * 3600_000, windowMs: 24 * 3600_000, jitter: 0.2 };
/** Per attempt: connect, send and the whole answer. */
export const ATTEMPT_TIMEOUT_MS = 10_000;
/** The start of a receiver's answer kept in the log. */
export const RESPONSE_LOG_BYTES = 1024;
/** How often an idle worker looks for due deliveries (others' enqueues, retries it did not schedule itself). */
export const POLL_MS = 5_000;
const CLAIM_BATCH = 20;
const LEASE_MS = 60_000;
const ENDPOINT_CACHE_MS = 5_000;
/** Finished deliveries stay in the log this long, then go (checked at most hourly). */
export const LOG_RETENTION_MS = 30 * 24 * 3600_000;
const PRUNE_EVERY_MS = 3600_000;

/** The wait before the attempt that follows `failures` failed ones. */
export function retryDelay(failures: number, b: Backoff = DEFAULT_BACKOFF, random: () => number = Math.random): number {
  const exp = Math.min(b.capMs, b.baseMs * 2 ** Math.max(0, failures - 1));
  return Math.round(exp * (1 - b.jitter + 2 * b.jitter * random()));
}

/** When to try again after `failures` failures at `now`, or null when the retry window is over (failed). */
export function nextAttemptTime(createdAt: number, now: number, failures: number, b: Backoff = DEFAULT_BACKOFF, random: () => number = Math.random): number | null {
  const deadline = createdAt + b.windowMs;
  if (now >= deadline) return null;
  return Math.min(now + retryDelay(failures, b, random), deadline);
}

export class WebhookInputError extends Error {
  override readonly name = 'WebhookInputError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export type WebhookLog = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

export type WebhookServiceOptions = {
  log?: WebhookLog;
  /** Tests only: lets deliveries reach a loopback receiver (never set by app.ts: private addresses are refused). */
  fetchOptions?: Pick<SafeFetchOptions, 'allowAddress' | 'allowedPorts' | 'resolve'>;
  backoff?: Partial<Backoff>;
  pollMs?: number;
  timeoutMs?: number;
  now?: () => number;
  random?: () => number;
};

export type DeliveryWithAttempts = repo.DeliveryRow & { log: repo.AttemptRow[] };

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/**
 * Webhooks of the comment apps: endpoints, the durable queue of deliveries and the worker that sends them.
 * `enqueue` writes one delivery row per subscribed endpoint (the queue survives restarts); the worker claims due rows
 * with a lease (several instances share the queue), POSTs them signed through safeFetch (SSRF-safe: public addresses,
 * ports 80 and 443, no redirects), logs each attempt and schedules the next with backoff until the retry window's end.
 */
export function createWebhookService(db: Database, options: WebhookServiceOptions = {}) {
  const backoff: Backoff = { ...DEFAULT_BACKOFF, ...options.backoff };
  const pollMs = options.pollMs ?? POLL_MS;
  const timeoutMs = options.timeoutMs ?? ATTEMPT_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const fetchOptions = options.fetchOptions ?? {};
  const log: WebhookLog = options.log ?? { warn: () => undefined, error: () => undefined };

  const endpointCache = new Map<string, { rows: repo.EndpointRow[]; at: number }>();
  async function activeEndpoints(appId: string): Promise<repo.EndpointRow[]> {
    const hit = endpointCache.get(appId);
    if (hit && Date.now() - hit.at < ENDPOINT_CACHE_MS) return hit.rows;
    const rows = (await repo.listEndpoints(db, appId)).filter((e) => e.active);
    if (endpointCache.size > 10_000) endpointCache.clear();
    endpointCache.set(appId, { rows, at: Date.now() });
    return rows;
  }
  const subscribed = (e: repo.EndpointRow, type: WebhookEventType) => {
    const events = Array.isArray(e.events) ? (e.events as unknown[]) : [];
    return events.length === 0 || events.includes(type);
  };

  /** The url an endpoint may have: http(s), no credentials, ports 80/443, and not a private address literal. */
  function checkUrl(raw: string): string {
    let url: URL;
    try {
      url = parsePublicUrl(raw, fetchOptions.allowedPorts);
    } catch (error) {
      throw new WebhookInputError('INVALID_URL', isSafeFetchError(error) ? error.message : 'The url is not valid.');
    }
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && !isPublicAddress(host) && !(fetchOptions.allowAddress?.(host) ?? false)) {
      throw new WebhookInputError('URL_NOT_ALLOWED', 'Webhooks cannot be sent to private, loopback or reserved addresses.');
    }
    return url.toString();
  }

  function checkEvents(events: string[]): WebhookEventType[] {
    const list = [...new Set(events.flatMap((e) => e.split(',')).map((e) => e.trim()).filter(Boolean))];
    const unknown = list.filter((e) => !isWebhookEvent(e));
    if (unknown.length > 0) throw new WebhookInputError('INVALID_EVENTS', `Unknown event ${unknown.join(', ')}; events: ${WEBHOOK_EVENTS.join(', ')}.`);
    return list as WebhookEventType[];
  }

  // --- management ---------------------------------------------------------------------------------------------

  async function addEndpoint(input: { appId: string; url: string; events?: string[] }): Promise<repo.EndpointRow> {
    const row = await repo.insertEndpoint(db, {
      id: `wh_${hex(8)}`,
      appId: input.appId,
      url: checkUrl(input.url),
      secret: `whsec_${randomBytes(24).toString('base64url')}`,
      events: checkEvents(input.events ?? []),
    });
    endpointCache.delete(input.appId);
    return row;
  }

  async function removeEndpoint(id: string): Promise<boolean> {
    const row = await repo.findEndpoint(db, id);
    if (!row) return false;
    endpointCache.delete(row.appId);
    return repo.deleteEndpoint(db, id);
  }

  async function deliveries(appId: string, limit = 50): Promise<DeliveryWithAttempts[]> {
    const rows = await repo.listDeliveries(db, appId, limit);
    const attempts = await repo.listAttempts(db, rows.map((r) => r.id));
    return rows.map((r) => ({ ...r, log: attempts.filter((a) => a.deliveryId === r.id) }));
  }

  /** Sends a delivery's event again, as a new delivery (same event id and body, a fresh signature and retry window). */
  async function replay(deliveryId: string): Promise<repo.DeliveryRow> {
    const original = await repo.findDelivery(db, deliveryId);
    if (!original) throw new WebhookInputError('DELIVERY_NOT_FOUND', `No delivery with id ${deliveryId}.`);
    const endpoint = await repo.findEndpoint(db, original.endpointId);
    if (!endpoint?.active) throw new WebhookInputError('ENDPOINT_INACTIVE', 'The endpoint of this delivery is not active.');
    const at = new Date(now());
    const id = `whd_${hex(12)}`;
    await repo.insertDeliveries(db, [{
      id, endpointId: original.endpointId, appId: original.appId, eventId: original.eventId, eventType: original.eventType,
      payload: original.payload, nextAttemptAt: at, createdAt: at, replayOf: original.id,
    }]);
    kick();
    return (await repo.findDelivery(db, id)) as repo.DeliveryRow;
  }

  // --- events -------------------------------------------------------------------------------------------------

  /**
   * Queues an event for every active endpoint of the app subscribed to it; costs one cached lookup when there is
   * none. The body is fixed here: every attempt and replay sends these bytes.
   */
  async function enqueue(appId: string, type: WebhookEventType, data: Record<string, unknown>): Promise<number> {
    const targets = (await activeEndpoints(appId)).filter((e) => subscribed(e, type));
    if (targets.length === 0) return 0;
    const at = new Date(now());
    const eventId = `evt_${hex(12)}`;
    const payload = JSON.stringify({ id: eventId, type, createdAt: at.toISOString(), appId, data });
    await repo.insertDeliveries(db, targets.map((e) => ({
      id: `whd_${hex(12)}`, endpointId: e.id, appId, eventId, eventType: type, payload, nextAttemptAt: at, createdAt: at,
    })));
    kick();
    return targets.length;
  }

  // --- delivery worker ----------------------------------------------------------------------------------------

  let stopped = true;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;

  function schedule(ms: number): void {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      void drain();
    }, ms);
    timer.unref();
  }
  function kick(): void {
    if (!stopped) schedule(0);
  }

  async function deliver(row: repo.DeliveryRow): Promise<void> {
    const attempt = row.attempts + 1;
    const startedAt = new Date(now());
    const endpoint = await repo.findEndpoint(db, row.endpointId);
    let statusCode: number | null = null;
    let error: string | null = null;
    let responseBody = '';
    let permanent = false;
    const started = Date.now();
    if (!endpoint?.active) {
      error = 'ENDPOINT_INACTIVE: the endpoint was turned off.';
      permanent = true;
    } else {
      const timestamp = Math.floor(startedAt.getTime() / 1000);
      try {
        const res = await safeFetch(endpoint.url, {
          ...fetchOptions,
          method: 'POST',
          body: row.payload,
          redirect: 'manual',
          overflow: 'truncate',
          maxBytes: RESPONSE_LOG_BYTES,
          timeoutMs,
          headers: {
            'content-type': 'application/json',
            'user-agent': 'GuffawWebhooks/1.0',
            [WEBHOOK_ID_HEADER]: row.eventId,
            [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
            [WEBHOOK_SIGNATURE_HEADER]: signWebhook(endpoint.secret, row.eventId, timestamp, row.payload),
            'Guffaw-Webhook-Event': row.eventType,
            'Guffaw-Webhook-Delivery': row.id,
            'Guffaw-Webhook-Attempt': String(attempt),
          },
        });
        statusCode = res.status;
        responseBody = res.body.toString('utf8').replace(/\0/g, '');
      } catch (e) {
        error = isSafeFetchError(e) ? `${e.code}: ${e.message}` : 'FETCH_FAILED: the request failed.';
        // An address that may not be reached stays so: retrying it for a day only repeats the refusal.
        permanent = isSafeFetchError(e) && (e.code === 'URL_NOT_ALLOWED' || e.code === 'URL_INVALID');
      }
    }
    const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
    const retryAt = ok || permanent ? null : nextAttemptTime(new Date(row.createdAt).getTime(), now(), attempt, backoff, random);
    await repo.recordAttempt(
      db,
      { deliveryId: row.id, attempt, startedAt, statusCode, error, responseBody, durationMs: Date.now() - started },
      ok ? { state: 'succeeded', nextAttemptAt: null } : retryAt === null ? { state: 'failed', nextAttemptAt: null } : { state: 'pending', nextAttemptAt: new Date(retryAt) },
    );
    if (!ok && retryAt === null) log.warn({ delivery: row.id, endpoint: row.endpointId, attempts: attempt }, 'webhook delivery failed');
  }

  /** Sends every due delivery (tests call it; the worker runs it on its timer). */
  function drain(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        for (;;) {
          const rows = await repo.claimDue(db, new Date(now()), new Date(now() + LEASE_MS), CLAIM_BATCH);
          if (rows.length === 0) break;
          await Promise.all(rows.map((r) => deliver(r).catch((err: unknown) => log.error({ err, delivery: r.id }, 'webhook delivery crashed'))));
          if (stopped) break;
        }
      } while (again && !stopped);
    })()
      .catch((err: unknown) => log.error({ err }, 'webhook worker failed'))
      .finally(() => {
        running = null;
        if (!stopped) void scheduleNext();
      });
    return running;
  }

  /** Deletes finished deliveries older than LOG_RETENTION_MS (the worker does it hourly). */
  const prune = () => repo.pruneDeliveries(db, new Date(now() - LOG_RETENTION_MS));
  let lastPrune = 0;
  async function scheduleNext(): Promise<void> {
    if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = Date.now();
      await prune().catch((err: unknown) => log.error({ err }, 'webhook log prune failed'));
    }
    const at = await repo.nextDue(db).catch(() => null);
    if (stopped || running) return;
    schedule(at ? Math.min(pollMs, Math.max(0, at.getTime() - now())) : pollMs);
  }

  return {
    enqueue,
    addEndpoint,
    removeEndpoint,
    listEndpoints: (appId?: string) => repo.listEndpoints(db, appId),
    setEndpointActive: async (id: string, active: boolean) => {
      endpointCache.clear();
      return repo.setEndpointActive(db, id, active);
    },
    deliveries,
    replay,
    drain,
    prune,
    /** Starts the worker (app.ts, on ready). */
    start(): void {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    /** Stops the worker and waits for the attempts in flight (app.ts, on close). */
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
