import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultConfig } from '../../config';
import { navigate, RouterProvider, type RouteDefinition } from '../../router';
import { setWindowWidth } from '../../test/media';
import { renderWithConfig } from '../../test/render';
import { drawerStore } from '../drawer';
import { Shell } from './shell';

const routes: RouteDefinition[] = [
  { name: 'home list', path: '/', component: () => <h1>Home</h1> },
  { name: 'upload', path: '/submit', component: () => <h1>Upload</h1>, chrome: 'no-drawer' },
  { name: 'embed', path: '/embed-comment/:postId', component: () => <h1>Embed</h1>, chrome: 'none' },
  { name: 'tag list', path: '/tag/:tag', component: () => <h1>Tag</h1> },
  { name: 'post', path: '/gag/:postId', component: () => <h1>Post</h1> },
  { name: 'settings', path: '/settings', component: () => <h1>Settings</h1> },
  { name: 'notifications', path: '/notifications', component: () => <h1>Notifications</h1> },
];

const renderShell = (config = defaultConfig) =>
  renderWithConfig(
    <RouterProvider routes={routes}>
      <Shell />
    </RouterProvider>,
    config,
  );

describe('shell layout', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    act(() => navigate('/', { replace: true }));
    drawerStore.setState({ open: false });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the drawer permanent from 1280 px, with no menu button', () => {
    setWindowWidth(1280);
    renderShell();
    expect(screen.getByTestId('drawer')).toHaveAttribute('data-mode', 'permanent');
    expect(screen.queryByRole('button', { name: 'Menu' })).toBeNull();
  });

  it('needs 1441 px for a permanent drawer when a campaign background is set', () => {
    setWindowWidth(1440);
    const config = { ...defaultConfig, adCampaign: { background: '/bg.jpg' } };
    const { unmount } = renderShell(config);
    expect(screen.queryByTestId('drawer')).toBeNull();
    expect(screen.getByRole('button', { name: 'Menu' })).toBeInTheDocument();
    unmount();
    setWindowWidth(1441);
    renderShell(config);
    expect(screen.getByTestId('drawer')).toHaveAttribute('data-mode', 'permanent');
  });

  it('below the breakpoint opens the drawer as an overlay and closes it on a route change', async () => {
    setWindowWidth(1279);
    renderShell();
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(menu);
    expect(screen.getByTestId('drawer')).toHaveAttribute('data-mode', 'overlay');
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    act(() => navigate('/tag/cats'));
    expect(screen.queryByTestId('drawer')).toBeNull();
    await userEvent.click(menu);
    await userEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByTestId('drawer')).toBeNull();
    await userEvent.click(menu);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByTestId('drawer')).toBeNull();
  });

  it('has the ad sidebar column on list views and post pages only', () => {
    setWindowWidth(1440);
    for (const [path, shown] of [['/', true], ['/tag/cats', true], ['/gag/a1', true], ['/settings', false], ['/notifications', false], ['/submit', false]] as const) {
      act(() => navigate(path, { replace: true }));
      const { unmount } = renderShell();
      expect(screen.queryByTestId('ad-sidebar') !== null, path).toBe(shown);
      unmount();
    }
  });

  it('has no drawer on the upload page and no chrome on embed routes', () => {
    setWindowWidth(1440);
    act(() => navigate('/submit', { replace: true }));
    const { unmount } = renderShell();
    expect(screen.getByRole('heading', { name: 'Upload' })).toBeInTheDocument();
    expect(screen.getByTestId('top-bar')).toBeInTheDocument();
    expect(screen.queryByTestId('drawer')).toBeNull();
    unmount();
    act(() => navigate('/embed-comment/a1', { replace: true }));
    renderShell();
    expect(screen.getByRole('heading', { name: 'Embed' })).toBeInTheDocument();
    expect(screen.queryByTestId('top-bar')).toBeNull();
  });
});
