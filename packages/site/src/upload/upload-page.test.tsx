import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureApi } from '../lib/api';
import { RouterProvider, syncLocation } from '../router';
import { modalStore } from '../shell/modals';
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
    await userEvent.upload(screen.getByLabelText(/^File/), new File(['%PDF'], 'a.png', { type: 'image/png' }));
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This file type is not supported');
    expect(modalStore.getState().current).toBeNull();
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
