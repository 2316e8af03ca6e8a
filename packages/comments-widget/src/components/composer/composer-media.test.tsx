import { createEvent, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCommentServiceHandlers, type CommentServiceFake } from '@guffaw/test-utils/comments';
import { Comments } from '../comments/index.js';
import { ONE_MEDIA } from '../../stores/composer-store.js';
import { STORY_HOST, STORY_URL, tokens } from '../../test/story-kit.js';

/** Images pasted into or dropped on the composer, with a preview before posting, over the shared fake service. */
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.unstubAllGlobals();
});
afterAll(() => server.close());

const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])], name, { type: 'image/png' });
const text = new File(['just words'], 'notes.txt', { type: 'text/plain' });

/** jsdom has no object URLs: these are counted, to check each preview is let go. */
let made: string[] = [];
let revoked: string[] = [];
beforeEach(() => {
  made = [];
  revoked = [];
  vi.stubGlobal('URL', Object.assign(class extends URL {}, {
    createObjectURL: (blob: Blob) => {
      const url = `blob:preview-${made.length + 1}-${blob instanceof File ? blob.name : 'blob'}`;
      made.push(url);
      return url;
    },
    revokeObjectURL: (url: string) => void revoked.push(url),
  }));
});

async function setup() {
  const fake: CommentServiceFake = createCommentServiceHandlers({ users: tokens, pages: [{ url: STORY_URL, comments: [] }] });
  server.use(...fake.handlers);
  const user = userEvent.setup();
  render(<Comments appId="guffaw" url={STORY_URL} host={STORY_HOST} auth="member" />);
  const box = await screen.findByRole('textbox', { name: 'Write a comment' });
  return { fake, user, box, form: box.closest('form')! };
}

/** A paste or drop carrying files, as the browser hands them (jsdom has no DataTransfer). */
const files = (...list: File[]) => ({ files: Object.assign([...list], { item: (i: number) => list[i] ?? null }), types: list.length ? ['Files'] : ['text/plain'], getData: () => '' });

describe('<Composer> pasted and dropped images', () => {
  it('attaches a pasted image, shows its preview while it uploads and after, and posts it', async () => {
    const { fake, user, box } = await setup();
    const paste = createEvent.paste(box, { clipboardData: files(png('screenshot.png')) });
    fireEvent(box, paste);
    expect(paste.defaultPrevented).toBe(true);
    const preview = await screen.findByRole('img', { name: 'Preview of screenshot.png' });
    expect(preview).toHaveAttribute('src', 'blob:preview-1-screenshot.png');
    await waitFor(() => expect(screen.getByText('Ready')).toBeInTheDocument());
    expect(fake.callsTo('media.json')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(fake.callsTo('add-comment.json')).toHaveLength(1));
    expect(JSON.parse(fake.callsTo('add-comment.json')[0]!.params.attachments!)).toEqual([{ type: 'userMedia', token: expect.stringMatching(/^upload-/) }]);
    // Posted: the composer is empty again and the preview's object URL is let go.
    await waitFor(() => expect(screen.queryByRole('img', { name: 'Preview of screenshot.png' })).not.toBeInTheDocument());
    expect(revoked).toContain('blob:preview-1-screenshot.png');
  });

  it('leaves pasted text to the text box', async () => {
    const { fake, box } = await setup();
    const paste = createEvent.paste(box, { clipboardData: files() });
    fireEvent(box, paste);
    expect(paste.defaultPrevented).toBe(false);
    expect(screen.queryByRole('list', { name: 'Attachments' })).not.toBeInTheDocument();
    expect(fake.callsTo('media.json')).toHaveLength(0);
  });

  it('takes a dropped image, marks the composer while a file is dragged over it, and removes it with its preview', async () => {
    const { fake, user, form } = await setup();
    fireEvent.dragEnter(form, { dataTransfer: files(png('cat.png')) });
    expect(form).toHaveAttribute('data-dropping');
    const drop = createEvent.drop(form, { dataTransfer: files(png('cat.png')) });
    fireEvent(form, drop);
    expect(drop.defaultPrevented).toBe(true);
    expect(form).not.toHaveAttribute('data-dropping');
    expect(await screen.findByRole('img', { name: 'Preview of cat.png' })).toBeInTheDocument();
    await waitFor(() => expect(fake.callsTo('media.json')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Remove cat.png' }));
    expect(screen.queryByRole('img', { name: 'Preview of cat.png' })).not.toBeInTheDocument();
    expect(revoked).toEqual(['blob:preview-1-cat.png']);
  });

  it('keeps to one attachment and to the upload types, as Attach media does', async () => {
    const { fake, form } = await setup();
    fireEvent.drop(form, { dataTransfer: files(text) });
    expect(await screen.findByText('Unsupported type.')).toBeInTheDocument();
    expect(fake.callsTo('media.json')).toHaveLength(0);
    // A text file gets no preview; the failed draft is removed before the next try.
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Remove notes.txt' }));

    fireEvent.drop(form, { dataTransfer: files(png('one.png')) });
    await waitFor(() => expect(screen.getByText('Ready')).toBeInTheDocument());
    fireEvent.paste(within(form).getByRole('textbox'), { clipboardData: files(png('two.png')) });
    expect(await screen.findByText(ONE_MEDIA)).toBeInTheDocument();
    expect(fake.callsTo('media.json')).toHaveLength(1);
    expect(screen.queryByRole('img', { name: 'Preview of two.png' })).not.toBeInTheDocument();
  });
});
