import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { navigate, RouterProvider } from '../../router';
import { ModalHost } from '../../shell/modals/modal-host';
import { modalStore } from '../modals/modal-store';
import { randomPost, setShortcutsEnabled, SHORTCUT_EVENT, SHORTCUTS_SETTING_KEY, shortcutsEnabled, SHUFFLE_URL, startShortcuts } from './shortcuts';

describe('keyboard shortcuts', { timeout: 20_000 }, () => {
  let stop: () => void;
  const scrollTo = vi.fn();
  beforeEach(() => {
    localStorage.clear();
    vi.spyOn(window, 'scrollTo').mockImplementation(scrollTo);
    scrollTo.mockClear();
    act(() => navigate('/', { replace: true }));
    stop = startShortcuts();
  });
  afterEach(() => {
    stop();
    act(() => modalStore.getState().close());
  });

  it('b and Home scroll to the top, End to the bottom, r opens a random post', async () => {
    await userEvent.keyboard('b');
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, behavior: 'smooth' });
    await userEvent.keyboard('{End}');
    expect(scrollTo).toHaveBeenLastCalledWith(expect.objectContaining({ behavior: 'smooth' }));
    await userEvent.keyboard('{Home}');
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, behavior: 'smooth' });
    const open = vi.spyOn(randomPost, 'open').mockImplementation(() => undefined);
    await userEvent.keyboard('r');
    expect(open).toHaveBeenCalledTimes(1);
    expect(SHUFFLE_URL).toBe('/shuffle');
    open.mockRestore();
  });

  it('announces post shortcuts j, k, l, h, c, p', async () => {
    const actions: string[] = [];
    const listener = (event: Event) => actions.push((event as CustomEvent<{ action: string }>).detail.action);
    window.addEventListener(SHORTCUT_EVENT, listener);
    await userEvent.keyboard('jklhcp');
    window.removeEventListener(SHORTCUT_EVENT, listener);
    expect(actions).toEqual(['next-post', 'previous-post', 'upvote', 'downvote', 'comment', 'play']);
  });

  it('does nothing while typing in a field', async () => {
    render(<input aria-label="Comment" />);
    await userEvent.click(screen.getByRole('textbox', { name: 'Comment' }));
    await userEvent.keyboard('rb');
    expect(window.location.pathname).toBe('/');
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('? shows the legend, where the shortcuts can be turned off', async () => {
    render(
      <RouterProvider routes={[]}>
        <ModalHost />
      </RouterProvider>,
    );
    await userEvent.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(dialog).toHaveTextContent('Random post');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Use keyboard shortcuts' }));
    expect(localStorage.getItem(SHORTCUTS_SETTING_KEY)).toBe('off');
    // With a dialog open the page's shortcuts stay quiet.
    const open = vi.spyOn(randomPost, 'open').mockImplementation(() => undefined);
    await userEvent.keyboard('r');
    expect(open).not.toHaveBeenCalled();
    act(() => modalStore.getState().close());
    await userEvent.keyboard('r');
    expect(open).not.toHaveBeenCalled();
    open.mockRestore();
  });

  it('? still opens the legend while the shortcuts are off, so they can be turned back on', async () => {
    setShortcutsEnabled(false);
    render(
      <RouterProvider routes={[]}>
        <ModalHost />
      </RouterProvider>,
    );
    await userEvent.keyboard('b');
    expect(scrollTo).not.toHaveBeenCalled();
    await userEvent.keyboard('?');
    const toggle = await screen.findByRole('checkbox', { name: 'Use keyboard shortcuts' });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    expect(shortcutsEnabled()).toBe(true);
    act(() => modalStore.getState().close());
    await userEvent.keyboard('b');
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, behavior: 'smooth' });
  });

  it('? does nothing while typing', async () => {
    render(
      <RouterProvider routes={[]}>
        <ModalHost />
        <input aria-label="Search" />
      </RouterProvider>,
    );
    await userEvent.click(screen.getByRole('textbox', { name: 'Search' }));
    await userEvent.keyboard('?');
    expect(modalStore.getState().current).toBeNull();
  });
});
