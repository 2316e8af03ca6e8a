import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureApi } from '../lib/api';
import { RouterProvider, syncLocation } from '../router';
import { modalStore } from '../ui/modals';
import { memberInfo } from '../test/fixtures';
import { failure, interestsHandler, success, userInfoHandler } from '../test/handlers';
import { guestInfo } from '../user/user-types';
import { userStore } from '../user/user-store';
import { UploadPage } from './upload-page';

const server = setupServer();
const base = 'http://localhost:3000';
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  configureApi({ baseUrl: base });
});
afterAll(() => server.close());
beforeEach(() => {
  userStore.setState({ info: memberInfo(), fetchedAt: Date.now() });
  modalStore.setState({ current: null });
  server.use(userInfoHandler(memberInfo()), interestsHandler());
});
afterEach(() => server.resetHandlers());

const renderPage = () => render(<RouterProvider routes={[]}><UploadPage /></RouterProvider>);
const post = { id: 'abc1234', title: 'Shower thought', type: 'Text', images: {} };
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const png = (name = 'cat.png') => new File([new Uint8Array(PNG)], name, { type: 'image/png' });
/** A file whose name and type claim a picture while its bytes are a PDF. */
const fake = () => new File(['%PDF-1.4 not a picture'], 'fake.png', { type: 'image/png' });
const files = (list: File[]) => ({ types: ['Files'], files: list, items: [] });
const zone = () => screen.getByLabelText(/^File/).closest('[data-drop-state]') as HTMLElement;


