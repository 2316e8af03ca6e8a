import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCommentServiceHandlers, makeComment, makeUser } from '@guffaw/test-utils/comments';
import { Comments } from '../comments/index.js';
import { STORY_HOST, STORY_URL } from '../../test/story-kit.js';
import { SHOWN_LINES } from './comment-body.js';

/**
 * Long comments are cut after 12 lines with "Read more". jsdom does no layout, so this lays out comment text as the
 * stylesheet would: one 20 px line per text line, a clamped paragraph ([data-clamp]) at most SHOWN_LINES lines high.
 */
const LINE = 20;
const laidOut = (el: HTMLElement) => el.classList.contains('gfw-text');
const lines = (el: HTMLElement) => (el.textContent ?? '').split('\n').length;

const server = setupServer();
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return laidOut(this) ? lines(this) * LINE : 0;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      if (!laidOut(this)) return 0;
      return (this.hasAttribute('data-clamp') ? Math.min(lines(this), SHOWN_LINES) : lines(this)) * LINE;
    },
  });
});
afterEach(() => server.resetHandlers());
afterAll(() => {
  server.close();
  Reflect.deleteProperty(HTMLElement.prototype, 'scrollHeight');
  Reflect.deleteProperty(HTMLElement.prototype, 'clientHeight');
});

const bob = makeUser({ userId: 'bob', accountId: 'bob', displayName: 'bob' });
const ada = makeUser({ userId: 'ada', accountId: 'ada', displayName: 'ada' });
const text = (count: number) => Array.from({ length: count }, (_, i) => `line ${i + 1}`).join('\n');

function setup() {
  server.use(...createCommentServiceHandlers({
    pages: [{
      url: STORY_URL,
      comments: [
        makeComment({ commentId: '1', user: bob, text: text(20), childrenTotal: 0 }),
        makeComment({ commentId: '2', user: ada, text: text(SHOWN_LINES), childrenTotal: 0 }),
      ],
    }],
  }).handlers);
  render(<Comments appId="guffaw" url={STORY_URL} host={STORY_HOST} />);
  return userEvent.setup();
}

describe('Read more', () => {
  it('cuts a comment longer than 12 lines, opens it whole with Read more and cuts it again with Show less', async () => {
    const user = setup();
    const long = await screen.findByRole('article', { name: 'Comment by bob' });
    const paragraph = within(long).getByText(/line 20/);
    expect(paragraph).toHaveAttribute('data-clamp');
    await user.click(within(long).getByRole('button', { name: 'Read more' }));
    expect(paragraph).not.toHaveAttribute('data-clamp');
    const less = within(long).getByRole('button', { name: 'Show less' });
    expect(less).toHaveFocus();
    await user.click(less);
    expect(paragraph).toHaveAttribute('data-clamp');
    expect(within(long).getByRole('button', { name: 'Read more' })).toHaveFocus();
  });

  it('shows no button on a comment of 12 lines or fewer', async () => {
    setup();
    const short = await screen.findByRole('article', { name: 'Comment by ada' });
    expect(within(short).getByText(/line 12/)).toBeInTheDocument();
    expect(within(short).queryByRole('button', { name: 'Read more' })).not.toBeInTheDocument();
  });
});
