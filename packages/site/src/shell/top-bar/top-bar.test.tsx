import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultConfig, type SiteConfig } from '../../config';
import { navigate, RouterProvider } from '../../router';
import { memberInfo } from '../../test/fixtures';
import { guestInfo } from '../../user/user-types';
import { userStore } from '../../user/user-store';
import { ModalHost } from '../modals/modal-host';
import { modalStore } from '../../ui/modals/modal-store';
import { unreadStore } from '../../ui/unread-store';
import { CHAT_OPEN_EVENT, CHAT_UNREAD_EVENT, supportChatStore } from '../../ads/support-chat';
import { TopBar } from './top-bar';

const renderBar = (config: SiteConfig = defaultConfig) =>
  render(
    <RouterProvider routes={[]}>
      <TopBar config={config} />
      <ModalHost />
    </RouterProvider>,
  );

describe('top bar', { timeout: 20_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    act(() => navigate('/', { replace: true }));
  });
  afterEach(() => {
    act(() => {
      modalStore.getState().close();
      userStore.setState({ info: guestInfo() });
      unreadStore.getState().setUnreadCount(0);
    });
  });

  it('shows a guest Sign Up/Log In, which opens the signup overlay', async () => {
    renderBar();
    expect(screen.queryByRole('button', { name: /Notifications/ })).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Sign Up/Log In' }));
    expect(screen.getByRole('dialog', { name: 'Join Guffaw' })).toBeInTheDocument();
  });

  it("gates a guest's Post button: signup overlay with next /submit and action upload, no navigation", async () => {
    renderBar();
    await userEvent.click(screen.getByRole('link', { name: 'Post' }));
    expect(window.location.pathname).toBe('/');
    expect(modalStore.getState().current).toEqual({ name: 'signup', props: { next: '/submit', action: 'upload' } });
  });

  it('takes a member to /submit', async () => {
    userStore.setState({ info: memberInfo() });
    renderBar();
    await userEvent.click(screen.getByRole('link', { name: 'Post' }));
    expect(window.location.pathname).toBe('/submit');
    expect(modalStore.getState().current).toBeNull();
  });

  it('caps the unread badge at 99', () => {
    userStore.setState({ info: memberInfo() });
    act(() => unreadStore.getState().setUnreadCount(7));
    renderBar();
    expect(screen.getByTestId('unread-badge')).toHaveTextContent('7');
    act(() => unreadStore.getState().setUnreadCount(150));
    expect(screen.getByTestId('unread-badge')).toHaveTextContent('99+');
    expect(screen.getByRole('button', { name: 'Notifications, 150 unread' })).toBeInTheDocument();
  });

  it('keeps only one of the search, notification and user menus open', async () => {
    userStore.setState({ info: memberInfo() });
    renderBar();
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByTestId('menu-search')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(screen.queryByTestId('menu-search')).toBeNull();
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(screen.queryByTestId('menu-notifications')).toBeNull();
    const menu = screen.getByTestId('menu-user');
    expect(menu).toHaveTextContent('demo');
    for (const item of ['Profile', 'Saved', 'Settings', 'Apps', 'Privacy choices']) expect(screen.getByRole('link', { name: item })).toBeInTheDocument();
    // No support chat is configured: no Support entry at all.
    expect(screen.queryByRole('button', { name: /Support/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Support/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Customize tags' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'System' })).toBeChecked();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByTestId('menu-user')).toBeNull();
    expect(screen.getByRole('button', { name: 'Account menu' })).toHaveFocus();
  });

  it('opens the configured support chat from the user menu, loading its script on the first click, with its unread badge', async () => {
    const url = 'https://chat.example.com/launcher.js';
    userStore.setState({ info: memberInfo() });
    renderBar({ ...defaultConfig, supportChatUrl: url });
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(screen.queryByTestId('support-badge')).toBeNull();
    // Nothing is fetched until the member asks for the chat.
    expect(document.querySelector(`script[src="${url}"]`)).toBeNull();
    const opened = vi.fn();
    window.addEventListener(CHAT_OPEN_EVENT, opened);
    await userEvent.click(await screen.findByRole('button', { name: 'Support' }));
    expect(screen.queryByTestId('menu-user')).toBeNull();
    const script = document.querySelector(`script[src="${url}"]`);
    expect(script).not.toBeNull();
    await act(async () => script?.dispatchEvent(new Event('load')));
    expect(opened).toHaveBeenCalledTimes(1);
    window.removeEventListener(CHAT_OPEN_EVENT, opened);
    // The chat reports unread replies; the badge caps at 99 and goes at 0.
    act(() => void window.dispatchEvent(new CustomEvent(CHAT_UNREAD_EVENT, { detail: { unread: 3 } })));
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(screen.getByTestId('support-badge')).toHaveTextContent('3');
    expect(screen.getByRole('button', { name: /^Support/ })).toHaveAccessibleName('Support, 3 unread');
    act(() => void window.dispatchEvent(new CustomEvent(CHAT_UNREAD_EVENT, { detail: { unread: 120 } })));
    expect(screen.getByTestId('support-badge')).toHaveTextContent('99+');
    act(() => void window.dispatchEvent(new CustomEvent(CHAT_UNREAD_EVENT, { detail: { unread: 0 } })));
    expect(screen.queryByTestId('support-badge')).toBeNull();
    act(() => supportChatStore.setState({ status: 'idle' }));
  });

  it('searches by pushing /search?query=', async () => {
    renderBar();
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search memes' }), 'funny cats{Enter}');
    expect(window.location.pathname + window.location.search).toBe('/search?query=funny+cats');
    expect(screen.queryByTestId('menu-search')).toBeNull();
  });

  it('shows configured nav links, with a new badge dismissed once used', async () => {
    const config = { ...defaultConfig, navLinks: [{ title: 'Videos', url: '/interest/video', isNew: true }, { title: 'Shop', url: 'https://shop.example', newTab: true }] };
    renderBar(config);
    const videos = screen.getByRole('link', { name: 'Videos NEW' });
    expect(screen.getByRole('link', { name: 'Shop' })).toHaveAttribute('target', '_blank');
    videos.addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(videos);
    expect(screen.getByRole('link', { name: 'Videos' })).toBeInTheDocument();
  });
});