describe('UploadPage', { timeout: 30_000 }, () => {
  it('sends the form as multipart, fields before the file, and opens the success modal', async () => {
    let sent: FormData | null = null;
    server.use(
      http.post('*/submit', async ({ request }) => {
        sent = await request.formData();
        return success({ id: 'abc1234', status: 'ready', progress: 100, type: 'Text', url: `${base}/gag/abc1234`, post });
      }),
    );
    renderPage();
    await userEvent.click(screen.getByRole('radio', { name: 'Text' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), 'Shower thought');
    await userEvent.type(screen.getByRole('textbox', { name: 'Text' }), 'Is cereal soup?');
    await userEvent.type(screen.getByRole('textbox', { name: 'Tags' }), 'Deep Thoughts, food');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(modalStore.getState().current?.name).toBe('upload-success'));
    expect(modalStore.getState().current?.props).toMatchObject({ postId: 'abc1234', url: `${base}/gag/abc1234`, title: 'Shower thought' });
    const form = sent as FormData | null;
    expect(form?.get('type')).toBe('Text');
    expect(form?.get('tags')).toBe('deep-thoughts,food');
    expect(form?.get('description')).toBe('Is cereal soup?');
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('');
  });

  it('follows a GIF through processing until it is ready', async () => {
    let polls = 0;
    server.use(
      http.post('*/submit', () => success({ id: 'gif0001', status: 'processing', progress: 0, type: 'Animated', url: `${base}/gag/gif0001` })),
      http.get('*/v1/submit-status', ({ request }) => {
        expect(new URL(request.url).searchParams.get('id')).toBe('gif0001');
        polls++;
        return polls < 2
          ? success({ id: 'gif0001', status: 'processing', progress: 45, type: 'Animated', url: `${base}/gag/gif0001` })
          : success({ id: 'gif0001', status: 'ready', progress: 100, type: 'Animated', url: `${base}/gag/gif0001`, post: { ...post, id: 'gif0001', type: 'Animated' } });
      }),
    );
    renderPage();
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), 'Dancing');
    await userEvent.upload(screen.getByLabelText(/^File/), new File([new Uint8Array([71, 73, 70, 56])], 'a.gif', { type: 'image/gif' }));
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText(/^Processing… 45%/, {}, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(modalStore.getState().current?.name).toBe('upload-success'), { timeout: 5000 });
    expect(polls).toBe(2);
  });

  it("shows the server's message when it refuses the post, and checks the title before sending", async () => {
    let calls = 0;
    server.use(
      http.post('*/submit', () => {
        calls++;
        return failure('IMAGE_INVALID_TYPE', 'This file type is not supported: upload a JPEG, PNG or GIF picture, or an MP4 or WebM video.');
      }),
    );
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Give your post a title.');
    expect(calls).toBe(0);
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), 'Hi');
    // A PNG by its first bytes, which the server still refuses (it reads the whole file).
    await userEvent.upload(screen.getByLabelText(/^File/), png());
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This file type is not supported');
    expect(modalStore.getState().current).toBeNull();
  });

  it('takes a file dropped on the file area, shows the drop state, and sends it', async () => {
    let sent: FormData | null = null;
    server.use(
      http.post('*/submit', async ({ request }) => {
        sent = await request.formData();
        return success({ id: 'abc1234', status: 'ready', progress: 100, type: 'Photo', url: `${base}/gag/abc1234`, post });
      }),
    );
    renderPage();
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), 'Dropped');
    fireEvent.dragEnter(zone(), { dataTransfer: files([png()]) });
    fireEvent.dragOver(zone(), { dataTransfer: files([png()]) });
    expect(zone()).toHaveAttribute('data-drop-state', 'over');
    expect(zone()).toHaveTextContent('Drop it here');
    fireEvent.drop(zone(), { dataTransfer: files([png('dropped.png')]) });
    expect(await screen.findByText('Chosen: dropped.png')).toBeInTheDocument();
    expect(zone()).toHaveAttribute('data-drop-state', 'idle');
    expect(screen.getByRole('img', { name: 'Preview of the chosen file' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(modalStore.getState().current?.name).toBe('upload-success'));
    expect(((sent as FormData | null)?.get('file') as Blob | null)?.size).toBe(PNG.length);
  });

  it('takes a pasted picture, switching a text post to a photo, and leaves text pastes alone', async () => {
    renderPage();
    await userEvent.click(screen.getByRole('radio', { name: 'Text' }));
    fireEvent.paste(document, { clipboardData: { types: ['text/plain'], files: [], items: [] } });
    expect(screen.getByRole('radio', { name: 'Text' })).toBeChecked();
    fireEvent.paste(screen.getByRole('textbox', { name: 'Title' }), { clipboardData: files([png('image.png')]) });
    expect(await screen.findByText('Chosen: image.png')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Photo' })).toBeChecked();
  });

  it('refuses a file by its content however it comes, and clears the message when a good file is chosen', async () => {
    let calls = 0;
    server.use(http.post('*/submit', () => { calls++; return failure('X', 'never'); }));
    renderPage();
    await userEvent.upload(screen.getByLabelText(/^File/), fake());
    expect(await screen.findByRole('alert')).toHaveTextContent('This file type is not supported');
    expect(screen.queryByText(/^Chosen:/)).toBeNull();
    await userEvent.upload(screen.getByLabelText(/^File/), png());
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.getByText('Chosen: cat.png')).toBeInTheDocument();

    fireEvent.drop(zone(), { dataTransfer: files([fake()]) });
    expect(await screen.findByRole('alert')).toHaveTextContent('This file type is not supported');
    const huge = new Uint8Array(11 * 1024 * 1024);
    huge.set([0xff, 0xd8, 0xff, 0xe0]);
    fireEvent.paste(document, { clipboardData: files([new File([huge], 'huge.jpg', { type: 'image/jpeg' })]) });
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('This file is too large'));
    expect(calls).toBe(0);
  });

  it('offers the file chooser as a real labelled input reachable by keyboard', async () => {
    renderPage();
    const input = screen.getByLabelText(/^File/);
    expect(input).toHaveAttribute('type', 'file');
    expect(screen.getByText('Choose a file').tagName).toBe('LABEL');
    expect(screen.getByText('Choose a file')).toHaveAttribute('for', input.id);
    input.focus();
    expect(input).toHaveFocus();
    expect(input).not.toHaveAttribute('tabindex', '-1');
  });

  it('asks a guest to log in instead of showing the form', async () => {
    userStore.setState({ info: guestInfo(), fetchedAt: Date.now() });
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Log in to post' }));
    expect(modalStore.getState().current).toEqual({ name: 'signup', props: { next: '/', action: 'upload' } });
  });

  it('names the guest\'s action create-meme when the meme maker was asked for', async () => {
    userStore.setState({ info: guestInfo(), fetchedAt: Date.now() });
    window.history.replaceState(null, '', '/submit?action=create-meme');
    act(() => syncLocation());
    try {
      renderPage();
      await userEvent.click(screen.getByRole('button', { name: 'Log in to post' }));
      expect(modalStore.getState().current).toEqual({ name: 'signup', props: { next: '/submit?action=create-meme', action: 'create-meme' } });
    } finally {
      window.history.replaceState(null, '', '/');
      act(() => syncLocation());
    }
  });
});
