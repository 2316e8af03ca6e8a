import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createCommentServiceHandlers, type CommentServiceOptions } from '@guffaw/test-utils';

export const HOST = 'https://comments.test';
export const URL_A = 'https://guffaw.test/gag/a';
export const URL_B = 'https://guffaw.test/gag/b';

/** One MSW server per test file; each test installs a fresh fake comment service. */
export function useFakeService() {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return {
    server,
    install(options: CommentServiceOptions = {}) {
      const fake = createCommentServiceHandlers({ host: HOST, ...options });
      server.use(...fake.handlers);
      return fake;
    },
  };
}
