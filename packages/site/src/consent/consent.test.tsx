import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RouterProvider, syncLocation, type RouteDefinition } from '../router';
import { ConsentBanner } from './consent-banner';
import {
  CONSENT_POLL_MS, CONSENT_TIMEOUT_MS, consentReady, purposeOneConsented, readConsent, siteConsentSource, tcfSource, type ConsentSource,
} from './consent-source';
import { consentBanner, createConsentStore } from './consent-store';
import { doNotSell, PRIVACY_CACHE_KEY, privacyRegion, readUsPrivacy, recordCmpConsent, trackingAllowed, USPRIVACY_DEFAULT } from './privacy';

const service = 'http://privacy.test/region';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const clearCookie = () => {
  document.cookie = 'usprivacy=; Max-Age=0; path=/';
};
const noWait = { wait: () => Promise.resolve() };
const routed = (ui: ReactNode) => <RouterProvider routes={[]}>{ui}</RouterProvider>;

beforeEach(() => {
  localStorage.clear();
  clearCookie();
  recordCmpConsent(undefined);
});

describe('privacy region and usprivacy', () => {
  it('reads usprivacy, 1--- by default or when malformed', () => {
    expect(readUsPrivacy()).toBe(USPRIVACY_DEFAULT);
    document.cookie = 'usprivacy=1YN-; path=/';
    expect(readUsPrivacy()).toBe('1YN-');
    document.cookie = 'usprivacy=hello; path=/';
    expect(readUsPrivacy()).toBe('1---');
  });

  it('caches the region for a day and falls back to the previous value on error', async () => {
    let calls = 0;
    server.use(
      http.get(service, () => {
        calls++;
        return HttpResponse.json({ region: 'ccpa', location: 'us-va' });
      }),
    );
    const day = 86_400_000;
    const ccpa = { region: 'CCPA', doNotSell: false, location: 'US-VA' };
    expect(await privacyRegion(service, { now: 1000 })).toEqual(ccpa);
    expect(await privacyRegion(service, { now: 1000 + day - 1 })).toEqual(ccpa);
    expect(calls).toBe(1);
    server.use(http.get(service, () => new HttpResponse(null, { status: 503 })));
    expect(await privacyRegion(service, { now: 1000 + day })).toEqual(ccpa);
    expect(JSON.parse(localStorage.getItem(PRIVACY_CACHE_KEY) ?? '{}').fetchedAt).toBe(1000);
    expect(await privacyRegion(null)).toBeNull();
  });

  it("reads the server's own service, whose answer comes in the API envelope", async () => {
    server.use(http.get(service, () => HttpResponse.json({ meta: { status: 'Success' }, data: { region: 'GDPR', doNotSell: false, location: 'DE' } })));
    expect(await privacyRegion(service)).toEqual({ region: 'GDPR', doNotSell: false, location: 'DE' });
  });

  it('applies do-not-sell only in a CCPA region', () => {
    const region = (name: string, dns: boolean) => ({ region: name, doNotSell: dns, location: null });
    expect(doNotSell(region('CCPA', true), '1---')).toBe(true);
    expect(doNotSell(region('CCPA', false), '1YY-')).toBe(true);
    expect(doNotSell(region('CCPA', false), '1YN-')).toBe(false);
    expect(doNotSell(region('GDPR', true), '1YY-')).toBe(false);
  });
});

