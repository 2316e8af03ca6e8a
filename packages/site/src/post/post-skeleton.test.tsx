import { act, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makePost } from '../feed/test-posts';
import { configureApi } from '../lib/api';
import { RouterProvider, syncLocation } from '../router';
import PostPage from './post-page';

const base = 'http://api.test';
const server = setupServer();
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  configureApi({ baseUrl: base });
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('post page while its post loads', () => {
  it('draws the post skeleton (post-page.module.css) in place of a blank page, the words kept for screen readers', async () => {
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (answer = resolve));
    const post = makePost('slow1', { title: 'A slow post' });
    server.use(
      http.get(`${base}/v1/post`, async () => {
        await held;
        return HttpResponse.json({ meta: { status: 'Success' }, data: { post } });
      }),
    );
    // The post's answer is held: the page is drawn while it loads.
    window.history.replaceState(null, '', '/gag/slow1#comment');
    act(() => syncLocation());
    render(
      <RouterProvider routes={[]}>
        <PostPage params={{ postId: 'slow1' }} />
      </RouterProvider>,
    );
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Loading…');
    expect(status.className).toMatch(/skeleton/);
    answer();
    // Once the post is in, the skeleton gives way to it.
    expect(await screen.findByText('A slow post')).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).toBeNull();
  });
});
