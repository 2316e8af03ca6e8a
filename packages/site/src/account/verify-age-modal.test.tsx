import type { ReactNode } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { RouterProvider } from '../router';
import { ModalHost } from '../shell/modals/modal-host';
import { modalStore, OPEN_MODAL_EVENT } from '../ui/modals/modal-store';
import { toastStore } from '../ui/toasts';
import { ACCOUNT_TEST_API, accountModalServer } from '../test/account-modals';
import { memberInfo } from '../test/fixtures';
import { guestInfo, userStore, type MainUser } from '../user';
import { AccountSection } from './settings/sections';
import { AGE_VERIFIED } from './verify-age-modal';

const base = ACCOUNT_TEST_API;
const server = accountModalServer();
const sent: Record<string, string>[] = [];
afterEach(() => {
  sent.length = 0;
});

function settingsEndpoint(reply: (fields: Record<string, string>) => Response) {
  server.use(
    http.post(`${base}/v1/settings`, async ({ request }) => {
      const fields = Object.fromEntries(new URLSearchParams(await request.text()));
      sent.push(fields);
      return reply(fields);
    }),
    http.get(`${base}/v1/auth-providers`, () => HttpResponse.json({ meta: { status: 'Success' }, data: { providers: [] } })),
  );
}
const verifiedReply = () =>
  HttpResponse.json({ meta: { status: 'Success' }, data: { user: { ...userStore.getState().info.user, isVerified: { email: true, age: true } } } });

const unverified = () => {
  const info = memberInfo({ isVerified: { email: true, age: false } });
  act(() => userStore.setState({ info, fetchedAt: Date.now(), initialised: true }));
  return info.user as MainUser;
};

const open = (props: Record<string, unknown> = {}) =>
  act(() => {
    window.dispatchEvent(new CustomEvent(OPEN_MODAL_EVENT, { detail: { name: 'verify-age', props } }));
  });

const renderHost = (children: ReactNode = null) =>
  render(
    <RouterProvider routes={[]}>
      {children}
      <ModalHost />
    </RouterProvider>,
  );

const toasts = () => toastStore.getState().toasts.map((t) => t.message);

describe('verify age modal', { timeout: 20_000 }, () => {
  it('saves ageVerified=1, shows "Age verified." and closes', async () => {
    unverified();
    settingsEndpoint(verifiedReply);
    renderHost();
    open();
    const dialog = await screen.findByRole('dialog', { name: 'Verify your age' });
    expect(dialog).toHaveTextContent('Please confirm that you are 18 or older.');
    await userEvent.click(screen.getByRole('button', { name: "I'm 18 or older" }));
    await waitFor(() => expect(modalStore.getState().current).toBeNull());
    expect(sent).toEqual([{ ageVerified: '1' }]);
    expect(toasts()).toEqual([AGE_VERIFIED]);
    expect(AGE_VERIFIED).toBe('Age verified.');
    expect(userStore.getState().info.user?.isVerified.age).toBe(true);
  });

  it("shows the server's message and stays open when saving fails; Cancel closes", async () => {
    unverified();
    settingsEndpoint(() => HttpResponse.json({ meta: { status: 'Failure', errorCode: 'LOGIN_REQUIRED', errorMessage: 'Please log in first.' }, data: {} }, { status: 401 }));
    renderHost();
    open();
    await userEvent.click(await screen.findByRole('button', { name: "I'm 18 or older" }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please log in first.');
    expect(screen.getByRole('dialog', { name: 'Verify your age' })).toBeInTheDocument();
    expect(toasts()).toEqual([]);
    expect(userStore.getState().info.user?.isVerified.age).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(modalStore.getState().current).toBeNull();
  });

  it('tells a verified member so, and gives a guest the signup overlay', async () => {
    act(() => userStore.setState({ info: memberInfo(), fetchedAt: Date.now() }));
    renderHost();
    open();
    expect(await screen.findByText('Your age is already verified.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    act(() => userStore.setState({ info: guestInfo() }));
    open();
    expect(await screen.findByRole('dialog', { name: 'Join Guffaw' })).toHaveTextContent('Sign up to see sensitive content');
  });

  it('is the age prompt of Settings › Account: sensitive content asks first, then turns on', async () => {
    const user = unverified();
    settingsEndpoint(verifiedReply);
    renderHost(<AccountSection user={user} />);
    expect(screen.getByText('Age: not verified')).toBeInTheDocument();
    const sensitive = screen.getByRole('checkbox', { name: 'Show sensitive content (18+)' });
    await userEvent.click(sensitive);
    expect(sensitive).not.toBeChecked();
    await userEvent.click(await screen.findByRole('button', { name: "I'm 18 or older" }));
    await waitFor(() => expect(sensitive).toBeChecked());
    expect(sent).toEqual([{ ageVerified: '1' }]);
  });

  it('opens from the Verify age button of Settings › Account', async () => {
    const user = unverified();
    settingsEndpoint(verifiedReply);
    renderHost(<AccountSection user={user} />);
    await userEvent.click(screen.getByRole('button', { name: 'Verify age' }));
    expect(await screen.findByRole('dialog', { name: 'Verify your age' })).toBeInTheDocument();
  });
});
