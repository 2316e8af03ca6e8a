import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../lib/api';
import { RouterProvider } from '../router';
import { modalStore } from '../ui/modals';
import { memberInfo } from '../test/fixtures';
import { guestInfo } from '../user/user-types';
import { userStore } from '../user/user-store';
import { PostCard } from './post-card';
import { postListStore } from './post-store';
import type { PostPlace } from './post-actions';
import { makePost } from './test-posts';

// Tests read the widget from its sources (vitest.config.ts alias), which have no built stylesheet: the post page's
// module that imports it is replaced by its plain parts.
vi.mock('../post/post-comments', () => ({ COMMENT_APP_ID: 'guffaw', followApi: undefined, blockApi: undefined }));

const base = 'http://api.test';
// The widget's own calls (viewer, quota) are not part of this test.
const server = setupServer();

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'bypass' });
  configureApi({ baseUrl: base });
});
beforeEach(() => {
  postListStore.setState({ posts: { p1: makePost('p1') }, lists: {} });
  userStore.setState({ info: guestInfo(), fetchedAt: Date.now() });
});
afterEach(() => {
  server.resetHandlers();
  act(() => modalStore.getState().close());
});
afterAll(() => server.close());

const renderCard = (place: PostPlace = 'list') =>
  render(
    <RouterProvider routes={[]}>
      <PostCard id="p1" place={place} />
    </RouterProvider>,
  );

describe('comment composer on cards (§4)', () => {
  it('opens the signup overlay for a visitor who clicks the vote/comment area', async () => {
    renderCard();
    await userEvent.click(screen.getByTestId('comment-area'));
    expect(modalStore.getState().current).toMatchObject({ name: 'signup', props: { action: 'comment' } });
    expect(screen.queryByTestId('card-composer')).toBeNull();
  });

  it('opens the widget composer for a member, not when a button of the bar is clicked', async () => {
    userStore.setState({ info: memberInfo() });
    renderCard();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.queryByTestId('card-composer')).toBeNull();
    await userEvent.click(screen.getByTestId('comment-area'));
    const composer = await screen.findByTestId('card-composer', {}, { timeout: 10_000 });
    // The widget's composer of this card (its own ids); what it offers follows the comment service's viewer.
    expect(composer.querySelector('[data-composer="card-p1"]')).not.toBeNull();
    expect(modalStore.getState().current).toBeNull();
  }, 20_000);

  it('is not offered on collection pages', () => {
    userStore.setState({ info: memberInfo() });
    renderCard('collection');
    expect(screen.queryByTestId('comment-area')).toBeNull();
  });
});
