import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithConfig } from '../test/render';
import { formatTitle, usePageTitle, type NamedPage, type PageType } from './page-title';
import { unreadStore } from './unread-store';

function Page({ page }: { page: PageType | NamedPage }) {
  usePageTitle(page);
  return null;
}

describe('page titles', { timeout: 20_000 }, () => {
  afterEach(() => unreadStore.getState().setUnreadCount(0));

  it('names the product and the page type', () => {
    expect(formatTitle('trending', 'Guffaw')).toBe('Guffaw - Trending Memes');
    expect(formatTitle('top-last-month', 'Guffaw')).toBe('Guffaw - Top Memes Last Month');
    expect(formatTitle({ type: 'tag', tag: 'funny-cats' }, 'Guffaw')).toBe('Guffaw - Best Funny funny cats Memes');
    expect(formatTitle({ type: 'user', username: 'demo' }, 'Guffaw')).toBe("Guffaw - demo's Profile");
  });

  it('names the configured product', () => {
    renderWithConfig(<Page page="trending" />, { appName: 'Chortle' });
    expect(document.title).toBe('Chortle - Trending Memes');
  });

  it('prefixes the unread count in parentheses', () => {
    render(<Page page="home" />);
    expect(document.title).toBe('Guffaw - Go Fun The World');
    act(() => unreadStore.getState().setUnreadCount(3));
    expect(document.title).toBe('(3) Guffaw - Go Fun The World');
    act(() => unreadStore.getState().setUnreadCount(120));
    expect(document.title).toBe('(99+) Guffaw - Go Fun The World');
  });
});
