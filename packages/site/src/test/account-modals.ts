import { act } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { registerAccountModals } from '../account';
import { configureApi } from '../lib/api';
import { modalStore } from '../ui/modals/modal-store';
import { toastStore } from '../ui/toasts';
import { guestInfo, userStore } from '../user';

/** The API base of the account dialogs' tests. */
export const ACCOUNT_TEST_API = 'http://api.test';

/**
 * For the account dialogs' tests: an API server that fails on any request no handler answers, the account modals
 * registered, and after each test the handlers, the open modal, the user and the toasts reset.
 */
export function accountModalServer(): ReturnType<typeof setupServer> {
  const server = setupServer();
  beforeAll(() => {
    server.listen({ onUnhandledRequest: 'error' });
    configureApi({ baseUrl: ACCOUNT_TEST_API });
    registerAccountModals();
  });
  afterEach(() => {
    server.resetHandlers();
    act(() => {
      modalStore.getState().close();
      userStore.setState({ info: guestInfo() });
      toastStore.setState({ toasts: [] });
    });
  });
  afterAll(() => server.close());
  return server;
}
