import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showServerToasts, takeServerToastCodes } from './server-toast';
import { ToastRegion } from './toast-region';
import { createToastStore, toastStore } from './toast-store';

describe('toasts', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.useRealTimers();
    toastStore.setState({ toasts: [] });
  });

  it('reads the toastMsg cookie codes once and clears the cookie', () => {
    document.cookie = 'toastMsg=2%2C18; path=/';
    expect(takeServerToastCodes()).toEqual(['2', '18']);
    expect(takeServerToastCodes()).toEqual([]);
  });

  it('shows the messages of known codes only', () => {
    document.cookie = 'toastMsg=4,99,5; path=/';
    const shown: string[] = [];
    showServerToasts((m) => shown.push(m), 'Guffaw');
    expect(shown).toEqual(['Me Gusta! Welcome to Guffaw, go have fun now!', 'The post is removed.']);
  });

  it('hides a toast after its time and keeps at most three', () => {
    vi.useFakeTimers();
    const store = createToastStore(4000);
    for (const m of ['a', 'b', 'c', 'd']) store.getState().show(m);
    expect(store.getState().toasts.map((t) => t.message)).toEqual(['b', 'c', 'd']);
    vi.advanceTimersByTime(4000);
    expect(store.getState().toasts).toEqual([]);
  });

  it('renders toasts in a live region', () => {
    render(<ToastRegion />);
    act(() => void toastStore.getState().show('The post is hidden.'));
    expect(screen.getByRole('status')).toHaveTextContent('The post is hidden.');
  });
});
