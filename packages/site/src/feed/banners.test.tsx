import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureApi } from '../lib/api';
import { RouterProvider } from '../router';
import { modalStore } from '../ui/modals';
import { toastStore } from '../ui/toasts';
import { memberInfo } from '../test/fixtures';
import { guestInfo } from '../user/user-types';
import { userStore } from '../user/user-store';
import { CHANGE_EMAIL_URL, POLITICS_DISMISSED_KEY, POLITICS_TEXT, PoliticsBanner, RESEND_URL } from './banners';
import { MSG_MESSAGES } from './msg-messages';
import { HomeListPage } from './feed-page';
import { postListStore } from './post-store';

const base = 'http://api.test';
// The Cheers button asks for the member's sent awards.
const server = setupServer(http.get(`${base}/user-sent-awards`, () => HttpResponse.json({ meta: { status: 'Success' }, data: { sentAwards: [], balance: 0 } })));
const empty = () => HttpResponse.json({ meta: { status: 'Success' }, data: { posts: [], after: null, nextCursor: null, feedId: 'x', tags: [], tag: null } });

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  configureApi({ baseUrl: base });
});
beforeEach(() => {
  server.use(http.get(`${base}/v1/*`, empty), http.post(`${base}/v1/*`, empty));
  postListStore.setState({ posts: {}, lists: {} });
  userStore.setState({ info: guestInfo(), fetchedAt: Date.now() });
  toastStore.setState({ toasts: [] });
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});
afterEach(() => {
  server.resetHandlers();
  act(() => modalStore.getState().close());
});
afterAll(() => server.close());

const renderIn = (ui: React.ReactNode) => render(<RouterProvider routes={[]}>{ui}</RouterProvider>);
const home = (type?: 'home' | 'top') => renderIn(<HomeListPage params={{}} {...(type ? { type } : {})} />);

describe('politics banner', () => {
  it('asks a visitor to sign up, and opens the block-tag modal with politics for a member', async () => {
    const user = userEvent.setup();
    renderIn(<PoliticsBanner />);
    expect(screen.getByText(POLITICS_TEXT)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Block tags' }));
    expect(modalStore.getState().current).toMatchObject({ name: 'signup', props: { action: 'banner' } });
    act(() => userStore.setState({ info: memberInfo() }));
    await user.click(screen.getByRole('button', { name: 'Block tags' }));
    expect(modalStore.getState().current).toEqual({ name: 'blocked-tags', props: { tags: ['politics'] } });
  });

  it('remembers a dismissal', async () => {
    const user = userEvent.setup();
    const first = renderIn(<PoliticsBanner />);
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(POLITICS_TEXT)).not.toBeInTheDocument();
    expect(localStorage.getItem(POLITICS_DISMISSED_KEY)).toBe('1');
    first.unmount();
    renderIn(<PoliticsBanner />);
    expect(screen.queryByText(POLITICS_TEXT)).not.toBeInTheDocument();
  });

  it('goes away once politics is among the blocked tags', () => {
    renderIn(<PoliticsBanner />);
    expect(screen.getByText(POLITICS_TEXT)).toBeInTheDocument();
    act(() => userStore.setState({ info: { ...memberInfo(), blockTags: ['Politics'] } }));
    expect(screen.queryByText(POLITICS_TEXT)).not.toBeInTheDocument();
  });

  it('shows on the home lists', async () => {
    home('top');
    expect(screen.getByText(POLITICS_TEXT)).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'No posts here yet' });
  });
});

describe('verify-email banner and msg messages (home list only)', () => {
  it('shows for a member with an unverified or pending email, with resend and change-email links', async () => {
    userStore.setState({ info: memberInfo({ isVerified: { email: false, age: true } }) });
    const view = home();
    expect(screen.getByTestId('verify-email-banner')).toHaveTextContent('demo@guffaw.test');
    expect(screen.getByRole('link', { name: 'Resend email' })).toHaveAttribute('href', RESEND_URL);
    expect(screen.getByRole('link', { name: 'Change email' })).toHaveAttribute('href', CHANGE_EMAIL_URL);
    act(() => userStore.setState({ info: memberInfo({ pendingEmail: 'new@guffaw.test' }) }));
    expect(screen.getByTestId('verify-email-banner')).toHaveTextContent('new@guffaw.test');
    act(() => userStore.setState({ info: memberInfo() }));
    expect(screen.queryByTestId('verify-email-banner')).not.toBeInTheDocument();
    view.unmount();
    await waitFor(() => expect(postListStore.getState().lists['/v1/feed-posts/type/home']?.loading).toBe(false));
  });

  it('is not on other home lists', async () => {
    userStore.setState({ info: memberInfo({ isVerified: { email: false, age: true } }) });
    home('top');
    await screen.findByRole('heading', { name: 'No posts here yet' });
    expect(screen.queryByTestId('verify-email-banner')).not.toBeInTheDocument();
  });

  it('shows the msg message, then takes msg out of the URL', async () => {
    window.history.replaceState(null, '', '/?msg=account-confirmation-sent&newsList=1');
    home();
    await waitFor(() => expect(toastStore.getState().toasts.map((t) => [t.message, t.kind])).toEqual([[MSG_MESSAGES['account-confirmation-sent']?.text, 'info']]));
    expect(window.location.search).toBe('?newsList=1');
    await screen.findByRole('heading', { name: 'No posts here yet' });
  });

  it('shows the error message for account-confirmation-sent-err', async () => {
    window.history.replaceState(null, '', '/?msg=account-confirmation-sent-err');
    home();
    await waitFor(() => expect(toastStore.getState().toasts.map((t) => [t.message, t.kind])).toEqual([['There was a problem sending the confirmation message.', 'error']]));
    expect(window.location.search).toBe('');
    await screen.findByRole('heading', { name: 'No posts here yet' });
  });
});
