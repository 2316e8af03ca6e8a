import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  apiDelete, apiGet, apiPost, apiPostForm, configureApi, errorMessage, isApiFailure, isApiNetworkError, requestEnvelope,
} from './api';

const base = 'http://api.test';
const server = setupServer();

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  configureApi({ baseUrl: base });
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('main API client', () => {
  it('sends x-api-version 2 and query params, and resolves with data on Success', async () => {
    server.use(
      http.get(`${base}/v1/feed-posts/type/hot`, ({ request }) => {
        const url = new URL(request.url);
        return HttpResponse.json({
          meta: { status: 'Success' },
          data: { version: request.headers.get('x-api-version'), after: url.searchParams.get('after'), skipped: url.searchParams.has('none') },
        });
      }),
    );
    const data = await apiGet<{ version: string; after: string; skipped: boolean }>('/v1/feed-posts/type/hot', { query: { after: 'abc', none: undefined } });
    expect(data).toEqual({ version: '2', after: 'abc', skipped: false });
  });

  it('posts JSON and form bodies', async () => {
    server.use(
      http.post(`${base}/v1/user-info`, async ({ request }) => HttpResponse.json({ meta: { status: 'Success' }, data: { got: await request.json() } })),
      http.post(`${base}/v1/settings`, async ({ request }) =>
        HttpResponse.json({ meta: { status: 'Success' }, data: { type: request.headers.get('content-type'), body: await request.text() } }),
      ),
      http.delete(`${base}/v1/block-tag`, async ({ request }) => HttpResponse.json({ meta: { status: 'Success' }, data: { body: await request.text() } })),
    );
    expect(await apiPost('/v1/user-info', { a: 1 })).toEqual({ got: { a: 1 } });
    const form = await apiPostForm<{ type: string; body: string }>('/v1/settings', { safeMode: true, nsfwMode: false, skip: null, name: 'a b' });
    expect(form.type).toContain('application/x-www-form-urlencoded');
    expect(form.body).toBe('safeMode=1&nsfwMode=0&name=a+b');
    expect(await apiDelete('/v1/block-tag', { value: 'politics' })).toEqual({ body: 'value=politics' });
  });

  it('throws ApiFailure with the code, message and status of a Failure', async () => {
    server.use(
      http.post(`${base}/login`, () =>
        HttpResponse.json({ meta: { status: 'Failure', errorCode: 'LOGIN_FAILED', errorMessage: 'Your email or password were incorrect.' }, data: {} }, { status: 401 }),
      ),
    );
    const error = await apiPostForm('/login', { username: 'a', password: 'b' }).catch((e: unknown) => e);
    expect(isApiFailure(error)).toBe(true);
    expect(isApiNetworkError(error)).toBe(false);
    expect(error).toMatchObject({ name: 'ApiFailure', code: 'LOGIN_FAILED', status: 401 });
    expect(errorMessage(error)).toBe('Your email or password were incorrect.');
  });

  it('returns a Failure envelope as is from requestEnvelope', async () => {
    server.use(http.post(`${base}/user-followed-pages/tag/cats`, () => HttpResponse.json({ meta: { status: 'Failure' }, data: {} })));
    const reply = await requestEnvelope('POST', '/user-followed-pages/tag/cats', { json: { isFollowing: 1 } });
    expect(reply.meta.status).toBe('Failure');
  });

  it('turns a reply that is not the envelope, and a network failure, into ApiNetworkError', async () => {
    server.use(
      http.get(`${base}/html`, () => new HttpResponse('<html>oops</html>', { status: 502, headers: { 'content-type': 'text/html' } })),
      http.get(`${base}/other-json`, () => HttpResponse.json({ hello: 'world' })),
      http.get(`${base}/down`, () => HttpResponse.error()),
    );
    for (const path of ['/html', '/other-json', '/down']) {
      const error = await apiGet(path).catch((e: unknown) => e);
      expect(isApiNetworkError(error), path).toBe(true);
    }
    expect(await apiGet('/html').catch((e: unknown) => (e as { status: number }).status)).toBe(502);
    expect(errorMessage(await apiGet('/down').catch((e: unknown) => e))).toMatch(/Could not reach the server/);
  });

  it('treats an error status with a Success envelope as a failure', async () => {
    server.use(http.get(`${base}/odd`, () => HttpResponse.json({ meta: { status: 'Success' }, data: {} }, { status: 500 })));
    await expect(apiGet('/odd')).rejects.toMatchObject({ name: 'ApiFailure', code: 'HTTP_500', status: 500 });
  });
});
