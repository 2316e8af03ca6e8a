import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultConfig, type SiteConfig } from '../config';
import { memberInfo } from '../test/fixtures';
import { success } from '../test/handlers';
import { guestInfo } from '../user/user-types';
import { userStore } from '../user/user-store';
import { REFERRAL_STATE_KEY, ReferralBanner } from './referral-banner';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const config: SiteConfig = {
  ...defaultConfig,
  features: { ...defaultConfig.features, referral: 2 },
  referral: { partnerName: 'Moonit', prodUrl: 'https://partner.example/join', proUrl: 'https://dev.partner.example/join' },
};

describe('referral banner', { timeout: 20_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    act(() => userStore.setState({ info: memberInfo({ moonit: { eligible: true, referralCode: 'GUF10' } }), initialised: true }));
  });
  afterEach(() => act(() => userStore.setState({ info: guestInfo(), initialised: false })));

  it('offers 10 USD with the code, opens the partner in a new tab, and stays away 7 days once dismissed', async () => {
    server.use(http.post('*/v1/moonit-status', () => success({ status: 'NEW', mode: 'prod' })));
    const { unmount } = render(<ReferralBanner config={config} />);
    expect(screen.getByText(/Get 10 USD when you join Moonit with your code GUF10/)).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Claim 10 USD' });
    expect(link).toHaveAttribute('href', 'https://partner.example/join?referralCode=GUF10');
    expect(link).toHaveAttribute('target', '_blank');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss offer' }));
    expect(screen.queryByTestId('referral-banner')).toBeNull();
    unmount();
    render(<ReferralBanner config={config} />);
    expect(screen.queryByTestId('referral-banner')).toBeNull();
  });

  it.each(['USED', 'ACTIVE'])('hides for good once the status check (POST, mode prod) answers %s', async (status) => {
    const modes: unknown[] = [];
    server.use(
      http.post('*/v1/moonit-status', async ({ request }) => {
        modes.push(((await request.json()) as { mode?: unknown }).mode);
        return success({ status, mode: 'prod' });
      }),
    );
    render(<ReferralBanner config={config} />);
    await waitFor(() => expect(screen.queryByTestId('referral-banner')).toBeNull());
    expect(JSON.parse(localStorage.getItem(REFERRAL_STATE_KEY) ?? '{}').hasRedeemed).toBe(true);
    expect(modes).toEqual(['prod']);
  });

  it('checks the pro mode with moonitMode=pro and keeps the banner when the check fails (only logged)', async () => {
    const modes: unknown[] = [];
    server.use(
      http.post('*/v1/moonit-status', async ({ request }) => {
        modes.push(((await request.json()) as { mode?: unknown }).mode);
        return HttpResponse.json({ meta: { status: 'Failure', errorCode: 'SERVER_ERROR', errorMessage: 'x' }, data: {} }, { status: 500 });
      }),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    window.history.pushState({}, '', '/?moonitMode=pro');
    try {
      render(<ReferralBanner config={config} />);
      await waitFor(() => expect(warn).toHaveBeenCalled());
      expect(modes).toEqual(['pro']);
      expect(screen.getByTestId('referral-banner')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Claim 10 USD' })).toHaveAttribute('href', 'https://dev.partner.example/join?referralCode=GUF10');
    } finally {
      window.history.pushState({}, '', '/');
      warn.mockRestore();
    }
  });

  it('is not shown to a guest or without the feature (no status check is sent)', () => {
    render(<ReferralBanner config={{ ...config, features: { ...config.features, referral: 0 } }} />);
    expect(screen.queryByTestId('referral-banner')).toBeNull();
    act(() => userStore.setState({ info: guestInfo() }));
    render(<ReferralBanner config={config} />);
    expect(screen.queryByTestId('referral-banner')).toBeNull();
  });
});
