import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPushClient, parsePushEvent, pushUrl, type PushSocket, type ReadState } from './push-client';

class FakeSocket implements PushSocket {
  onopen: PushSocket['onopen'] = null;
  onmessage: PushSocket['onmessage'] = null;
  onclose: PushSocket['onclose'] = null;
  onerror: PushSocket['onerror'] = null;
  closed = false;
  constructor(readonly url: string) {}
  open() {
    this.onopen?.({});
  }
  receive(event: object) {
    this.onmessage?.({ data: JSON.stringify(event) });
  }
  drop() {
    this.onclose?.({});
  }
  close() {
    this.closed = true;
    this.onclose?.({});
  }
}

describe('push client (shell-and-account.md §4 timing)', () => {
  let sockets: FakeSocket[];
  let fetches: number[];
  let states: ReadState[];
  let unread: number;

  beforeEach(() => {
    vi.useFakeTimers();
    sockets = [];
    fetches = [];
    states = [];
    unread = 0;
  });
  afterEach(() => vi.useRealTimers());

  const client = () =>
    createPushClient({
      pushHost: 'https://guffaw.test',
      createSocket: (url) => {
        const s = new FakeSocket(url);
        sockets.push(s);
        return s;
      },
      fetchReadState: () => {
        fetches.push(Date.now());
        return Promise.resolve({ lastReadTimestamp: 1, unreadCount: unread });
      },
      onReadState: (s) => void states.push(s),
      onError: () => undefined,
    });

  it('starts after 2 s: opens the stream and reads the state once', async () => {
    const push = client();
    push.start();
    await vi.advanceTimersByTimeAsync(1999);
    expect(sockets).toHaveLength(0);
    expect(fetches).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets.map((s) => s.url)).toEqual(['wss://guffaw.test/v1/push']);
    expect(fetches).toHaveLength(1);
    expect(states).toEqual([{ lastReadTimestamp: 1, unreadCount: 0 }]);
    push.stop();
  });

  it('re-fetches on any message, at most every 5 s, checking the queue every second', async () => {
    const push = client();
    push.start();
    await vi.advanceTimersByTimeAsync(2000);
    sockets[0]!.open();
    const t0 = fetches[0]!;
    unread = 3;
    sockets[0]!.receive({ type: 'notification', unreadCount: 3, notificationType: 'UPVOTE' });
    sockets[0]!.receive({ type: 'notification', unreadCount: 3, notificationType: 'UPVOTE' });
    await vi.advanceTimersByTimeAsync(4000);
    expect(fetches).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetches).toHaveLength(2);
    expect(fetches[1]! - t0).toBe(5000);
    expect(states.at(-1)).toEqual({ lastReadTimestamp: 1, unreadCount: 3 });
    // Two messages, one fetch; nothing more queued.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetches).toHaveLength(2);
    // Malformed messages are ignored.
    sockets[0]!.onmessage?.({ data: 'not json' });
    await vi.advanceTimersByTimeAsync(6000);
    expect(fetches).toHaveLength(2);
    push.stop();
  });

  it('refreshes as a fallback after 3 min, then 4.5 min', async () => {
    const push = client();
    push.start();
    await vi.advanceTimersByTimeAsync(2000);
    sockets[0]!.open();
    await vi.advanceTimersByTimeAsync(3 * 60_000 + 1000);
    expect(fetches).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(4.5 * 60_000 - 2000);
    expect(fetches).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetches).toHaveLength(3);
    push.stop();
  });

  it('reconnects a dropped stream with a growing delay and re-reads what it may have missed', async () => {
    const push = client();
    push.start();
    await vi.advanceTimersByTimeAsync(2000);
    sockets[0]!.open();
    await vi.advanceTimersByTimeAsync(10_000);
    sockets[0]!.drop();
    await vi.advanceTimersByTimeAsync(1300);
    expect(sockets).toHaveLength(2);
    expect(fetches).toHaveLength(2);
    sockets[1]!.drop(); // never opened: wait longer, no extra fetch
    await vi.advanceTimersByTimeAsync(1300);
    expect(sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sockets).toHaveLength(3);
    push.stop();
    expect(sockets[2]!.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(3);
  });

  it('logs and ignores a failed read', async () => {
    const errors: unknown[] = [];
    const push = createPushClient({
      pushHost: 'http://localhost:3000',
      createSocket: (url) => new FakeSocket(url),
      fetchReadState: () => Promise.reject(new Error('offline')),
      onReadState: () => expect.unreachable(),
      onError: (e) => void errors.push(e),
    });
    push.start();
    await vi.advanceTimersByTimeAsync(2000);
    expect(errors).toHaveLength(1);
    push.stop();
  });
});

describe('push helpers', () => {
  it('maps the notification host to its stream URL', () => {
    expect(pushUrl('http://localhost:3000')).toBe('ws://localhost:3000/v1/push');
    expect(pushUrl('https://guffaw.test/')).toBe('wss://guffaw.test/v1/push');
  });

  it('accepts only events with a type and a count', () => {
    expect(parsePushEvent('{"type":"ready","unreadCount":2}')).toEqual({ type: 'ready', unreadCount: 2 });
    expect(parsePushEvent('{"type":"ready"}')).toBeNull();
    expect(parsePushEvent('[1]')).toBeNull();
    expect(parsePushEvent('null')).toBeNull();
    expect(parsePushEvent(42)).toBeNull();
  });
});
