import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../lib/api';
import { RouterProvider } from '../../router';
import { ModalHost } from '../../shell/modals/modal-host';
import { modalStore } from '../../ui/modals/modal-store';
import { SHORTCUTS_SETTING_KEY, shortcutsEnabled, startShortcuts } from '../../ui/shortcuts/shortcuts';
import { memberInfo } from '../../test/fixtures';
import { guestInfo, userStore, type MainUser } from '../../user';
import { AccountSection } from './sections';

const base = 'http://api.test';
const server = setupServer(http.get(`${base}/v1/auth-providers`, () => HttpResponse.json({ meta: { status: 'Success' }, data: { providers: [] } })));

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  configureApi({ baseUrl: base });
});
afterAll(() => server.close());

describe('keyboard shortcuts in Settings > Account', { timeout: 20_000 }, () => {
  let stop: () => void;
  const scrollTo = vi.fn();
  beforeEach(() => {
    localStorage.clear();
    vi.spyOn(window, 'scrollTo').mockImplementation(scrollTo);
    scrollTo.mockClear();
    stop = startShortcuts();
  });
  afterEach(() => {
    stop();
    vi.restoreAllMocks();
    act(() => modalStore.getState().close());
    act(() => userStore.setState({ info: guestInfo() }));
  });

  const renderAccount = () => {
    const info = memberInfo();
    userStore.setState({ info, fetchedAt: Date.now() });
    render(
      <RouterProvider routes={[]}>
        <AccountSection user={info.user as MainUser} />
        <ModalHost />
      </RouterProvider>,
    );
    return within(screen.getByRole('group', { name: 'Keyboard shortcuts' })).getByRole('checkbox', { name: 'Use keyboard shortcuts' });
  };

  it('turns the shortcuts off and on at once, with no Save', async () => {
    const toggle = renderAccount();
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    expect(toggle).not.toBeChecked();
    expect(localStorage.getItem(SHORTCUTS_SETTING_KEY)).toBe('off');
    await userEvent.keyboard('b');
    expect(scrollTo).not.toHaveBeenCalled();
    await userEvent.click(toggle);
    expect(shortcutsEnabled()).toBe(true);
    await userEvent.keyboard('b');
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, behavior: 'smooth' });
  });

  it('shares the setting with the ? legend, both ways', async () => {
    const toggle = renderAccount();
    await userEvent.click(toggle);
    await userEvent.keyboard('?');
    const legend = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    const legendToggle = within(legend).getByRole('checkbox', { name: 'Use keyboard shortcuts' });
    expect(legendToggle).not.toBeChecked();
    await userEvent.click(legendToggle);
    expect(legendToggle).toBeChecked();
    expect(toggle).toBeChecked();
    expect(shortcutsEnabled()).toBe(true);
  });

  it('follows a change made in another tab', () => {
    const toggle = renderAccount();
    act(() => {
      localStorage.setItem(SHORTCUTS_SETTING_KEY, 'off');
      window.dispatchEvent(new StorageEvent('storage', { key: SHORTCUTS_SETTING_KEY, newValue: 'off' }));
    });
    expect(toggle).not.toBeChecked();
  });
});
