import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultConfig, type SiteConfig } from '../../config';
import { navigate, RouterProvider } from '../../router';
import { memberInfo } from '../../test/fixtures';
import { guestInfo } from '../../user/user-types';
import { userStore } from '../../user/user-store';
import { ModalHost } from '../modals/modal-host';
import { modalStore } from '../modals/modal-store';
import { unreadStore } from '../unread-store';
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
    for (const item of ['Profile', 'Saved', 'Settings', 'Privacy choices', 'Support']) expect(screen.getByRole('link', { name: item })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Customize tags' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'System' })).toBeChecked();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByTestId('menu-user')).toBeNull();
    expect(screen.getByRole('button', { name: 'Account menu' })).toHaveFocus();
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
