import { describe, expect, it } from 'vitest';
import kyLite from './ky-lite.js';

type Seen = { url: string; method: string; body: string | null; headers: Headers; signal: AbortSignal | null };

function recorder(respond: (seen: Seen) => Promise<Response> | Response = () => new Response('{}', { status: 200 })) {
  const calls: Seen[] = [];
  const fetch = (async (input: URL | RequestInfo, init?: RequestInit) => {
    const seen = {
      url: String(input),
      method: init?.method ?? 'GET',
      body: init?.body ? String(init.body) : null,
      headers: new Headers(init?.headers),
      signal: init?.signal ?? null,
    };
    calls.push(seen);
    return respond(seen);
  }) as typeof globalThis.fetch;
  return { calls, fetch };
}

/** Like fetch on a server that never answers: only an abort ends it (at once when the signal is already aborted). */
const hang = (seen: Seen) => new Promise<Response>((_resolve, reject) => {
  const fail = () => reject(seen.signal?.reason ?? new DOMException('aborted', 'AbortError'));
  if (seen.signal?.aborted) fail();
  seen.signal?.addEventListener('abort', fail);
});

describe('ky-lite: the ky subset of the comment client on fetch', () => {
  it('joins prefixUrl and path, appends searchParams, upper-cases the method, sends body and headers', async () => {
    const { calls, fetch } = recorder();
    const http = kyLite.create({ prefixUrl: 'https://c.example/comments/v2/', fetch, retry: 0, throwHttpErrors: false });
    await http('comment-list.json', { method: 'get', searchParams: new URLSearchParams({ appId: 'a', url: 'https://x/y?z=1' }) });
    await http('add-comment.json', { method: 'post', body: new URLSearchParams({ text: 'hi' }), headers: { 'x-wp': '1' } });
    expect(calls[0]).toMatchObject({ url: 'https://c.example/comments/v2/comment-list.json?appId=a&url=https%3A%2F%2Fx%2Fy%3Fz%3D1', method: 'GET', body: null });
    expect(calls[1]).toMatchObject({ url: 'https://c.example/comments/v2/add-comment.json', method: 'POST', body: 'text=hi' });
    expect(calls[1]?.headers.get('x-wp')).toBe('1');
  });

  it('returns error statuses as responses (throwHttpErrors: false)', async () => {
    const { fetch } = recorder(() => new Response('{"status":"ERROR"}', { status: 500 }));
    const response = await kyLite.create({ prefixUrl: 'https://c.example/', fetch })('x.json');
    expect(response.status).toBe(500);
  });

  it('fails with a TimeoutError after the timeout, per call or by default', async () => {
    const { fetch } = recorder(hang);
    const http = kyLite.create({ prefixUrl: 'https://c.example/', fetch, timeout: 20 });
    await expect(http('slow.json')).rejects.toMatchObject({ name: 'TimeoutError' });
    await expect(http('slow.json', { timeout: 10 })).rejects.toMatchObject({ name: 'TimeoutError' });
  });

  it('an abort by the caller rejects with the signal\'s reason, not a timeout; timeout: false never times out', async () => {
    const { fetch } = recorder(hang);
    const http = kyLite.create({ prefixUrl: 'https://c.example/', fetch, timeout: 10_000 });
    const controller = new AbortController();
    const pending = http('slow.json', { signal: controller.signal, timeout: false });
    controller.abort(new DOMException('stop', 'AbortError'));
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    const already = new AbortController();
    already.abort(new DOMException('before', 'AbortError'));
    await expect(http('slow.json', { signal: already.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });
});
