import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import { REDIS_COMMAND_TIMEOUT_MS, createRedis, type ServiceLog } from './redis.js';

/** A small JSON event for live clients: `{ type: 'notification', unreadCount: 3 }`. */
export type BusEvent = { type: string } & Record<string, unknown>;
export type BusListener = (event: BusEvent) => void;

/**
 * The event bus behind live push. Every server instance delivers to its own sockets: a socket subscribes on the
 * instance it is connected to, and `publish` reaches the subscribers of every instance.
 * - `local`: one process (an in-process EventEmitter).
 * - `redis`: several instances share events through Redis pub/sub. While Redis is unreachable, events are delivered to
 *   this instance's own subscribers only; nothing else is lost (notifications are rows, the list is re-read).
 */
export interface Bus {
  readonly kind: 'local' | 'redis';
  publish(channel: string, event: BusEvent): Promise<void>;
  /** Resolves once events published from any instance reach `listener`; the result unsubscribes. */
  subscribe(channel: string, listener: BusListener): Promise<() => void>;
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    bus: Bus;
  }
}

export function createBus(redisUrl: string | null, log: ServiceLog): Bus {
  return redisUrl ? new RedisBus(redisUrl, log) : new LocalBus();
}

/** Delivery to this process's listeners, shared by both buses. */
class LocalFanout {
  private readonly emitter = new EventEmitter();
  constructor() {
    // One listener per open socket: thousands on one channel are normal, not a leak.
    this.emitter.setMaxListeners(0);
  }
  emit(channel: string, event: BusEvent): void {
    this.emitter.emit(channel, event);
  }
  /** Adds a listener; returns true when it is the channel's first. */
  add(channel: string, listener: BusListener): boolean {
    this.emitter.on(channel, listener);
    return this.emitter.listenerCount(channel) === 1;
  }
  /** Removes a listener; returns true when the channel has none left. */
  remove(channel: string, listener: BusListener): boolean {
    this.emitter.off(channel, listener);
    return this.emitter.listenerCount(channel) === 0;
  }
  clear(): void {
    this.emitter.removeAllListeners();
  }
}

export class LocalBus implements Bus {
  readonly kind = 'local';
  private readonly fanout = new LocalFanout();

  publish(channel: string, event: BusEvent): Promise<void> {
    // Delivered on a later tick, as over Redis: a publisher never runs listeners inside its own call.
    setImmediate(() => this.fanout.emit(channel, event));
    return Promise.resolve();
  }

  subscribe(channel: string, listener: BusListener): Promise<() => void> {
    this.fanout.add(channel, listener);
    return Promise.resolve(() => void this.fanout.remove(channel, listener));
  }

  close(): Promise<void> {
    this.fanout.clear();
    return Promise.resolve();
  }
}

const KEY_PREFIX = 'guffaw:';
/** How long a subscriber waits for Redis to confirm a SUBSCRIBE before counting on local delivery only. */
const SUBSCRIBE_WAIT_MS = 2000;
/**
 * How long a publish waits for a connection that is still being made before delivering locally: a request that
 * publishes never waits on Redis longer than a command may take (lib/redis.ts).
 */
const PUBLISH_WAIT_MS = REDIS_COMMAND_TIMEOUT_MS;

type Envelope = { event: BusEvent };

export class RedisBus implements Bus {
  readonly kind = 'redis';
  private readonly fanout = new LocalFanout();
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private closed = false;

  constructor(url: string, private readonly log: ServiceLog) {
    this.publisher = createRedis(url, 'publisher', log);
    this.subscriber = createRedis(url, 'subscriber', log);
    this.subscriber.on('message', (key: string, raw: string) => {
      if (!key.startsWith(KEY_PREFIX)) return;
      let envelope: Envelope;
      try {
        envelope = JSON.parse(raw) as Envelope;
      } catch {
        return;
      }
      if (envelope && typeof envelope.event?.type === 'string') this.fanout.emit(key.slice(KEY_PREFIX.length), envelope.event);
    });
  }

  async publish(channel: string, event: BusEvent): Promise<void> {
    if (this.closed) return;
    const envelope: Envelope = { event };
    if (await whenReady(this.publisher, PUBLISH_WAIT_MS)) {
      try {
        await this.publisher.publish(KEY_PREFIX + channel, JSON.stringify(envelope));
        return;
      } catch (error) {
        this.log.warn({ err: (error as Error).message, channel }, 'redis publish failed; delivering on this instance only');
      }
    }
    setImmediate(() => this.fanout.emit(channel, event));
  }

  async subscribe(channel: string, listener: BusListener): Promise<() => void> {
    const first = this.fanout.add(channel, listener);
    if (first && !this.closed) {
      // Queued while Redis is down and replayed on reconnect (ioredis re-subscribes known channels too).
      const confirmed = this.subscriber.subscribe(KEY_PREFIX + channel).catch((error: Error) => {
        this.log.warn({ err: error.message, channel }, 'redis subscribe failed');
      });
      // Waits for the confirmation unless Redis is known to be down (then delivery is local until it is back).
      if (await whenReady(this.subscriber, SUBSCRIBE_WAIT_MS)) await Promise.race([confirmed, delay(SUBSCRIBE_WAIT_MS)]);
    }
    return () => {
      const last = this.fanout.remove(channel, listener);
      if (last && !this.closed) this.subscriber.unsubscribe(KEY_PREFIX + channel).catch(() => undefined);
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.fanout.clear();
    await Promise.all([quit(this.publisher), quit(this.subscriber)]);
  }
}

/**
 * True once the connection is ready. A connection still being made (at startup) is waited for, up to `ms`; one that is
 * known to be down (reconnecting after an error, or closed) answers false at once.
 */
async function whenReady(redis: Redis, ms: number): Promise<boolean> {
  if (redis.status === 'ready') return true;
  if (redis.status === 'reconnecting' || redis.status === 'end' || redis.status === 'close') return false;
  let settle: (ready: boolean) => void = () => undefined;
  const outcome = new Promise<boolean>((resolve) => {
    settle = resolve;
  });
  const onReady = () => settle(true);
  const onError = () => settle(false);
  redis.once('ready', onReady);
  redis.once('error', onError);
  const timer = setTimeout(() => settle(false), ms);
  const ready = await outcome;
  clearTimeout(timer);
  redis.off('ready', onReady);
  redis.off('error', onError);
  return ready;
}

/** QUIT when connected (flushes pending publishes), otherwise drop the connection and stop reconnecting. */
async function quit(redis: Redis): Promise<void> {
  if (redis.status === 'ready') {
    try {
      await Promise.race([redis.quit(), delay(1000)]);
    } catch {
      /* already gone */
    }
  }
  redis.disconnect();
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
