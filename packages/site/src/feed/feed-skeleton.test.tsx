import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureApi } from '../lib/api';
import { RouterProvider } from '../router';
import { sentAwardsHandler } from '../test/handlers';
import { guestInfo } from '../user/user-types';
import { userStore } from '../user/user-store';
import { FeedList } from './feed-list';
import { postListStore } from './post-store';
import { makePost } from './test-posts';

const base = 'http://api.test';
const HOME = '/v1/feed-posts/type/home';
const server = setupServer(sentAwardsHandler());
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  configureApi({ baseUrl: base });
});
beforeEach(() => {
  postListStore.setState({ posts: {}, lists: {} });
  userStore.setState({ info: guestInfo(), fetchedAt: Date.now() });
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('a list while its stream loads', () => {
  it('holds the stream\'s place with a card\'s shapes (feed.module.css skeleton), the words kept for screen readers', async () => {
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (answer = resolve));
    const reply = { meta: { status: 'Success' }, data: { posts: [makePost('s1', { title: 'First of the stream' })], after: null, nextCursor: null, feedId: 'home', tags: [], tag: null } };
    server.use(...(['get', 'post'] as const).map((method) => http[method](`${base}${HOME}`, async () => {
      await held;
      return HttpResponse.json(reply);
    })));
    render(
      <RouterProvider routes={[]}>
        <FeedList path={HOME} />
      </RouterProvider>,
    );
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Loading…');
    expect(status.className).toMatch(/skeleton/);
    answer();
    await screen.findByRole('heading', { name: 'First of the stream' });
    expect(screen.queryByText('Loading…')).toBeNull();
  });
});
