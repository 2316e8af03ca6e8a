import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../lib/api';
import { RouterProvider } from '../router';
import { modalStore } from '../ui/modals';
import { memberInfo } from '../test/fixtures';
import { sentAwardsHandler } from '../test/handlers';
import { guestInfo } from '../user/user-types';
import { userStore } from '../user/user-store';
import { OFFENSIVE_TEXT, OFFENSIVE_TITLE, VIEW_ALL_OFFENSIVE } from './offensive-mask';
import { MaskedContent, PostCard, SENSITIVE_TITLE } from './post-card';
import { postListStore } from './post-store';
import type { Post } from './post-types';
import { makePost } from './test-posts';
import { resetUnmasked } from './visibility';

const server = setupServer(sentAwardsHandler());

class InViewObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() { return []; }
}

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  configureApi({ baseUrl: 'http://api.test' });
  vi.stubGlobal('IntersectionObserver', InViewObserver);
});
beforeEach(() => {
  postListStore.setState({ posts: {}, lists: {} });
  userStore.setState({ info: guestInfo(), fetchedAt: Date.now() });
  resetUnmasked();
});
afterEach(() => {
  server.resetHandlers();
  act(() => modalStore.getState().close());
});
afterAll(() => server.close());

const offensive = makePost('o1', { isOffensive: true });
const masked = (post: Post, place?: 'list' | 'main') =>
  render(
    <RouterProvider routes={[]}>
      <MaskedContent post={post} {...(place ? { place } : {})}>
        <p>the media</p>
      </MaskedContent>
    </RouterProvider>,
  );

describe('offensive mask (§5)', () => {
  it('covers an offensive post in a list for a visitor; View asks the visitor to sign up', async () => {
    postListStore.setState({ posts: { o1: offensive } });
    render(
      <RouterProvider routes={[]}>
        <PostCard id="o1" />
      </RouterProvider>,
    );
    expect(screen.getByRole('group', { name: OFFENSIVE_TITLE })).toBeInTheDocument();
    expect(screen.getByText(OFFENSIVE_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    // View all is offered on the main post only.
    expect(screen.queryByRole('button', { name: VIEW_ALL_OFFENSIVE })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'View' }));
    expect(modalStore.getState().current).toMatchObject({ name: 'signup', props: { action: 'unmask' } });
    expect(screen.getByText(OFFENSIVE_TITLE)).toBeInTheDocument();
  });

  it('View unmasks the post for a member in offensive mode, for the rest of the session', async () => {
    userStore.setState({ info: memberInfo({ offensiveMode: true }) });
    masked(offensive);
    expect(screen.queryByText('the media')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'View' }));
    expect(screen.getByText('the media')).toBeInTheDocument();
    // Another mount of the same post (the post page after the card) stays unmasked.
    masked(offensive);
    expect(screen.queryByText(OFFENSIVE_TITLE)).not.toBeInTheDocument();
  });

  it('View all offensive content on the main post unmasks it for the session', async () => {
    userStore.setState({ info: memberInfo({ offensiveMode: true }) });
    masked(offensive, 'main');
    await userEvent.click(screen.getByRole('button', { name: VIEW_ALL_OFFENSIVE }));
    expect(screen.getByText('the media')).toBeInTheDocument();
  });

  it('is not shown to a member with offensive mode off, nor to the author', () => {
    userStore.setState({ info: memberInfo({ offensiveMode: false }) });
    masked(offensive).unmount();
    expect(screen.queryByText(OFFENSIVE_TITLE)).not.toBeInTheDocument();
    userStore.setState({ info: { ...memberInfo({ offensiveMode: true }), uploads: ['o1'] } });
    masked(offensive);
    expect(screen.getByText('the media')).toBeInTheDocument();
  });

  it('comes before the sensitive mask on a post that is both; View lifts both for the post', async () => {
    userStore.setState({ info: memberInfo({ offensiveMode: true, safeMode: true }) });
    masked(makePost('both', { isOffensive: true, nsfw: true }));
    expect(screen.getByText(OFFENSIVE_TITLE)).toBeInTheDocument();
    expect(screen.queryByText(SENSITIVE_TITLE)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'View' }));
    expect(screen.getByText('the media')).toBeInTheDocument();
  });
});
