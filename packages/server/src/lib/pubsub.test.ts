import { afterEach, describe, expect, it } from 'vitest';
import { createBus, LocalBus, RedisBus, type Bus, type BusEvent } from './pubsub.js';

const quiet = { info: () => undefined, warn: () => undefined };
const buses: Bus[] = [];
afterEach(async () => {
  await Promise.all(buses.splice(0).map((b) => b.close()));
});

function inbox() {
  const events: BusEvent[] = [];
  return {
    events,
    listener: (e: BusEvent) => void events.push(e),
    async waitFor(count: number, timeoutMs = 2000) {
      const deadline = Date.now() + timeoutMs;
      while (events.length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      return events;
    },
  };
}

describe('LocalBus', () => {
  it('delivers to the channel’s listeners until they unsubscribe', async () => {
    const bus = new LocalBus();
    buses.push(bus);
    const mine = inbox();
    const other = inbox();
    const off = await bus.subscribe('user:1', mine.listener);
    await bus.subscribe('user:2', other.listener);
    await bus.publish('user:1', { type: 'notification', unreadCount: 1 });
    expect(await mine.waitFor(1)).toEqual([{ type: 'notification', unreadCount: 1 }]);
    off();
    await bus.publish('user:1', { type: 'notification', unreadCount: 2 });
    await new Promise((r) => setTimeout(r, 20));
    expect(mine.events).toHaveLength(1);
    expect(other.events).toEqual([]);
  });

  it('is what createBus makes without REDIS_URL', () => {
    const bus = createBus(null, quiet);
    buses.push(bus);
    expect(bus.kind).toBe('local');
  });
});

describe('RedisBus while Redis is unreachable', () => {
  it('still delivers to this instance’s own listeners, and says so once', async () => {
    const warnings: string[] = [];
    const bus = new RedisBus('redis://127.0.0.1:1', { info: () => undefined, warn: (_o, msg) => void warnings.push(msg) });
    buses.push(bus);
    const mine = inbox();
    await bus.subscribe('user:7', mine.listener);
    await bus.publish('user:7', { type: 'read-state', unreadCount: 0 });
    expect(await mine.waitFor(1)).toEqual([{ type: 'read-state', unreadCount: 0 }]);
    expect(warnings.filter((w) => w.startsWith('redis unreachable')).length).toBeGreaterThanOrEqual(1);
  });
});

describe.skipIf(!process.env.REDIS_URL_TEST)('RedisBus with Redis', () => {
  const url = process.env.REDIS_URL_TEST as string;

  it('carries events between two buses (two instances), once each, and stops after unsubscribe', async () => {
    const a = new RedisBus(url, quiet);
    const b = new RedisBus(url, quiet);
    buses.push(a, b);
    const onA = inbox();
    const onB = inbox();
    const channel = `user:test-${Date.now()}`;
    await a.subscribe(channel, onA.listener);
    const offB = await b.subscribe(channel, onB.listener);
    await a.publish(channel, { type: 'notification', unreadCount: 4 });
    expect(await onB.waitFor(1)).toEqual([{ type: 'notification', unreadCount: 4 }]);
    expect(await onA.waitFor(1)).toEqual([{ type: 'notification', unreadCount: 4 }]);
    offB();
    await new Promise((r) => setTimeout(r, 50));
    await a.publish(channel, { type: 'notification', unreadCount: 5 });
    await onA.waitFor(2);
    await new Promise((r) => setTimeout(r, 50));
    expect(onA.events).toHaveLength(2);
    expect(onB.events).toHaveLength(1);
  });
});
