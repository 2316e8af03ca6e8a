import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultConfig, type SiteConfig } from '../config';
import { RouterProvider, syncLocation } from '../router';
import { ModalHost } from '../shell/modals/modal-host';
import { registerModal } from '../ui/modals/modal-registry';
import { modalStore, OPEN_MODAL_EVENT } from '../ui/modals/modal-store';
import { memberInfo } from '../test/fixtures';
import { success } from '../test/handlers';
import { WithSiteConfig } from '../test/render';
import { guestInfo } from '../user/user-types';
import { userStore } from '../user/user-store';
import { OFFER_CLAIMED, OFFER_UNAVAILABLE, PartnerReferralModal } from './partner-referral-modal';
import { referralStore } from './referral-store';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const config: SiteConfig = {
  ...defaultConfig,
  features: { ...defaultConfig.features, referral: 2 },
  referral: { partnerName: 'Moonit', prodUrl: 'https://partner.example/join', proUrl: 'https://dev.partner.example/join' },
};
let activeConfig = config;
registerModal('partner-referral', (p) => (
  <WithSiteConfig config={activeConfig}>
    <PartnerReferralModal {...p} />
  </WithSiteConfig>
));

let account = 0;
function member(moonit: { eligible: boolean | null; referralCode: string | null } = { eligible: true, referralCode: 'GUF10' }) {
  // An account of its own per test: status checks are shared per account and mode.
  const id = `p${++account}`;
  act(() => userStore.setState({ info: memberInfo({ accountId: id, userId: id, moonit }), initialised: true }));
}

const open = (props: Record<string, unknown> = {}) =>
  act(() => {
    window.dispatchEvent(new CustomEvent(OPEN_MODAL_EVENT, { detail: { name: 'partner-referral', props } }));
  });

const renderHost = () =>
  render(
    <RouterProvider routes={[]}>
      <ModalHost />
    </RouterProvider>,
  );

describe('partner referral modal', { timeout: 20_000 }, () => {
  beforeEach(() => {
    activeConfig = config;
    referralStore.setState({ lastDismissedAt: 0, redeemedAccounts: [] });
    member();
  });
  afterEach(() => {
    act(() => {
      modalStore.getState().close();
      userStore.setState({ info: guestInfo(), initialised: false });
    });
    window.history.replaceState(null, '', '/');
    syncLocation();
  });

  it('opens from the application event with the partner, the 10 USD offer and the code; Claim opens the partner in a new tab and closes', async () => {
    server.use(http.post('*/v1/moonit-status', () => success({ status: 'NEW', mode: 'prod' })));
    renderHost();
    open({ referralCode: 'GUF10' });
    const dialog = await screen.findByRole('dialog', { name: 'Get 10 USD with Moonit' });
    expect(dialog).toHaveTextContent('Join Moonit with your referral code and get 10 USD.');
    expect(screen.getByLabelText('Your referral code')).toHaveTextContent('GUF10');
    const claim = screen.getByRole('link', { name: 'Claim 10 USD' });
    expect(claim).toHaveAttribute('href', 'https://partner.example/join?referralCode=GUF10');
    expect(claim).toHaveAttribute('target', '_blank');
    expect(claim).toHaveAttribute('rel', 'noopener noreferrer');
    claim.addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(claim);
    await waitFor(() => expect(modalStore.getState().current).toBeNull());
  });

  it('takes the code from the user info without props, links the development host with moonitMode=pro, and Not now closes', async () => {
    server.use(http.post('*/v1/moonit-status', () => success({ status: 'NEW', mode: 'pro' })));
    window.history.replaceState(null, '', '/?moonitMode=pro');
    syncLocation();
    renderHost();
    open();
    expect(await screen.findByRole('link', { name: 'Claim 10 USD' })).toHaveAttribute('href', 'https://dev.partner.example/join?referralCode=GUF10');
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says the offer was claimed once the status check answers USED, and remembers it for the account', async () => {
    server.use(http.post('*/v1/moonit-status', () => success({ status: 'USED', mode: 'prod' })));
    renderHost();
    open();
    expect(await screen.findByText(OFFER_CLAIMED)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Claim 10 USD' })).toBeNull();
    expect(referralStore.getState().redeemedAccounts).toEqual([`p${account}`]);
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(modalStore.getState().current).toBeNull();
  });

  it('keeps the offer when the status check fails (only logged)', async () => {
    server.use(http.post('*/v1/moonit-status', () => HttpResponse.json({ meta: { status: 'Failure', errorCode: 'SERVER_ERROR', errorMessage: 'x' }, data: {} }, { status: 500 })));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      renderHost();
      open();
      await waitFor(() => expect(warn).toHaveBeenCalledWith('referral status check failed', expect.anything()));
      expect(screen.getByRole('link', { name: 'Claim 10 USD' })).toBeInTheDocument();
    } finally {
      warn.mockRestore();
    }
  });

  it('says the offer is not available without a partner, without the feature, or for an ineligible member (no check sent)', async () => {
    let checks = 0;
    server.use(http.post('*/v1/moonit-status', () => {
      checks++;
      return success({ status: 'NEW', mode: 'prod' });
    }));
    renderHost();
    member({ eligible: false, referralCode: 'GUF10' });
    open();
    expect(await screen.findByText(OFFER_UNAVAILABLE)).toBeInTheDocument();
    act(() => modalStore.getState().close());
    member();
    activeConfig = { ...config, referral: null };
    open();
    expect(await screen.findByText(OFFER_UNAVAILABLE)).toBeInTheDocument();
    act(() => modalStore.getState().close());
    activeConfig = { ...config, features: { ...config.features, referral: 0 } };
    open({ referralCode: 'GUF10' });
    expect(await screen.findByText(OFFER_UNAVAILABLE)).toBeInTheDocument();
    expect(checks).toBe(0);
  });
});
