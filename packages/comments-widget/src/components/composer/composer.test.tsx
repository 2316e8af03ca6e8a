import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeComment, userState, users } from '@guffaw/test-utils/widget';
import { renderComments } from '../../test/render.js';

const member = userState(users.ada);
const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])], name, { type: 'image/png' });

describe('<Composer> text', () => {
  it('lays out right-to-left text by its own direction, in comments and in the composer', async () => {
    const { ready } = renderComments({ comments: [makeComment({ commentId: 'x', text: 'مرحبا بالعالم' })], user: member });
    await ready();
    expect(await screen.findByText('مرحبا بالعالم')).toHaveAttribute('dir', 'auto');
    expect(screen.getByRole('textbox', { name: 'Write a comment' })).toHaveAttribute('dir', 'auto');
  });

  it('counts characters as the service does (code points): 600 emoji are 600, all kept', async () => {
    const { ready, user } = renderComments({ comments: [], user: member });
    await ready();
    const box = await screen.findByRole('textbox', { name: 'Write a comment' });
    box.focus();
    await user.paste('😀'.repeat(600));
    expect([...(box as HTMLTextAreaElement).value]).toHaveLength(600);
    expect(screen.getByText('600/1000')).toBeInTheDocument();
  });

  it('cuts at the maximum length in code points, and posts what it shows', async () => {
    const { ready, user, client } = renderComments({ comments: [], user: member, app: { maxMessageLength: 200 } });
    await ready();
    const box = await screen.findByRole('textbox', { name: 'Write a comment' });
    await waitFor(() => expect(screen.getByText('0/200')).toBeInTheDocument());
    box.focus();
    await user.paste('é😀'.repeat(150));
    expect(screen.getByText('200/200')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(client.callsOf('addComment')).toHaveLength(1));
    expect([...(client.callsOf('addComment')[0]![0] as { text: string }).text]).toHaveLength(200);
  });

  it('marks the counter (data-near, the warning colour) from nine tenths of the limit on', async () => {
    const { ready, user } = renderComments({ comments: [], user: member, app: { maxMessageLength: 200 } });
    await ready();
    const box = await screen.findByRole('textbox', { name: 'Write a comment' });
    box.focus();
    await user.paste('x'.repeat(179));
    expect(screen.getByText('179/200')).not.toHaveAttribute('data-near');
    await user.paste('x');
    expect(screen.getByText('180/200')).toHaveAttribute('data-near');
  });

  it('refuses a second attachment at once, without uploading it', async () => {
    const { ready, user, client, container } = renderComments({ comments: [], user: member });
    await ready();
    await screen.findByRole('textbox', { name: 'Write a comment' });
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, png('one.png'));
    expect(await screen.findByText('Ready')).toBeInTheDocument();
    await user.upload(input, png('two.png'));
    expect(await screen.findByRole('alert')).toHaveTextContent('A comment can carry one image or video.');
    expect(client.callsOf('uploadMedia')).toHaveLength(1);
    expect(within(screen.getByRole('list', { name: 'Attachments' })).getAllByRole('listitem')).toHaveLength(1);
    // Once the first is removed, another can be attached.
    await user.click(screen.getByRole('button', { name: 'Remove one.png' }));
    await user.upload(input, png('two.png'));
    await waitFor(() => expect(client.callsOf('uploadMedia')).toHaveLength(2));
  });

  it('posts with Ctrl+Enter and Cmd+Enter; plain Enter is a new line', async () => {
    const { ready, user, client } = renderComments({ comments: [], user: member });
    await ready();
    const box = await screen.findByRole('textbox', { name: 'Write a comment' });
    await user.type(box, 'one{Enter}two');
    expect(client.callsOf('addComment')).toHaveLength(0);
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(client.callsOf('addComment')).toHaveLength(1));
    expect(client.callsOf('addComment')[0]![0]).toMatchObject({ text: 'one\ntwo' });
    await waitFor(() => expect(box).toHaveValue(''));
    await user.type(box, 'three');
    await user.keyboard('{Meta>}{Enter}{/Meta}');
    await waitFor(() => expect(client.callsOf('addComment')).toHaveLength(2));
    // Nothing to send: Ctrl+Enter on an empty box does nothing.
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(client.callsOf('addComment')).toHaveLength(2);
  });

  it('says "Write an answer…" on forum posts', async () => {
    const { ready } = renderComments({ comments: [], user: member }, { isForum: true });
    await ready();
    const box = await screen.findByRole('textbox', { name: 'Write an answer' });
    expect(box).toHaveAttribute('placeholder', 'Write an answer…');
    expect(screen.getByRole('form', { name: 'Write an answer' })).toBeInTheDocument();
  });

  it('shows a run of blank lines as one blank line', async () => {
    const { container } = renderComments({ comments: [makeComment({ commentId: 'x', text: 'top\n\n\n\n\n\n\nbottom\n\nend' })] });
    await screen.findByText(/top/);
    expect(container.querySelector('.gfw-text')!.textContent).toBe('top\n\nbottom\n\nend');
  });
});
