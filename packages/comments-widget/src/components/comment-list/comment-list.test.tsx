import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCommentServiceHandlers, FIXTURE_NOW, makeComment, makeUser, type CommentServiceFake } from '@guffaw/test-utils/comments';
import { Comments } from '../comments/index.js';
import { STORY_HOST, STORY_URL, tokens } from '../../test/story-kit.js';

/**
 * The "N new comments" pill over the shared fake comment service (MSW): the shown list asks with its refresh cursor
 * for comments added since, and shows a pill with their number only when there are some; a click shows them.
 */
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const bob = makeUser({ userId: 'bob', accountId: 'bob', displayName: 'bob' });
const cat = makeUser({ userId: 'cat', accountId: 'cat', displayName: 'cat' });
// Above the client's 1 s sharing of identical list requests, so each check reaches the service.
const POLL_MS = 1_050;
const WAIT = { timeout: POLL_MS * 3 };

function setup(props: { auth?: string | null; sort?: 'hot' | 'new' | 'old' } = {}) {
  const fake: CommentServiceFake = createCommentServiceHandlers({
    users: tokens,
    pages: [{ url: STORY_URL, comments: [makeComment({ commentId: '1', user: bob, text: 'hello from bob', timestamp: FIXTURE_NOW - 600 })] }],
  });
  server.use(...fake.handlers);
  const user = userEvent.setup();
  render(<Comments appId="guffaw" url={STORY_URL} host={STORY_HOST} auth={props.auth ?? null} sort={props.sort} newCommentsPollMs={POLL_MS} />);
  /** Someone else comments meanwhile, straight into the service. */
  const arrives = (commentId: string, text: string, at: number) =>
    fake.state.sections.get(STORY_URL)!.comments.push(makeComment({ commentId, user: cat, text, timestamp: at }));
  return { fake, user, arrives };
}

const polls = (fake: CommentServiceFake) => fake.callsTo('comment-list.json').filter((c) => c.params.refresh !== undefined);
const pill = () => screen.queryByRole('button', { name: /^\d+ new comments?$/ });

describe('the "N new comments" pill', { timeout: 20_000 }, () => {
  it('says nothing while nothing is new, though the list keeps asking', async () => {
    const { fake } = setup();
    await screen.findByText('hello from bob');
    await waitFor(() => expect(polls(fake).length).toBeGreaterThanOrEqual(2), WAIT);
    expect(pill()).toBeNull();
    expect(screen.queryByRole('button', { name: /Show new/ })).toBeNull();
  });

  it('counts comments added since, and shows them first on a click', async () => {
    const { fake, user, arrives } = setup({ sort: 'new' });
    await screen.findByText('hello from bob');
    arrives('2', 'first news', FIXTURE_NOW - 60);
    expect(await screen.findByRole('button', { name: '1 new comment' }, WAIT)).toBeInTheDocument();
    // Not shown before the reader asks: the list does not move under their eyes.
    expect(screen.queryByText('first news')).toBeNull();
    arrives('3', 'second news', FIXTURE_NOW - 30);
    await user.click(await screen.findByRole('button', { name: '2 new comments' }, WAIT));
    const texts = screen.getAllByRole('article').map((a) => within(a).queryByText(/news|hello/)?.textContent);
    expect(texts).toEqual(['second news', 'first news', 'hello from bob']);
    expect(pill()).toBeNull();
    // The heading's total follows what the service counts.
    expect(screen.getByRole('heading', { name: '3 comments' })).toBeInTheDocument();
    expect(polls(fake)[0]!.params).toMatchObject({ type: 'new', url: STORY_URL });
  });

  it("does not count the reader's own new comment, already shown", async () => {
    const { user, fake } = setup({ auth: 'member' });
    await screen.findByText('hello from bob');
    await user.type(await screen.findByRole('textbox', { name: 'Write a comment' }), 'mine');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await screen.findByText('mine');
    const seen = polls(fake).length;
    await waitFor(() => expect(polls(fake).length).toBeGreaterThan(seen + 1), WAIT);
    expect(pill()).toBeNull();
  });

  it('asks nothing while the page is hidden', async () => {
    const { fake } = setup();
    await screen.findByText('hello from bob');
    const hidden = Object.getOwnPropertyDescriptor(Document.prototype, 'visibilityState')!;
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    try {
      await act(async () => new Promise((r) => setTimeout(r, POLL_MS)));
      const before = polls(fake).length;
      await act(async () => new Promise((r) => setTimeout(r, POLL_MS * 2 + 200)));
      expect(polls(fake).length).toBe(before);
    } finally {
      delete (document as { visibilityState?: unknown }).visibilityState;
      expect(Object.getOwnPropertyDescriptor(Document.prototype, 'visibilityState')).toEqual(hidden);
    }
  });
});
