import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCommentsClient } from '@guffaw/comments-client';
import { createCommentServiceHandlers, makeComment, makeUser } from '@guffaw/test-utils/comments';
import { createWidgetStores, WidgetProvider } from '../../stores/widget-stores.js';
import { CommentSection, Comments } from './comments.js';
import { STORY_HOST, STORY_URL, tokens } from '../../test/story-kit.js';

/** How the widget behaves as a guest on a host's page: the host's scrolling, a refused token, pieces on their own. */
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
  document.documentElement.style.overflow = '';
});
afterAll(() => server.close());

const bob = makeUser({ userId: 'bob', accountId: 'bob', displayName: 'bob' });

function serve() {
  const fake = createCommentServiceHandlers({
    users: tokens,
    pages: [{ url: STORY_URL, comments: [makeComment({ commentId: '1', user: bob, text: 'hello from bob', childrenTotal: 0 })] }],
  });
  server.use(...fake.handlers);
  return fake;
}

describe('the host page', () => {
  it('puts its className on the section root beside gfw-root, for its own styles and --gfw-* values', async () => {
    serve();
    const { container } = render(<Comments appId="guffaw" url={STORY_URL} host={STORY_HOST} className="host-comments wide" />);
    await screen.findByRole('article', { name: 'Comment by bob' });
    const root = container.querySelector('section');
    expect(root?.className).toBe('gfw-root host-comments wide');
  });

  it('keeps scrolling while a reply composer is open, unless the host asks for the lock', async () => {
    serve();
    const user = userEvent.setup();
    const { unmount } = render(<Comments appId="guffaw" url={STORY_URL} host={STORY_HOST} auth="member" />);
    const article = await screen.findByRole('article', { name: 'Comment by bob' });
    await user.click(within(article).getByRole('button', { name: 'Reply' }));
    await within(article).findByRole('textbox', { name: 'Write a reply' });
    expect(document.documentElement.style.overflow).toBe('');
    unmount();

    render(<Comments appId="guffaw" url={STORY_URL} host={STORY_HOST} auth="member" lockScroll />);
    const again = await screen.findByRole('article', { name: 'Comment by bob' });
    await user.click(within(again).getByRole('button', { name: 'Reply' }));
    await within(again).findByRole('textbox', { name: 'Write a reply' });
    expect(document.documentElement.style.overflow).toBe('hidden');
  });
});

describe('a refused token', () => {
  it('warns with the service code, calls onAuthError and shows the thread to a visitor', async () => {
    const fake = serve();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const onAuthError = vi.fn();
    const { rerender } = render(<Comments appId="guffaw" url={STORY_URL} host={STORY_HOST} auth="expired-token" onAuthError={onAuthError} />);

    expect(await screen.findByText('hello from bob')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Log in to comment' })).toBeInTheDocument();
    expect(screen.queryByText(/Couldn.t load comments/)).not.toBeInTheDocument();
    expect(onAuthError).toHaveBeenCalledTimes(1);
    expect(onAuthError).toHaveBeenCalledWith({ code: 'AUTH_INVALID', message: expect.any(String) });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/AUTH_INVALID/);
    // The visitor's read went without the refused token.
    expect(fake.callsTo('comment-list.json').at(-1)!.params.auth).toBeUndefined();

    // The host hands a fresh token: the viewer is signed in again.
    rerender(<Comments appId="guffaw" url={STORY_URL} host={STORY_HOST} auth="member" onAuthError={onAuthError} />);
    expect(await screen.findByRole('textbox', { name: 'Write a comment' })).toBeInTheDocument();
    expect(onAuthError).toHaveBeenCalledTimes(1);
  });
});

describe('the pieces', () => {
  it('WidgetProvider and CommentSection load the viewer and the first list by themselves', async () => {
    const fake = serve();
    const stores = createWidgetStores(createCommentsClient({ appId: 'guffaw', host: STORY_HOST, auth: 'member' }), { url: STORY_URL });
    render(
      <WidgetProvider stores={stores}>
        <CommentSection />
      </WidgetProvider>,
    );
    expect(await screen.findByText('hello from bob')).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Write a comment' })).toBeInTheDocument();
    await waitFor(() => expect(stores.user.getState().status).toBe('ready'));
    expect(fake.callsTo('comment-list.json')).toHaveLength(1);
    expect(fake.callsTo('user.json')).toHaveLength(1);
  });
});
