import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCommentServiceHandlers, makeComment, makeUser, type CommentServiceFake } from '@guffaw/test-utils/comments';
import { Comments } from './comments.js';
import { people, STORY_HOST, STORY_URL, tokens } from '../../test/story-kit.js';

/**
 * The section over the real client and the shared fake comment service (MSW): what the widget sends on the wire.
 */
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const bob = makeUser({ userId: 'bob', accountId: 'bob', displayName: 'bob' });
const PNG = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])], 'cat.png', { type: 'image/png' });

function setup(auth: string | null, options: Partial<Parameters<typeof createCommentServiceHandlers>[0]> = {}) {
  const fake: CommentServiceFake = createCommentServiceHandlers({
    users: tokens,
    ops: { [STORY_URL]: 'op' },
    pages: [{ url: STORY_URL, comments: [makeComment({ commentId: '1', user: bob, text: 'hello from bob', childrenTotal: 0 })] }],
    ...options,
  });
  server.use(...fake.handlers);
  const user = userEvent.setup();
  render(<Comments appId="guffaw" url={STORY_URL} host={STORY_HOST} auth={auth} />);
  return { fake, user };
}

describe('<Comments> over the comment service', () => {
  it('lists for a visitor with a GET and no auth', async () => {
    const { fake } = setup(null);
    expect(await screen.findByText('hello from bob')).toBeInTheDocument();
    const [call] = fake.callsTo('comment-list.json');
    expect(call).toMatchObject({ method: 'GET', params: { appId: 'guffaw', url: STORY_URL, type: 'hot', count: '10' } });
    expect(call!.params.auth).toBeUndefined();
  });

  it('posts, likes and replies as a member, with the parameters of comments.md §7', async () => {
    const { fake, user } = setup('member');
    await screen.findByText('hello from bob');
    const box = await screen.findByRole('textbox', { name: 'Write a comment' });
    await user.type(box, 'first from the member');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('first from the member')).toBeInTheDocument();
    // The comment shows at once; the call follows its proof of work (wp.json first).
    await waitFor(() => expect(fake.callsTo('add-comment.json')).toHaveLength(1));
    expect(fake.callsTo('add-comment.json')[0]!.params).toMatchObject({ appId: 'guffaw', auth: 'member', url: STORY_URL, text: 'first from the member' });

    const article = screen.getByRole('article', { name: 'Comment by bob' });
    await user.click(within(article).getByRole('button', { name: 'Like, 0' }));
    await waitFor(() => expect(fake.callsTo('like.json')).toHaveLength(1));
    expect(fake.callsTo('like.json')[0]!.params).toMatchObject({ commentId: '1', value: '1' });

    await user.click(within(article).getByRole('button', { name: 'Reply' }));
    await user.type(within(article).getByRole('textbox', { name: 'Write a reply' }), 'nice');
    await user.click(within(within(article).getByRole('form')).getByRole('button', { name: 'Reply' }));
    expect(await screen.findByText('@bob nice')).toBeInTheDocument();
    await waitFor(() => expect(fake.callsTo('add-comment.json')).toHaveLength(2));
    expect(fake.callsTo('add-comment.json')[1]!.params).toMatchObject({ parent: '1', text: '@bob nice' });
    expect(screen.getByRole('button', { name: 'View 1 reply' })).toBeInTheDocument();
  }, 30_000);

  it('uploads an attachment and shows the service’s refusal as the notice of §8', async () => {
    const { fake, user } = setup('member', { failures: { 'media.json': { code: 'IMAGE_INVALID_SIZE' } } });
    await screen.findByText('hello from bob');
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, PNG);
    expect(await screen.findByText('Media size should be less than 10MB')).toBeInTheDocument();
    delete fake.failures['media.json'];
    await user.upload(input, PNG);
    await waitFor(() => expect(screen.getByText('Ready')).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(fake.callsTo('add-comment.json')).toHaveLength(1));
    expect(JSON.parse(fake.callsTo('add-comment.json')[0]!.params.attachments!)).toEqual([{ type: 'userMedia', token: expect.stringMatching(/^upload-/) }]);
  });

  it('reports a comment with report.json', async () => {
    const { fake, user } = setup('member');
    await screen.findByText('hello from bob');
    await user.click(await screen.findByRole('button', { name: /More actions/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Report' }));
    await user.click(screen.getByRole('radio', { name: 'Spam' }));
    await user.click(screen.getByRole('button', { name: 'Report' }));
    expect(screen.getByText('Reported. Thanks for making the product better.')).toBeInTheDocument();
    await waitFor(() => expect(fake.state.reports).toEqual([{ userId: people.member.userId, commentId: '1', url: STORY_URL, data: { reason: 1, text: '' }, at: expect.any(String) }]));
  });

  it('lets a moderator lock the section', async () => {
    const mod = setup('moderator');
    await screen.findByText('hello from bob');
    await mod.user.click(await screen.findByRole('button', { name: 'Lock comments' }));
    await waitFor(() => expect(mod.fake.callsTo('admin/update')[0]!.params).toMatchObject({ url: STORY_URL, lock: 'true' }));
    expect(await screen.findByRole('button', { name: 'Unlock comments' })).toBeInTheDocument();
  });
});

describe('<Comments> thread from the host (#cs_comment_id={id})', () => {
  const ada = makeUser({ userId: 'ada', accountId: 'ada', displayName: 'ada' });
  const section = () => [
    makeComment({ commentId: '1', user: bob, text: 'top by bob', childrenTotal: 2 }),
    makeComment({ commentId: '2', user: ada, text: 'other top by ada' }),
    makeComment({ commentId: '11', user: ada, parent: '1', threadId: '1', text: 'first reply', timestamp: 100 }),
    makeComment({ commentId: '12', user: bob, parent: '1', threadId: '1', text: 'second reply', timestamp: 200 }),
  ];
  const start = (props: { threadId?: string | null; onThreadChange?: (id: string | null) => void }) => {
    const fake = createCommentServiceHandlers({ users: tokens, pages: [{ url: STORY_URL, comments: section() }] });
    server.use(...fake.handlers);
    const user = userEvent.setup();
    const view = render(<Comments appId="guffaw" url={STORY_URL} host={STORY_HOST} auth={null} {...props} />);
    const rerender = (next: typeof props) => view.rerender(<Comments appId="guffaw" url={STORY_URL} host={STORY_HOST} auth={null} {...next} />);
    return { fake, user, rerender };
  };

  it('opens the thread of a top-level comment with a level 2 list call, never loading the list first', async () => {
    const { fake } = start({ threadId: '1' });
    const thread = await screen.findByRole('region', { name: 'Thread' });
    expect(await within(thread).findByText('second reply')).toBeInTheDocument();
    expect(within(thread).getByText('top by bob')).toBeInTheDocument();
    expect(within(thread).getByRole('button', { name: 'View all 4 comments' })).toBeInTheDocument();
    expect(screen.queryByText('other top by ada')).toBeNull();
    expect(fake.callsTo('comment-list.json').map((c) => c.params)).toEqual([expect.objectContaining({ commentId: '1', level: '2' })]);
  });

  it('opens a reply\'s whole thread, headed by its top-level comment', async () => {
    const { fake } = start({ threadId: '12' });
    const thread = await screen.findByRole('region', { name: 'Thread' });
    expect(await within(thread).findByText('top by bob')).toBeInTheDocument();
    const replies = within(thread).getByRole('list', { name: 'Replies' });
    expect(within(replies).getByText('first reply')).toBeInTheDocument();
    expect(within(replies).getByText('second reply')).toBeInTheDocument();
    expect(fake.callsTo('comment-list.json')[0]!.params).toMatchObject({ commentId: '12', level: '2' });
  });

  it('tells the host when the viewer opens a thread or goes back to the list', async () => {
    const changes: Array<string | null> = [];
    const { user, rerender } = start({ threadId: null, onThreadChange: (id) => changes.push(id) });
    await screen.findByText('other top by ada');
    await user.click(screen.getByRole('button', { name: 'View 2 replies' }));
    expect(await screen.findByText('second reply')).toBeInTheDocument();
    expect(changes).toEqual(['1']);
    // The host writes it into its URL and hands it back: nothing more happens.
    rerender({ threadId: '1', onThreadChange: (id) => changes.push(id) });
    await user.click(screen.getByRole('button', { name: 'View all 4 comments' }));
    expect(await screen.findByText('other top by ada')).toBeInTheDocument();
    expect(changes).toEqual(['1', null]);
  });

  it('follows the host\'s threadId when it changes (history back and forward)', async () => {
    const changes: Array<string | null> = [];
    const { fake, rerender } = start({ threadId: null, onThreadChange: (id) => changes.push(id) });
    await screen.findByText('other top by ada');
    rerender({ threadId: '1', onThreadChange: (id) => changes.push(id) });
    expect(await screen.findByText('second reply')).toBeInTheDocument();
    expect(fake.callsTo('comment-list.json').at(-1)!.params).toMatchObject({ commentId: '1', level: '2' });
    rerender({ threadId: null, onThreadChange: (id) => changes.push(id) });
    expect(await screen.findByText('other top by ada')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Thread' })).toBeNull();
    // Reported as any change is; a host that already shows this thread ignores it.
    expect(changes).toEqual(['1', null]);
  });

  it('says so and shows the list when the linked comment is gone', async () => {
    const changes: Array<string | null> = [];
    start({ threadId: 'gone', onThreadChange: (id) => changes.push(id) });
    expect(await screen.findByText('This comment does not exist or was removed.')).toBeInTheDocument();
    expect(await screen.findByText('other top by ada')).toBeInTheDocument();
    expect(changes).toEqual([null]);
  });
});