describe('consent source', () => {
  const pinging = (answers: Array<{ cmpLoaded: boolean; gdprApplies: boolean | undefined }>, granted = true) => {
    const ping = vi.fn(() => Promise.resolve(answers.shift() ?? null));
    const source: ConsentSource = { ping, consentData: () => Promise.resolve({ gdprApplies: true, purposeConsents: { 1: granted } }) };
    return { source, ping };
  };

  it('pings every 500 ms until loaded with a known applicability', async () => {
    const waits: number[] = [];
    const { source, ping } = pinging([
      { cmpLoaded: false, gdprApplies: undefined },
      { cmpLoaded: true, gdprApplies: undefined },
      { cmpLoaded: true, gdprApplies: false },
    ]);
    expect(await consentReady(source, { wait: (ms) => (waits.push(ms), Promise.resolve()) })).toBe(true);
    expect(ping).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([CONSENT_POLL_MS, CONSENT_POLL_MS]);
  });

  it('gives up at 10 s and the consent data is then null: tracking stays off', async () => {
    const { source, ping } = pinging([]);
    const waits: number[] = [];
    const data = await readConsent(source, { wait: (ms) => (waits.push(ms), Promise.resolve()) });
    expect(data).toBeNull();
    expect(waits.reduce((a, b) => a + b, 0)).toBe(CONSENT_TIMEOUT_MS);
    expect(ping).toHaveBeenCalledTimes(CONSENT_TIMEOUT_MS / CONSENT_POLL_MS + 1);
    expect(purposeOneConsented(data)).toBe(false);
  });

  it('tracks only with purpose 1 consented', async () => {
    expect(purposeOneConsented(await readConsent(pinging([{ cmpLoaded: true, gdprApplies: true }], true).source, noWait))).toBe(true);
    expect(purposeOneConsented(await readConsent(pinging([{ cmpLoaded: true, gdprApplies: true }], false).source, noWait))).toBe(false);
    expect(purposeOneConsented({ gdprApplies: true, purposeConsents: { 2: true } })).toBe(false);
  });

  it("reads an operator's TCF consent tool: ping, then getTCData's purpose consents", async () => {
    expect(tcfSource({})).toBeNull();
    let loaded = false;
    const __tcfapi = (command: string, _v: number, callback: (value: unknown, success?: boolean) => void) => {
      if (command === 'ping') callback({ cmpLoaded: loaded, gdprApplies: loaded ? true : undefined });
      else callback({ gdprApplies: true, purpose: { consents: { 1: true, 2: false } } }, true);
    };
    const source = tcfSource({ __tcfapi })!;
    expect(await source.ping()).toEqual({ cmpLoaded: false, gdprApplies: undefined });
    loaded = true;
    expect(purposeOneConsented(await readConsent(source, noWait))).toBe(true);
  });

  it("the site's own source is loaded once the region check is done; consent applies outside CCPA", async () => {
    let region: { region: string; doNotSell: boolean; location: null } | null | undefined;
    const source = siteConsentSource(() => region, () => 'granted');
    expect(await source.ping()).toEqual({ cmpLoaded: false, gdprApplies: undefined });
    region = null;
    expect(await source.ping()).toEqual({ cmpLoaded: true, gdprApplies: true });
    region = { region: 'CCPA', doNotSell: false, location: null };
    expect(await source.ping()).toEqual({ cmpLoaded: true, gdprApplies: false });
    expect(purposeOneConsented(await source.consentData())).toBe(true);
  });

  it('with a TCF tool, tracking follows its answer, and is off while it has not answered', () => {
    localStorage.setItem('guffaw.trackingConsent', 'granted');
    expect(trackingAllowed()).toBe(true);
    recordCmpConsent(null);
    expect(trackingAllowed()).toBe(false);
    recordCmpConsent(true);
    expect(trackingAllowed()).toBe(true);
    document.cookie = 'usprivacy=1YY-; path=/';
    expect(trackingAllowed()).toBe(false);
  });
});

