import { describe, expect, it, vi } from 'vitest';
import { slotSize } from './ad-slot';
import { AD_USER_RETRIES, CONSENT_POLL_MS, CONSENT_TIMEOUT_MS, createAdsStore, isInlineAdPosition, type AdsEnvironment } from './ads-store';
import type { AdProvider } from './provider';
import { toastStore } from '../ui/toasts/toast-store';
import { CHAT_FAILED, CHAT_OPEN_EVENT, CHAT_RETRIES, createSupportChatStore, loadWithRetries, SUPPORT_STATE_KEY, SUPPORT_STATE_TTL_MS, type SupportChatDeps } from './support-chat';

const provider: AdProvider = { name: 'test', fill: () => Promise.resolve(null), impression: () => Promise.resolve() };

function env(over: Partial<AdsEnvironment> & { pro?: boolean; hideAds?: boolean; initialised?: boolean } = {}): AdsEnvironment {
  const user = over.pro ? { username: 'p', isActivePro: true, ...(over.hideAds === undefined ? {} : { proSettings: { hideAds: over.hideAds } }) } : null;
  return {
    consent: () => true,
    region: () => Promise.resolve(null),
    embed: () => false,
    user: { getState: () => ({ initialised: over.initialised ?? true, info: { user } }) as never },
    wait: () => Promise.resolve(),
    ...over,
  };
}

describe('ads rules', () => {
  it('sizes slots at the layout breakpoints', () => {
    expect(slotSize('inline', 1506)).toBe('970x250');
    expect(slotSize('inline', 1505)).toBe('728x90');
    expect(slotSize('sidebar', 1072)).toBe('336x280');
    expect(slotSize('sidebar', 1071)).toBe('300x250');
  });

  it('places inline ads at the configured intervals, the last one repeating', () => {
    const at = [...Array(20).keys()].map((i) => i + 1).filter((p) => isInlineAdPosition(p, [3, 5]));
    expect(at).toEqual([3, 8, 13, 18]);
    expect(isInlineAdPosition(4, [])).toBe(false);
  });

  it('keeps ads off for an active Pro with hideAds (default on), in RU and in embed mode', async () => {
    const setupCalls = vi.fn();
    vi.stubGlobal('fetch', (...args: unknown[]) => {
      setupCalls(args[0]);
      return Promise.resolve(Response.json({ meta: { status: 'Success' }, data: { enabled: true, reason: null, inlineIntervals: [3], adCampaign: null, campaigns: []} }));
    });
    const cases: [Partial<Parameters<typeof env>[0]>, string | null][] = [
      [{ pro: true }, 'PRO_HIDE_ADS'],
      [{ pro: true, hideAds: true }, 'PRO_HIDE_ADS'],
      [{ region: () => Promise.resolve({ region: 'GDPR', location: 'ru-mow' }) }, 'REGION'],
      [{ embed: () => true }, 'EMBED'],
    ];
    for (const [over, reason] of cases) {
      const store = createAdsStore(env(over), provider);
      await store.getState().start(null);
      expect(store.getState()).toMatchObject({ status: 'off', reason });
    }
    expect(setupCalls).not.toHaveBeenCalled();
    const shown = createAdsStore(env({ pro: true, hideAds: false }), provider);
    await shown.getState().start(null);
    expect(shown.getState().status).toBe('on');
    expect((setupCalls.mock.calls[0]?.[0] as Request).url).toContain('/v1/ads/setup');
    vi.unstubAllGlobals();
  });

  it('waits for consent, and retries 5 times at 500 ms while the user loads', async () => {
    let consent = false;
    const waits: number[] = [];
    vi.stubGlobal('fetch', () => Promise.resolve(Response.json({ meta: { status: 'Success' }, data: { enabled: true, reason: null, inlineIntervals: [3], adCampaign: null, campaigns: []} })));
    const store = createAdsStore(
      env({
        consent: () => consent,
        initialised: false,
        wait: (ms) => {
          waits.push(ms);
          if (waits.length === 3) consent = true;
          return Promise.resolve();
        },
      }),
      provider,
    );
    await store.getState().start(null);
    expect(waits.slice(0, 3)).toEqual([500, 500, 500]);
    expect(waits.length).toBe(3 + AD_USER_RETRIES);
    expect(store.getState().status).toBe('on');
    vi.unstubAllGlobals();
  });

  it('gives up waiting for consent after 10 s of polls every 500 ms, and asks for no ads', async () => {
    const setupCalls = vi.fn();
    vi.stubGlobal('fetch', setupCalls);
    const waits: number[] = [];
    let checks = 0;
    const store = createAdsStore(env({ consent: () => (checks++, false), wait: (ms) => (waits.push(ms), Promise.resolve()) }), provider);
    await store.getState().start(null);
    expect(CONSENT_POLL_MS).toBe(500);
    expect(CONSENT_TIMEOUT_MS).toBe(10_000);
    expect(waits).toEqual(Array(20).fill(500));
    expect(checks).toBe(21);
    expect(store.getState()).toMatchObject({ status: 'off', reason: 'NO_CONSENT' });
    expect(setupCalls).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('starts when consent comes after the wait gave up, and stops when it is withdrawn', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify({ meta: { status: 'Success' }, data: { enabled: true, reason: null, inlineIntervals: [3], adCampaign: null, campaigns: [] } })))));
    let allowed = false;
    const store = createAdsStore(env({ consent: () => allowed, wait: () => Promise.resolve() }), provider);
    await store.getState().start(null);
    expect(store.getState().reason).toBe('NO_CONSENT');
    allowed = true;
    store.getState().recheckConsent();
    await vi.waitFor(() => expect(store.getState().status).toBe('on'));
    allowed = false;
    store.getState().recheckConsent();
    expect(store.getState()).toMatchObject({ status: 'off', reason: 'NO_CONSENT' });
    vi.unstubAllGlobals();
  });

  it('follows the Pro rule when the user changes after the start', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(Response.json({ meta: { status: 'Success' }, data: { enabled: true, reason: null, inlineIntervals: [3], adCampaign: null, campaigns: [] } })));
    let hideAds = true;
    const user = { getState: () => ({ initialised: true, info: { user: { username: 'p', isActivePro: true, proSettings: { hideAds } } } }) as never };
    const store = createAdsStore(env({ user }), provider);
    await store.getState().start(null);
    expect(store.getState().reason).toBe('PRO_HIDE_ADS');
    hideAds = false;
    store.getState().recheckUser();
    await vi.waitFor(() => expect(store.getState().status).toBe('on'));
    hideAds = true;
    store.getState().recheckUser();
    expect(store.getState()).toMatchObject({ status: 'off', reason: 'PRO_HIDE_ADS' });
    vi.unstubAllGlobals();
  });

  it('loads the support chat script with 5 retries at 1 s, then gives up', async () => {
    const waits: number[] = [];
    const load = vi.fn(() => Promise.reject(new Error('offline')));
    expect(await loadWithRetries(load, (ms) => (waits.push(ms), Promise.resolve()))).toBe(false);
    expect(load).toHaveBeenCalledTimes(1 + CHAT_RETRIES);
    expect(waits).toEqual(Array(CHAT_RETRIES).fill(1000));
    let n = 0;
    expect(await loadWithRetries(() => (++n < 3 ? Promise.reject(new Error('x')) : Promise.resolve()), () => Promise.resolve())).toBe(true);
  });
});

