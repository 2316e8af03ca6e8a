import { describe, expect, it, vi } from 'vitest';
import { slotSize } from './ad-slot';
import { AD_USER_RETRIES, createAdsStore, isInlineAdPosition, type AdsEnvironment } from './ads-store';
import type { AdProvider } from './provider';
import { CHAT_RETRIES, loadWithRetries } from './support-chat';

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
      return Promise.resolve(Response.json({ meta: { status: 'Success' }, data: { enabled: true, reason: null, inlineIntervals: [3], adCampaign: null, campaigns: [], supportChatUrl: null } }));
    });
    const cases: [Partial<Parameters<typeof env>[0]>, string | null][] = [
      [{ pro: true }, 'PRO_HIDE_ADS'],
      [{ pro: true, hideAds: true }, 'PRO_HIDE_ADS'],
      [{ region: () => Promise.resolve('ru') }, 'REGION'],
      [{ embed: () => true }, 'EMBED'],
    ];
    for (const [over, reason] of cases) {
      const store = createAdsStore(env(over), provider);
      await store.getState().start();
      expect(store.getState()).toMatchObject({ status: 'off', reason });
    }
    expect(setupCalls).not.toHaveBeenCalled();
    const shown = createAdsStore(env({ pro: true, hideAds: false }), provider);
    await shown.getState().start();
    expect(shown.getState().status).toBe('on');
    expect((setupCalls.mock.calls[0]?.[0] as Request).url).toContain('/v1/ads/setup');
    vi.unstubAllGlobals();
  });

  it('waits for consent, and retries 5 times at 500 ms while the user loads', async () => {
    let consent = false;
    const waits: number[] = [];
    vi.stubGlobal('fetch', () => Promise.resolve(Response.json({ meta: { status: 'Success' }, data: { enabled: true, reason: null, inlineIntervals: [3], adCampaign: null, campaigns: [], supportChatUrl: null } })));
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
    await store.getState().start();
    expect(waits.slice(0, 3)).toEqual([500, 500, 500]);
    expect(waits.length).toBe(3 + AD_USER_RETRIES);
    expect(store.getState().status).toBe('on');
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
