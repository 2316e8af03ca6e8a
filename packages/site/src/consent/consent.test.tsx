import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CcpaBanner } from './ccpa-banner';
import { doNotSell, PRIVACY_CACHE_KEY, privacyRegion, readUsPrivacy, trackingAllowed, USPRIVACY_DEFAULT } from './privacy';

const service = 'http://privacy.test/region';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const clearCookie = () => {
  document.cookie = 'usprivacy=; Max-Age=0; path=/';
};

describe('consent', { timeout: 20_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    clearCookie();
  });

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
        return HttpResponse.json({ region: 'ccpa' });
      }),
    );
    const day = 86_400_000;
    expect(await privacyRegion(service, { now: 1000 })).toEqual({ region: 'CCPA', doNotSell: false });
    expect(await privacyRegion(service, { now: 1000 + day - 1 })).toEqual({ region: 'CCPA', doNotSell: false });
    expect(calls).toBe(1);
    server.use(http.get(service, () => new HttpResponse(null, { status: 503 })));
    expect(await privacyRegion(service, { now: 1000 + day })).toEqual({ region: 'CCPA', doNotSell: false });
    expect(JSON.parse(localStorage.getItem(PRIVACY_CACHE_KEY) ?? '{}').fetchedAt).toBe(1000);
    expect(await privacyRegion(null)).toBeNull();
  });

  it('applies do-not-sell only in a CCPA region', () => {
    expect(doNotSell({ region: 'CCPA', doNotSell: true }, '1---')).toBe(true);
    expect(doNotSell({ region: 'CCPA', doNotSell: false }, '1YY-')).toBe(true);
    expect(doNotSell({ region: 'CCPA', doNotSell: false }, '1YN-')).toBe(false);
    expect(doNotSell({ region: 'GDPR', doNotSell: true }, '1YY-')).toBe(false);
  });

  it('shows the CCPA banner in a CCPA region; OK writes 1YN- and allows tracking', async () => {
    server.use(http.get(service, () => HttpResponse.json({ region: 'CCPA' })));
    expect(trackingAllowed()).toBe(false);
    const { unmount } = render(<CcpaBanner serviceUrl={service} />);
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('region', { name: 'Your privacy choices' })).toBeNull();
    expect(readUsPrivacy()).toBe('1YN-');
    expect(trackingAllowed()).toBe(true);
    unmount();
    render(<CcpaBanner serviceUrl={service} />);
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('region', { name: 'Your privacy choices' })).toBeNull();
  });

  it('opting out writes 1YY- and keeps tracking off; no banner outside CCPA', async () => {
    server.use(http.get(service, () => HttpResponse.json({ region: 'CCPA' })));
    const { unmount } = render(<CcpaBanner serviceUrl={service} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Do Not Sell or Share My Personal Information' }));
    expect(readUsPrivacy()).toBe('1YY-');
    expect(trackingAllowed()).toBe(false);
    unmount();
    localStorage.clear();
    server.use(http.get(service, () => HttpResponse.json({ region: 'NONE' })));
    render(<CcpaBanner serviceUrl={service} />);
    await waitFor(() => expect(localStorage.getItem(PRIVACY_CACHE_KEY)).not.toBeNull());
    expect(screen.queryByRole('region', { name: 'Your privacy choices' })).toBeNull();
  });
});