describe('support chat', () => {
  const memory = () => {
    const data = new Map<string, string>();
    return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) } as unknown as Storage;
  };
  const deps = (over: Partial<SupportChatDeps> = {}): SupportChatDeps => ({
    load: () => Promise.resolve(),
    wait: () => Promise.resolve(),
    storage: () => null,
    now: () => 1_000_000_000,
    ...over,
  });

  it('loads the script once on demand, opens the chat, and tells the member when it cannot be loaded', async () => {
    const load = vi.fn(() => Promise.resolve());
    const opened = vi.fn();
    window.addEventListener(CHAT_OPEN_EVENT, opened);
    const store = createSupportChatStore(deps({ load }));
    expect(await store.getState().load('https://chat.example/a.js', { open: true })).toBe(true);
    expect(await store.getState().load('https://chat.example/a.js', { open: true })).toBe(true);
    expect(load).toHaveBeenCalledTimes(1);
    expect(opened).toHaveBeenCalledTimes(2);
    window.removeEventListener(CHAT_OPEN_EVENT, opened);
    const failing = vi.fn(() => Promise.reject(new Error('offline')));
    const broken = createSupportChatStore(deps({ load: failing }));
    expect(await broken.getState().load('https://chat.example/a.js', { open: true })).toBe(false);
    expect(failing).toHaveBeenCalledTimes(1 + CHAT_RETRIES);
    expect(broken.getState().status).toBe('failed');
    expect(toastStore.getState().toasts.at(-1)).toMatchObject({ message: CHAT_FAILED, kind: 'error' });
  });

  it('keeps the unread count as support state for 7 days', () => {
    const storage = memory();
    let now = 5_000_000;
    const d = deps({ storage: () => storage, now: () => now });
    createSupportChatStore(d).getState().setUnread(4.7);
    expect(JSON.parse(storage.getItem(SUPPORT_STATE_KEY) ?? '')).toEqual({ unread: 4, at: 5_000_000 });
    now += SUPPORT_STATE_TTL_MS;
    expect(createSupportChatStore(d).getState().unread).toBe(4);
    now += 1;
    expect(createSupportChatStore(d).getState().unread).toBe(0);
  });
});

describe('AdSlot', () => {
  it('fills its box once ads turn on after it mounted (the observers attach when the box appears)', async () => {
    const { act, render, screen } = await import('@testing-library/react');
    const { AdSlot } = await import('./ad-slot');
    const { adsStore } = await import('./ads-store');
    const observed: Element[] = [];
    class FakeObserver {
      constructor(private readonly callback: IntersectionObserverCallback) {}
      observe(el: Element) {
        observed.push(el);
        const entry = { isIntersecting: true, intersectionRatio: 1, boundingClientRect: { top: 0, bottom: 280 }, target: el };
        queueMicrotask(() => this.callback([entry as unknown as IntersectionObserverEntry], this as unknown as IntersectionObserver));
      }
      disconnect() {}
    }
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const ad = { campaignId: 8, slot: 'sidebar_1', size: '336x280', width: 336, height: 280, imageUrl: '/media/ads/a.png', clickUrl: '/v1/ads/click?t=x', viewToken: 'v', collapse: false } as const;
    const fill = vi.fn(() => Promise.resolve({ ...ad }));
    adsStore.setState({ status: 'idle', provider: { name: 'test', fill, impression: () => Promise.resolve() } });
    render(<AdSlot slot="sidebar_1" box="sidebar" />);
    expect(screen.queryByTestId('ad-slot')).toBeNull();
    await act(async () => adsStore.setState({ status: 'on' }));
    expect(await screen.findByRole('img', { name: 'Advertisement' })).toBeTruthy();
    expect(observed.length).toBeGreaterThan(0);
    expect(fill).toHaveBeenCalledWith('sidebar_1', expect.stringMatching(/^(336x280|300x250)$/), expect.anything(), expect.anything());
    adsStore.setState({ status: 'idle' });
    vi.unstubAllGlobals();
  });
});
