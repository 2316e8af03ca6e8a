import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_EXTENSION_MS, SESSION_KEY, touchSession } from './session';
import { BATCH_DELAY_MS, beaconBody, createTracker, type AnalyticsEvent } from './tracker';

const decode = (body: string): AnalyticsEvent[] => JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(body), (c) => c.charCodeAt(0))));

describe('analytics', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('extends the session by 1800 s on use and starts a new one after it expired', () => {
    const first = touchSession(localStorage, 1000, '?ref=newsletter&utm_source=mail');
    expect(first).toMatchObject({ startTs: 1000, expiryTs: 1000 + SESSION_EXTENSION_MS, ref: 'newsletter', utmSource: 'mail' });
    const later = touchSession(localStorage, 1000 + SESSION_EXTENSION_MS, '');
    expect(later.id).toBe(first.id);
    expect(later.expiryTs).toBe(1000 + 2 * SESSION_EXTENSION_MS);
    const expired = touchSession(localStorage, 1001 + 3 * SESSION_EXTENSION_MS, '');
    expect(expired.id).not.toBe(first.id);
    expect(expired.ref).toBeNull();
    expect(JSON.parse(localStorage.getItem(SESSION_KEY) ?? '{}').id).toBe(expired.id);
  });

  it('batches events into one base64 payload, sends nothing without consent', () => {
    const sent: Array<{ url: string; body: string }> = [];
    let allowed = false;
    const tracker = createTracker({ endpoint: '/v1/events', allowed: () => allowed, storage: localStorage, send: (url, body) => sent.push({ url, body }) });
    tracker.track('page-view', { key: 'Home' });
    vi.advanceTimersByTime(BATCH_DELAY_MS);
    expect(sent).toEqual([]);
    allowed = true;
    tracker.track('page-view', { key: 'Home' });
    tracker.track('click', { target: 'post' });
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(BATCH_DELAY_MS);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('/v1/events');
    expect(decode(sent[0]!.body).map((e) => e.name)).toEqual(['session-start', 'page-view', 'click']);
  });

  it('sends at once without batching (Firefox)', () => {
    const sent: string[] = [];
    const tracker = createTracker({ endpoint: '/e', allowed: () => true, storage: localStorage, batching: false, send: (_u, b) => sent.push(b) });
    tracker.track('a');
    tracker.track('b');
    expect(sent).toHaveLength(2);
    expect(decode(sent[0]!).map((e) => e.name)).toEqual(['session-start', 'a']);
  });

  it('counts an impression once per session and a unique view after one second on screen', () => {
    const sent: AnalyticsEvent[] = [];
    const tracker = createTracker({ endpoint: '/e', allowed: () => true, storage: localStorage, batching: false, send: (_u, b) => sent.push(...decode(b)) });
    tracker.impression('p1');
    tracker.impression('p1');
    tracker.impression('p2');
    expect(sent.filter((e) => e.name === 'post-impression').map((e) => e.data.postId)).toEqual(['p1', 'p2']);
    const cancel = tracker.viewStarted('p1', { entry: 'home', platform: 'd', view: 'l' });
    vi.advanceTimersByTime(999);
    cancel();
    vi.advanceTimersByTime(10);
    expect(sent.filter((e) => e.name === 'unique-view')).toHaveLength(0);
    tracker.viewStarted('p1', { entry: 'home', platform: 'd', view: 'l' });
    vi.advanceTimersByTime(1000);
    tracker.viewStarted('p1', { entry: 'home', platform: 'd', view: 'l' });
    vi.advanceTimersByTime(1000);
    expect(sent.filter((e) => e.name === 'unique-view').map((e) => e.data)).toEqual([{ postId: 'p1', entry: 'home', platform: 'd', view: 'l' }]);
  });

  it('sends the visit session id beside the payload, in the JSON body the server reads', () => {
    const sent: Array<string | null> = [];
    const tracker = createTracker({ endpoint: '/e', allowed: () => true, storage: localStorage, batching: false, send: (_u, _b, session) => sent.push(session) });
    tracker.track('a');
    const session = JSON.parse(localStorage.getItem(SESSION_KEY) ?? '{}') as { id?: string };
    expect(sent).toEqual([session.id]);
    expect(session.id).toMatch(/^[a-z0-9-]+$/);
    expect(JSON.parse(beaconBody('cGF5', 'k1-x'))).toEqual({ payload: 'cGF5', session: 'k1-x' });
    expect(JSON.parse(beaconBody('cGF5', null))).toEqual({ payload: 'cGF5' });
  });

  it('posts application/json with the keepalive fetch when the beacon is refused', async () => {
    const calls: Array<{ url: string; init: RequestInit }> = [];
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation((url, init) => {
      calls.push({ url: String(url), init: init ?? {} });
      return Promise.resolve(new Response('{}'));
    });
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: () => { throw new TypeError('refused'); } });
    try {
      const tracker = createTracker({ endpoint: '/v1/analytics/events', allowed: () => true, storage: localStorage, batching: false });
      tracker.track('page-view', { key: 'Home' });
      expect(calls).toHaveLength(1);
      expect(calls[0]!.url).toBe('/v1/analytics/events');
      expect(calls[0]!.init.headers).toEqual({ 'content-type': 'application/json' });
      const body = JSON.parse(String(calls[0]!.init.body)) as { payload: string; session: string };
      expect(decode(body.payload).map((e) => e.name)).toEqual(['session-start', 'page-view']);
      expect(typeof body.session).toBe('string');
    } finally {
      fetchSpy.mockRestore();
      Reflect.deleteProperty(navigator, 'sendBeacon');
    }
  });

  it('names each event\'s page: the one given, else the last page view', () => {
    const sent: AnalyticsEvent[] = [];
    const tracker = createTracker({ endpoint: '/e', allowed: () => true, storage: localStorage, batching: false, send: (_u, b) => sent.push(...decode(b)) });
    tracker.track('early');
    tracker.track('page-view', { key: 'Tag-cats-hot' });
    tracker.track('click');
    tracker.track('post-tab', { postId: 'p1', tab: 'Comment Tab' }, 'Post');
    expect(sent.filter((e) => e.name !== 'session-start').map((e) => [e.name, e.page])).toEqual([
      ['early', null],
      ['page-view', 'Tag-cats-hot'],
      ['click', 'Tag-cats-hot'],
      ['post-tab', 'Post'],
    ]);
    // A page view not sent for want of consent still names the page of the events after it.
    let allowed = true;
    const gated = createTracker({ endpoint: '/e', allowed: () => allowed, storage: localStorage, batching: false, send: (_u, b) => sent.push(...decode(b)) });
    allowed = false;
    gated.track('page-view', { key: 'Home' });
    allowed = true;
    gated.track('click');
    expect(sent.at(-1)).toMatchObject({ name: 'click', page: 'Home' });
    tracker.viewStarted('p1', { entry: 'Post', platform: 'd', view: 'p', tab: 'Related Tab' });
    vi.advanceTimersByTime(1000);
    expect(sent.at(-1)).toMatchObject({ name: 'unique-view', page: 'Post', data: { postId: 'p1', tab: 'Related Tab' } });
  });

  it('starts the session from the address: its ref and utm values are kept and sent once in session-start', () => {
    const sent: AnalyticsEvent[] = [];
    let search = '?ref=newsletter&utm_source=mail&utm_campaign=spring&utm_medium=email';
    let now = 10_000;
    const tracker = createTracker({
      endpoint: '/e', allowed: () => true, storage: localStorage, batching: false, now: () => now, search: () => search,
      send: (_u, b) => sent.push(...decode(b)),
    });
    tracker.track('page-view', { key: 'Home' });
    search = '?ref=other';
    tracker.impression('p1');
    expect(JSON.parse(localStorage.getItem(SESSION_KEY) ?? '{}')).toMatchObject({ ref: 'newsletter', utmSource: 'mail', utmCampaign: 'spring', utmMedium: 'email' });
    const starts = () => sent.filter((e) => e.name === 'session-start');
    expect(starts().map((e) => e.data)).toEqual([{ ref: 'newsletter', utmSource: 'mail', utmCampaign: 'spring', utmMedium: 'email' }]);
    // Past 1800 s without use, the next event opens a new session from the address of that moment.
    now += SESSION_EXTENSION_MS + 1;
    tracker.track('page-view', { key: 'Top' });
    expect(starts().map((e) => e.data.ref)).toEqual(['newsletter', 'other']);
    expect(starts()[1]!.data.utmSource).toBeNull();
  });
});