describe('consent banners', { timeout: 20_000 }, () => {
  it('decides the banner: none until settled, the CCPA notice in CCPA until answered, else consent until answered', () => {
    const base = { region: null, choice: null, usprivacy: '1---', ccpaDismissed: false, cmp: false, settled: true } as const;
    const ccpa = { region: 'CCPA', doNotSell: false, location: null };
    expect(consentBanner({ ...base, settled: false })).toBeNull();
    expect(consentBanner(base)).toBe('consent');
    expect(consentBanner({ ...base, choice: 'denied' })).toBeNull();
    expect(consentBanner({ ...base, cmp: true })).toBeNull();
    expect(consentBanner({ ...base, region: ccpa })).toBe('ccpa');
    expect(consentBanner({ ...base, region: ccpa, choice: 'granted' })).toBe('ccpa');
    expect(consentBanner({ ...base, region: ccpa, ccpaDismissed: true })).toBeNull();
  });

  it('shows the CCPA notice in a CCPA region; OK writes 1YN- and allows tracking', async () => {
    server.use(http.get(service, () => HttpResponse.json({ region: 'CCPA', location: 'US-CO' })));
    expect(trackingAllowed()).toBe(false);
    const { unmount } = render(routed(<ConsentBanner serviceUrl={service} store={createConsentStore()} />));
    const notice = await screen.findByRole('region', { name: 'Your privacy choices' }, { timeout: 3000 });
    expect(screen.getByRole('link', { name: 'Privacy policy for Colorado' })).toHaveAttribute('href', '/privacy-colorado');
    expect(notice).toHaveTextContent('Colorado residents can opt out');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('region', { name: 'Your privacy choices' })).toBeNull();
    expect(readUsPrivacy()).toBe('1YN-');
    expect(trackingAllowed()).toBe(true);
    unmount();
    render(routed(<ConsentBanner serviceUrl={service} store={createConsentStore()} />));
    await new Promise((r) => setTimeout(r, 700));
    expect(screen.queryByRole('region', { name: 'Your privacy choices' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
  });

  it('opting out writes 1YY- and keeps tracking off', async () => {
    server.use(http.get(service, () => HttpResponse.json({ region: 'CCPA' })));
    render(routed(<ConsentBanner serviceUrl={service} store={createConsentStore()} />));
    await userEvent.click(await screen.findByRole('button', { name: 'Do Not Sell or Share My Personal Information' }, { timeout: 3000 }));
    expect(readUsPrivacy()).toBe('1YY-');
    expect(trackingAllowed()).toBe(false);
    expect(screen.queryByRole('region', { name: 'Your privacy choices' })).toBeNull();
  });

  it('outside CCPA asks for consent: Accept allows tracking, Reject keeps it off; usprivacy is untouched', async () => {
    server.use(http.get(service, () => HttpResponse.json({ region: 'GDPR' })));
    const first = render(routed(<ConsentBanner serviceUrl={service} store={createConsentStore()} />));
    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }, { timeout: 3000 }));
    expect(trackingAllowed()).toBe(true);
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
    expect(readUsPrivacy()).toBe('1---');
    first.unmount();
    localStorage.clear();
    render(routed(<ConsentBanner serviceUrl={service} store={createConsentStore()} />));
    await userEvent.click(await screen.findByRole('button', { name: 'Reject' }, { timeout: 3000 }));
    expect(trackingAllowed()).toBe(false);
    expect(localStorage.getItem('guffaw.trackingConsent')).toBe('denied');
  });

  it('asks for consent when the region service fails or none is configured', async () => {
    server.use(http.get(service, () => new HttpResponse(null, { status: 500 })));
    const { unmount } = render(routed(<ConsentBanner serviceUrl={service} store={createConsentStore()} />));
    expect(await screen.findByRole('region', { name: 'Cookie consent' }, { timeout: 3000 })).toBeInTheDocument();
    unmount();
    render(routed(<ConsentBanner serviceUrl={null} store={createConsentStore()} />));
    expect(await screen.findByRole('region', { name: 'Cookie consent' }, { timeout: 3000 })).toBeInTheDocument();
  });

  it('is not shown on the upload page, whose action bar sits at the bottom', async () => {
    server.use(http.get(service, () => HttpResponse.json({ region: 'GDPR' })));
    window.history.replaceState(null, '', '/submit');
    syncLocation();
    const store = createConsentStore();
    const routes: RouteDefinition[] = [{ name: 'upload', path: '/submit', chrome: 'no-drawer', component: () => null }];
    render(
      <RouterProvider routes={routes}>
        <ConsentBanner serviceUrl={service} store={store} />
      </RouterProvider>,
    );
    await waitFor(() => expect(store.getState().settled).toBe(true), { timeout: 3000 });
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
    window.history.replaceState(null, '', '/');
    syncLocation();
  });

  it('gives the region check 10 s, then asks as for an unknown region', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      server.use(http.get(service, () => new Promise<Response>(() => undefined)));
      const store = createConsentStore();
      render(routed(<ConsentBanner serviceUrl={service} store={store} />));
      await act(() => vi.advanceTimersByTimeAsync(CONSENT_TIMEOUT_MS - CONSENT_POLL_MS));
      expect(store.getState().settled).toBe(false);
      await act(() => vi.advanceTimersByTimeAsync(CONSENT_POLL_MS * 2));
      await waitFor(() => expect(store.getState()).toMatchObject({ settled: true, region: null }));
      expect(screen.getByRole('region', { name: 'Cookie consent' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
