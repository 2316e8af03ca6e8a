import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BackToTop } from './back-to-top';

describe('back to top', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.useRealTimers();
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });

  it('appears once the page has scrolled more than 600 px', () => {
    vi.useFakeTimers();
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    render(<BackToTop />);
    expect(screen.queryByRole('button', { name: /Back to top/ })).toBeNull();
    Object.defineProperty(window, 'scrollY', { value: 600, configurable: true });
    act(() => vi.advanceTimersByTime(500));
    expect(screen.queryByRole('button', { name: /Back to top/ })).toBeNull();
    Object.defineProperty(window, 'scrollY', { value: 601, configurable: true });
    act(() => vi.advanceTimersByTime(500));
    act(() => screen.getByRole('button', { name: /Back to top/ }).click());
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  });
});
