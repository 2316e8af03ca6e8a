import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultConfig } from '../../config';
import { configureApi } from '../../lib/api';
import { memberInfo } from '../../test/fixtures';
import { shellHandlers } from '../../test/handlers';
import { createUserStore, userStore } from '../../user/user-store';
import { guestInfo } from '../../user/user-types';
import { modalStore } from '../../ui/modals/modal-store';
import { startShell } from '../startup';
import { startSignupFollow } from './signup-follow';

const base = 'http://api.test';
const server = setupServer();
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  configureApi({ baseUrl: base });
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('follow dialog in signup mode', () => {
  it('opens once per member after startup, only while the initial follow is unfinished', () => {
    const store = createUserStore({ storage: null });
    const open = vi.fn();
    const stop = startSignupFollow(store, open);
    store.setState({ info: memberInfo({ initialFollowFinished: false }) });
    expect(open).not.toHaveBeenCalled();
    store.setState({ initialised: true });
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith('follow-pages', { signup: true });
    // The refresh loop and other changes of the same member do not open it again.
    store.setState({ fetchedAt: Date.now() });
    store.getState().patchUser({ darkMode: true });
    expect(open).toHaveBeenCalledTimes(1);

    store.setState({ info: memberInfo({ userId: '202', username: 'done', initialFollowFinished: true }) });
    store.setState({ info: guestInfo() });
    expect(open).toHaveBeenCalledTimes(1);
    // Another member signing up on the same running shell.
    store.setState({ info: memberInfo({ userId: '303', username: 'newbie', initialFollowFinished: false }) });
    expect(open).toHaveBeenCalledTimes(2);
    stop();
    store.setState({ info: memberInfo({ userId: '404', username: 'later', initialFollowFinished: false }) });
    expect(open).toHaveBeenCalledTimes(2);
  });

  it('opens at once when the shell starts after startup already finished', () => {
    const store = createUserStore({ storage: null });
    store.setState({ info: memberInfo({ initialFollowFinished: false }), initialised: true });
    const open = vi.fn();
    startSignupFollow(store, open)();
    expect(open).toHaveBeenCalledWith('follow-pages', { signup: true });
  });

  it('is opened by the shell on load for a member whose user info says the initial follow is unfinished', async () => {
    server.use(
      ...shellHandlers(memberInfo({ initialFollowFinished: false })),
      http.get(`${base}/v1/config`, () => HttpResponse.json({ meta: { status: 'Success' }, data: { appName: 'Guffaw', tags: [] } })),
    );
    const stop = startShell(defaultConfig);
    try {
      await waitFor(() => expect(modalStore.getState().current).toEqual({ name: 'follow-pages', props: { signup: true } }));
      expect(userStore.getState().initialised).toBe(true);
    } finally {
      stop();
      modalStore.getState().close();
    }
  });
});
