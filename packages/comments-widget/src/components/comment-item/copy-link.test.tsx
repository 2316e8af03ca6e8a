import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCommentServiceHandlers, makeComment, makeUser } from '@guffaw/test-utils/comments';
import { Comments } from '../comments/index.js';
import { STORY_HOST, STORY_URL, tokens } from '../../test/story-kit.js';
import { LINK_COPIED, LINK_NOT_COPIED } from './comment-item.js';

/** "Copy link" in every comment's ⋯ menu copies its permalink (#cs_comment_id=), over the shared fake service. */
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
  Reflect.deleteProperty(document, 'execCommand');
});
afterAll(() => server.close());

const bob = makeUser({ userId: 'bob', accountId: 'bob', displayName: 'bob' });
const PERMALINK = `${STORY_URL}#cs_comment_id=1`;

async function openMenu(auth: string | null) {
  server.use(...createCommentServiceHandlers({
    users: tokens,
    pages: [{ url: STORY_URL, comments: [makeComment({ commentId: '1', user: bob, text: 'hello from bob', childrenTotal: 0 })] }],
  }).handlers);
  const user = userEvent.setup();
  render(<Comments appId="guffaw" url={STORY_URL} host={STORY_HOST} auth={auth} />);
  const article = await screen.findByRole('article', { name: 'Comment by bob' });
  await user.click(within(article).getByRole('button', { name: 'More actions for the comment by bob' }));
  return { user, item: screen.getByRole('menuitem', { name: 'Copy link' }) };
}

/** jsdom has no copy command: this one records what was selected when it ran. */
function fakeCopyCommand(works: boolean) {
  const copied: string[] = [];
  Object.defineProperty(document, 'execCommand', {
    configurable: true,
    value: vi.fn(() => {
      const field = document.querySelector<HTMLTextAreaElement>('textarea[readonly]');
      if (field) copied.push(field.value.slice(field.selectionStart, field.selectionEnd));
      return works;
    }),
  });
  return copied;
}

describe('Copy link', () => {
  it('copies the comment’s permalink with the Clipboard API, for a visitor too, and says so', async () => {
    const { user, item } = await openMenu(null);
    await user.click(item);
    expect(await screen.findByText(LINK_COPIED)).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(PERMALINK);
    // Focus goes back to the menu button, as after any menu item.
    expect(screen.getByRole('button', { name: 'More actions for the comment by bob' })).toHaveFocus();
  });

  it('falls back to the copy command when the Clipboard API is missing or refused', async () => {
    const { user, item } = await openMenu('member');
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('not allowed', 'NotAllowedError'));
    const copied = fakeCopyCommand(true);
    await user.click(item);
    expect(await screen.findByText(LINK_COPIED)).toBeInTheDocument();
    expect(copied).toEqual([PERMALINK]);
    expect(document.querySelectorAll('textarea[readonly]')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'More actions for the comment by bob' })).toHaveFocus();
  });

  it('says the link was not copied when nothing could copy it', async () => {
    const { user, item } = await openMenu('member');
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined });
    fakeCopyCommand(false);
    await user.click(item);
    expect(await screen.findByText(LINK_NOT_COPIED)).toBeInTheDocument();
    expect(screen.queryByText(LINK_COPIED)).not.toBeInTheDocument();
  });
});
