import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCommentServiceHandlers, FIXTURE_NOW, makeComment, makeUser, type CommentServiceFake } from '@guffaw/test-utils/comments';
import { Comments } from '../comments/index.js';
import { people, STORY_HOST, STORY_URL, tokens } from '../../test/story-kit.js';
import { mentionChoices } from './mention-picker.js';

/** @-mention autocomplete from the section's participants, by keyboard and mouse, over the shared fake service. */
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const user = (name: string) => makeUser({ userId: name, accountId: name, displayName: name });
const [ada, bob, carol, robin] = [user('ada'), user('bob'), user('carol'), user('robin')];
const comments = [
  makeComment({ commentId: '1', user: ada, text: 'first', timestamp: FIXTURE_NOW - 400, childrenTotal: 0 }),
  makeComment({ commentId: '2', user: bob, text: 'second', timestamp: FIXTURE_NOW - 300, childrenTotal: 0 }),
  makeComment({ commentId: '3', user: people.op, text: 'posted as the anonymous OP', opStatus: 2, timestamp: FIXTURE_NOW - 200, childrenTotal: 0 }),
  makeComment({ commentId: '4', user: carol, text: '', isDeleted: true, timestamp: FIXTURE_NOW - 100, childrenTotal: 0 }),
  makeComment({ commentId: '5', user: people.member, text: 'my own', timestamp: FIXTURE_NOW - 50, childrenTotal: 0 }),
  makeComment({ commentId: '6', user: robin, text: 'latest', timestamp: FIXTURE_NOW - 10, childrenTotal: 0 }),
];

async function setup() {
  const fake: CommentServiceFake = createCommentServiceHandlers({ users: tokens, pages: [{ url: STORY_URL, comments }] });
  server.use(...fake.handlers);
  const session = userEvent.setup();
  render(<Comments appId="guffaw" url={STORY_URL} host={STORY_HOST} auth="member" />);
  await screen.findByText('latest');
  const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Write a comment' });
  return { fake, user: session, box };
}

const options = () => within(screen.getByRole('listbox', { name: 'People to mention' })).getAllByRole('option');
const activeOption = (box: HTMLElement) => document.getElementById(box.getAttribute('aria-activedescendant') ?? '');

describe('@-mention autocomplete', () => {
  it('offers the section’s named participants, most recent first, without the viewer, the anonymous OP or deleted comments', () => {
    const byId = Object.fromEntries(comments.map((c) => [c.commentId, c]));
    expect(mentionChoices(byId, '', 'member')).toEqual(['robin', 'bob', 'ada']);
    // Names starting with what is typed come before names only containing it.
    expect(mentionChoices(byId, 'b', 'member')).toEqual(['bob', 'robin']);
    expect(mentionChoices(byId, 'OP', 'member')).toEqual([]);
  });

  it('opens on @, moves with the arrows (aria-activedescendant), picks with Enter and closes', async () => {
    const { fake, user, box } = await setup();
    await user.type(box, 'hi @');
    const list = screen.getByRole('listbox', { name: 'People to mention' });
    expect(options().map((o) => o.textContent)).toEqual(['@robin', '@bob', '@ada']);
    expect(box).toHaveAttribute('aria-controls', list.id);
    expect(box).toHaveAttribute('aria-autocomplete', 'list');
    expect(activeOption(box)).toHaveTextContent('@robin');
    expect(activeOption(box)).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(activeOption(box)).toHaveTextContent('@ada');
    await user.keyboard('{ArrowDown}');
    expect(activeOption(box)).toHaveTextContent('@robin');
    await user.keyboard('{ArrowUp}');
    expect(activeOption(box)).toHaveTextContent('@ada');
    await user.keyboard('{Enter}');
    expect(box.value).toBe('hi @ada ');
    expect(box.selectionStart).toBe('hi @ada '.length);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box).not.toHaveAttribute('aria-activedescendant');
    expect(box).toHaveFocus();
    await user.type(box, 'thanks');
    expect(box.value).toBe('hi @ada thanks');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(fake.callsTo('add-comment.json')).toHaveLength(0);
  });

  it('narrows as the name is typed and picks with Tab, in the middle of the text too', async () => {
    const { user, box } = await setup();
    await user.type(box, 'see  here');
    box.setSelectionRange(4, 4);
    await user.type(box, '@ro', { initialSelectionStart: 4, initialSelectionEnd: 4 });
    expect(options().map((o) => o.textContent)).toEqual(['@robin']);
    await user.keyboard('{Tab}');
    expect(box.value).toBe('see @robin  here');
    expect(box).toHaveFocus();
  });

  it('closes when the caret leaves the @word and opens again when it comes back', async () => {
    const { user, box } = await setup();
    await user.type(box, 'hi @a');
    expect(options().map((o) => o.textContent)).toEqual(['@ada']);
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(options().map((o) => o.textContent)).toEqual(['@ada']);
  });

  it('closes with Escape, leaving the reply composer open; a click picks too', async () => {
    const { user } = await setup();
    const article = screen.getByRole('article', { name: 'Comment by bob' });
    await user.click(within(article).getByRole('button', { name: 'Reply' }));
    const reply = within(article).getByRole<HTMLTextAreaElement>('textbox', { name: 'Write a reply' });
    expect(reply.value).toBe('@bob ');
    await user.type(reply, 'and @');
    expect(options()).toHaveLength(3);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(reply).toBeInTheDocument();
    await user.type(reply, 'a');
    await user.click(screen.getByRole('option', { name: '@ada' }));
    expect(reply.value).toBe('@bob and @ada ');
    expect(reply).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(within(article).queryByRole('textbox', { name: 'Write a reply' })).not.toBeInTheDocument());
  });
});
