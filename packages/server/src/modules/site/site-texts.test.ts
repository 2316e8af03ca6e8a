import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/harness.js';
import { defaultSiteDir } from '../../app.js';
import { clearPosts, makePost, makeUser } from '../posts/test-fixtures.js';
import { markdownToPlain } from './plain-text.js';

// Issue #23: what the server-rendered pages say (share descriptions) and which addresses are not found.
process.env.SSR_BUDGET_MS ??= '10000';
const built = existsSync(join(defaultSiteDir, 'server', 'entry-server.js'));

const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)">`).exec(html)?.[1] ?? null;
const rootOf = (html: string) => /<div id="root">([\s\S]*?)<\/div>\s*<script/.exec(html)?.[1] ?? html;

describe('markdown as plain text', () => {
  it('drops emphasis, links, headings, bullets and code marks, keeping the words', () => {
    expect(markdownToPlain('**Bold** and *italic* and __strong__ and _em_ and ~~gone~~')).toBe('Bold and italic and strong and em and gone');
    expect(markdownToPlain('# Title\n\n> a quote\n\n- one\n- two\n1. first')).toBe('Title\n\na quote\n\none\ntwo\nfirst');
    expect(markdownToPlain('See [the docs](https://x.test/a) and ![a cat](/c.png), `code`')).toBe('See the docs and a cat, code');
    expect(markdownToPlain('snake_case_name stays, 2 * 3 * 4 stays, \\*escaped\\*')).toBe('snake_case_name stays, 2 * 3 * 4 stays, *escaped*');
  });
});

describeEachDatabase('site texts of server-rendered pages', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());
  beforeEach(() => clearPosts(t.db));

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  it.runIf(built)('gives an article a share description in plain text, not markdown', async () => {
    const id = await makePost(t.db, { type: 'Article', title: 'A story', description: '**Big** news: read [the _full_ story](https://x.test/s)!' });
    const html = (await get(`/gag/${id}`)).body;
    expect(meta(html, 'og:description')).toBe('Big news: read the full story!');
    expect(meta(html, 'description')).toBe('Big news: read the full story!');
    expect(meta(html, 'twitter:description') ?? 'Big news: read the full story!').toBe('Big news: read the full story!');
  });

  it.runIf(built)('answers the profile of a user who does not exist with the not-found page and status 404', async () => {
    await makeUser(t.db, 'realperson');
    for (const url of ['/u/nobody-here', '/u/nobody-here/posts']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(rootOf(res.body)).toContain('Page not found');
      expect(res.body).toContain('<title>Guffaw - Page Not Found</title>');
    }
    const known = await get('/u/RealPerson/posts');
    expect(known.statusCode).toBe(200);
    expect(known.body).not.toContain('Page Not Found');
  });

  it.runIf(built)('answers the News lists with 404 while features.enableNewsList hides them', async () => {
    const config = (await t.app.inject({ method: 'POST', url: '/v1/config' })).json() as { data: { features: { enableNewsList: number } } };
    expect(config.data.features.enableNewsList).toBe(0);
    for (const url of ['/news', '/news/fresh', '/news?newsList=1']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('<title>Guffaw - Page Not Found</title>');
    }
    expect((await get('/fresh')).statusCode).toBe(200);
  });
});
