import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * /embed/count.js over a stand-in for the service's /embed/counts.json (the server's own test covers the endpoint):
 * one request per app, every url of that app in it, each link filled with its thread's count.
 */
const SERVICE = 'https://comments.example';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  document.body.innerHTML = '';
});
afterAll(() => server.close());

type Asked = { appId: string | null; urls: string[] };

/** Serves counts per app; records each request's app and urls. */
function serveCounts(counts: Record<string, Record<string, number>>, status = 200) {
  const asked: Asked[] = [];
  server.use(http.get(`${SERVICE}/embed/counts.json`, ({ request }) => {
    const query = new URL(request.url).searchParams;
    const appId = query.get('appId');
    const urls = query.getAll('url');
    asked.push({ appId, urls });
    if (status !== 200) return HttpResponse.json({ error: 'no' }, { status });
    const known = counts[appId ?? ''] ?? {};
    return HttpResponse.json({ counts: Object.fromEntries(urls.filter((u) => u in known).map((u) => [u, known[u]])) });
  }));
  return asked;
}

async function runCount(html: string) {
  document.body.innerHTML = html;
  const script = document.createElement('script');
  script.src = `${SERVICE}/embed/count.js`;
  Object.defineProperty(document, 'currentScript', { configurable: true, get: () => script });
  try {
    vi.resetModules();
    await import('./count.js');
  } finally {
    delete (document as { currentScript?: unknown }).currentScript;
  }
}

const text = (id: string) => document.getElementById(id)?.textContent;

describe('/embed/count.js', () => {
  it('fills each data-guffaw-count link with its thread\'s count, one request per app, at the script\'s origin', async () => {
    const asked = serveCounts({
      example: { 'https://host.example/a': 3, 'https://host.example/b': 1 },
      guffaw: { 'https://guffaw.example/gag/1': 0 },
    });
    await runCount(`
      <a id="a" href="/a#comments" data-guffaw-count data-app-id="example" data-url="https://host.example/a">comments</a>
      <a id="b" href="/b#comments" data-guffaw-count data-app-id="example" data-url="https://host.example/b">comments</a>
      <a id="p" href="/gag/1" data-guffaw-count data-url="https://guffaw.example/gag/1">comments</a>`);
    await vi.waitFor(() => expect(text('p')).toBe('0 comments'));
    await vi.waitFor(() => expect(text('a')).toBe('3 comments'));
    expect(text('b')).toBe('1 comment');
    expect(asked.sort((x, y) => String(x.appId).localeCompare(String(y.appId)))).toEqual([
      { appId: 'example', urls: ['https://host.example/a', 'https://host.example/b'] },
      // No data-app-id: the product's own app.
      { appId: 'guffaw', urls: ['https://guffaw.example/gag/1'] },
    ]);
  });

  it('a url the service did not count keeps the host\'s own text', async () => {
    const asked = serveCounts({ example: { 'https://host.example/a': 12 } });
    await runCount(`
      <a id="a" data-guffaw-count data-app-id="example" data-url="https://host.example/a">comments</a>
      <a id="x" data-guffaw-count data-app-id="example" data-url="https://host.example/unknown">Comments</a>`);
    await vi.waitFor(() => expect(text('a')).toBe('12 comments'));
    expect(text('x')).toBe('Comments');
    expect(asked).toHaveLength(1);
  });

  it("says the count in the link's data-lang, else the page's <html lang>, with the language's plural forms", async () => {
    serveCounts({ example: { 'https://host.example/a': 1, 'https://host.example/b': 2, 'https://host.example/c': 11 } });
    document.documentElement.lang = 'de-DE';
    try {
      await runCount(`
        <a id="a" data-guffaw-count data-app-id="example" data-url="https://host.example/a">comments</a>
        <a id="b" data-guffaw-count data-app-id="example" data-url="https://host.example/b" data-lang="ar">comments</a>
        <a id="c" data-guffaw-count data-app-id="example" data-url="https://host.example/c" data-lang="ar">comments</a>`);
      await vi.waitFor(() => expect(text('a')).toBe('1 Kommentar'));
      expect([text('b'), text('c')]).toEqual(['تعليقان', '11 تعليقًا']);
    } finally {
      document.documentElement.removeAttribute('lang');
    }
  });

  it('a failed request leaves every link as the host wrote it, and throws nothing', async () => {
    const asked = serveCounts({}, 503);
    await runCount('<a id="a" data-guffaw-count data-app-id="example" data-url="https://host.example/a">Read the comments</a>');
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(text('a')).toBe('Read the comments');
  });

  it('a page without count links asks nothing', async () => {
    const asked = serveCounts({});
    await runCount('<p>No links here.</p>');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked).toEqual([]);
  });
});
