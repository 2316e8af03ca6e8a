import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultConfig, type SiteConfig } from '../config';
import { syncLocation } from '../router';
import { modalStore } from '../ui/modals/modal-store';
import { memberInfo } from '../test/fixtures';
import { success } from '../test/handlers';
import { guestInfo } from '../user/user-types';
import { userStore } from '../user/user-store';
import { ReferralBanner } from './referral-banner';
import { REFERRAL_COOLDOWN_MS } from './referral-rules';
import { REFERRAL_STATE_KEY, referralStore } from './referral-store';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const config: SiteConfig = {
  ...defaultConfig,
  features: { ...defaultConfig.features, referral: 2 },
  referral: { partnerName: 'Moonit', prodUrl: 'https://partner.example/join', proUrl: 'https://dev.partner.example/join' },
};

const member = (accountId: string, referralCode = 'GUF10') =>
  act(() => userStore.setState({ info: memberInfo({ accountId, userId: accountId, moonit: { eligible: true, referralCode } }), initialised: true }));

/** The status endpoint: answers per account (the server checks the caller's own code), recording the modes asked. */
function statusEndpoint(statusOf: () => string | Response, modes: unknown[] = []) {
  server.use(
    http.post('*/v1/moonit-status', async ({ request }) => {
      modes.push(((await request.json()) as { mode?: unknown }).mode);
      const status = statusOf();
      return typeof status === 'string' ? success({ status, mode: 'prod' }) : status;
    }),
  );
  return modes;
}

/** Changes the address the way the router sees it. */
const go = (url: string) =>
  act(() => {
    window.history.replaceState(null, '', url);
    syncLocation();
  });

const banner = () => screen.queryByTestId('referral-banner');

describe('referral banner', { timeout: 20_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    referralStore.setState({ lastDismissedAt: 0, redeemedAccounts: [] });
    member('a1');
  });
  afterEach(() => {
    act(() => {
      userStore.setState({ info: guestInfo(), initialised: false });
      modalStore.getState().close();
    });
    go('/');
  });

  it('offers 10 USD with the code; its call to action opens the partner referral modal with the code', async () => {
    const modes = statusEndpoint(() => 'NEW');
    render(<ReferralBanner config={config} />);
    expect(screen.getByText('Get 10 USD when you join Moonit with your code GUF10.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Claim 10 USD' }));
    expect(modalStore.getState().current).toEqual({ name: 'partner-referral', props: { referralCode: 'GUF10' } });
    await waitFor(() => expect(modes).toEqual(['prod']));
  });

  it('stays away 7 days once dismissed, in this browser', async () => {
    statusEndpoint(() => 'NEW');
    const { unmount } = render(<ReferralBanner config={config} />);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss offer' }));
    expect(banner()).toBeNull();
    const dismissedAt = JSON.parse(localStorage.getItem(REFERRAL_STATE_KEY) ?? '{}').lastDismissedAt as number;
    expect(Date.now() - dismissedAt).toBeLessThan(5000);
    unmount();
    render(<ReferralBanner config={config} />);
    expect(banner()).toBeNull();
    // Over 604800 s later it is back.
    act(() => referralStore.setState({ lastDismissedAt: Date.now() - REFERRAL_COOLDOWN_MS - 1 }));
    expect(banner()).not.toBeNull();
  });

  it('keeps the zero of resetCooldown=1, after the parameter is gone, and a later dismissal holds', async () => {
    statusEndpoint(() => 'NEW');
    referralStore.getState().dismiss(Date.now());
    go('/?resetCooldown=1');
    const { unmount } = render(<ReferralBanner config={config} />);
    await waitFor(() => expect(banner()).not.toBeNull());
    expect(JSON.parse(localStorage.getItem(REFERRAL_STATE_KEY) ?? '{}').lastDismissedAt).toBe(0);
    // Dismissing while the parameter is still in the address holds.
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss offer' }));
    expect(banner()).toBeNull();
    unmount();
    go('/');
    referralStore.setState({ lastDismissedAt: 0 });
    render(<ReferralBanner config={config} />);
    expect(banner()).not.toBeNull();
  });

  it.each(['USED', 'ACTIVE'])('hides for the account once the status check (POST, mode prod) answers %s, not for another account', async (status) => {
    // Accounts of their own: a check still running from another test is shared per account and mode.
    const first = `${status}-1`;
    const second = `${status}-2`;
    let current = first;
    const modes = statusEndpoint(() => (current === first ? status : 'NEW'));
    member(first);
    render(<ReferralBanner config={config} />);
    await waitFor(() => expect(banner()).toBeNull());
    expect(JSON.parse(localStorage.getItem(REFERRAL_STATE_KEY) ?? '{}').redeemedAccounts).toEqual([first]);
    expect(modes).toEqual(['prod']);
    // Another member on this browser still gets their offer (and their own check).
    current = second;
    member(second, 'OTHER');
    expect(await screen.findByText(/your code OTHER/)).toBeInTheDocument();
    await waitFor(() => expect(modes).toEqual(['prod', 'prod']));
    expect(banner()).not.toBeNull();
    // Back to the first account: hidden without asking again.
    current = first;
    member(first);
    expect(banner()).toBeNull();
    expect(modes).toHaveLength(2);
  });

  it('checks the pro mode with moonitMode=pro and keeps the banner when the check fails (only logged)', async () => {
    const modes = statusEndpoint(() => HttpResponse.json({ meta: { status: 'Failure', errorCode: 'SERVER_ERROR', errorMessage: 'x' }, data: {} }, { status: 500 }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    go('/?moonitMode=pro');
    try {
      render(<ReferralBanner config={config} />);
      await waitFor(() => expect(warn).toHaveBeenCalled());
      expect(modes).toEqual(['pro']);
      expect(banner()).not.toBeNull();
    } finally {
      warn.mockRestore();
    }
  });

  it('follows the address: moonit=1 with flag 1, moonitEligible and referralCode', async () => {
    statusEndpoint(() => 'NEW');
    const flag1 = { ...config, features: { ...config.features, referral: 1 as const } };
    const { rerender } = render(<ReferralBanner config={flag1} />);
    expect(banner()).toBeNull();
    go('/?moonit=1');
    rerender(<ReferralBanner config={flag1} />);
    expect(banner()).not.toBeNull();
    go('/?moonitEligible=0');
    rerender(<ReferralBanner config={config} />);
    expect(banner()).toBeNull();
    go('/?referralCode=XYZ');
    rerender(<ReferralBanner config={config} />);
    expect(screen.getByText(/your code XYZ/)).toBeInTheDocument();
  });

  it('is not shown to a guest, before initialisation, or without the feature (no status check is sent)', () => {
    render(<ReferralBanner config={{ ...config, features: { ...config.features, referral: 0 } }} />);
    expect(banner()).toBeNull();
    act(() => userStore.setState({ initialised: false }));
    render(<ReferralBanner config={config} />);
    expect(banner()).toBeNull();
    act(() => userStore.setState({ info: guestInfo(), initialised: true }));
    expect(banner()).toBeNull();
  });
});
