import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { defaultConfig } from '../config';
import { configureApi } from '../lib/api';
import { shellHandlers } from '../test/handlers';
import { interestStore } from '../tags/interests';
import { tagStore } from '../tags/tag-store';
import { startShell } from './startup';

const base = 'http://api.test';
const server = setupServer(
  ...shellHandlers(),
  http.get(`${base}/v1/config`, () =>
    HttpResponse.json({ meta: { status: 'Success' }, data: { appName: 'Guffaw', tags: [{ key: 'cats', url: `${base}/tag/cats`, description: '', isSensitive: false }] } }),
  ),
);
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  configureApi({ baseUrl: base });
});
afterAll(() => server.close());

describe('shell startup', () => {
  it('gives the tag lists their popular tags and the drawer its interests', async () => {
    const stop = startShell(defaultConfig);
    try {
      await waitFor(() => expect(tagStore.getState().popular.map((t) => t.key)).toEqual(['cats']));
      await waitFor(() => expect(interestStore.getState().loaded).toBe(true));
    } finally {
      stop();
    }
  });
});
