import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/harness.js';
import { signOpToken } from './auth.js';
import { xmlEscape } from './feeds.js';
import { createApp, makeModerator, post, tokenFor } from './test-kit.js';

type Entry = { id: string; title: string; content: string; author: string; uri: string | null; link: string; updated: string };
type Feed = { id: string; title: string; updated: string; entries: Entry[] };

/** A strict XML 1.0 parse (saxes throws on anything not well-formed) of an Atom feed into its parts. */
function parseAtom(xml: string): Feed {
  const parser = new SaxesParser({ xmlns: true });
  const feed: Feed = { id: '', title: '', updated: '', entries: [] };
  const path: string[] = [];
  let entry: Entry | null = null;
  let text = '';
  parser.on('error', (e) => {
    throw e;
  });
  parser.on('opentag', (tag) => {
    path.push(tag.local);
    text = '';
    if (tag.local === 'feed') expect(tag.uri).toBe('http://www.w3.org/2005/Atom');
    if (tag.local === 'entry') entry = { id: '', title: '', content: '', author: '', uri: null, link: '', updated: '' };
    if (tag.local === 'link' && entry && tag.attributes.rel?.value === 'alternate') entry.link = tag.attributes.href?.value ?? '';
  });
  parser.on('text', (t) => {
    text += t;
  });
  parser.on('closetag', (tag) => {
    const parent = path[path.length - 2];
    const e = entry as Entry | null;
    if (e && parent === 'entry' && (tag.local === 'id' || tag.local === 'title' || tag.local === 'content' || tag.local === 'updated')) e[tag.local] = text;
    if (e && parent === 'author' && tag.local === 'name') e.author = text;
    if (e && parent === 'author' && tag.local === 'uri') e.uri = text;
    if (!e && parent === 'feed' && (tag.local === 'id' || tag.local === 'title' || tag.local === 'updated')) feed[tag.local] = text;
    if (tag.local === 'entry' && e) {
      feed.entries.push(e);
      entry = null;
    }
    path.pop();
  });
  parser.write(xml).close();
  return feed;
}

describeEachDatabase('Atom feeds', (kind) => {
  let t: TestApp;
  const url = 'https://feeds.example/post?a=1&b=2';
  const otherUrl = 'https://feeds.example/other';
  const evilName = '<script>alert("name")</script> & Co';
  const evilText = '<script>alert(1)</script> & "quotes" <b>bold</b>';
  let ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(kind);
    const app = await createApp(t.db, 'feeds');
    await makeModerator(t.db, app.id, 'mod');
    const evil = await tokenFor(app, 'evil', evilName, { profileUrl: 'https://feeds.example/u/evil?x=1&y=2' });
    const alice = await tokenFor(app, 'alice', 'Alice');
    const mod = await tokenFor(app, 'mod', 'Mod');
    const add = async (auth: string, text: string, extra: Record<string, string> = {}, page = url) => {
      const res = await post(t.app, 'add-comment.json', { appId: app.id, auth, url: page, text, ...extra });
      expect(res.status).toBe(200);
      return (res.body.payload.comment as { commentId: string }).commentId;
    };
    ids = {
      evil: await add(evil, evilText),
      hidden: await add(alice, 'this one gets hidden'),
      deletedParent: await add(alice, 'deleted but has a reply'),
      offensive: await add(alice, 'offensive one'),
      other: await add(alice, 'on another page', {}, otherUrl),
    };
    ids.reply = await add(alice, 'a reply that stays', { parent: ids.deletedParent as string });
    ids.gone = await add(alice, 'deleted, no replies');
    // The OP of the page comments anonymously: the feed must not name them.
    const op = await tokenFor(app, 'opuser', 'Secret Name', { profileUrl: 'https://feeds.example/u/secret' });
    ids.anonymous = await add(op, 'anonymous OP speaking', { opToken: await signOpToken(app.secret, app.id, 'opuser', url) });
    expect((await post(t.app, 'admin/hide', { appId: app.id, auth: mod, url, commentId: ids.hidden as string })).status).toBe(200);
    for (const id of [ids.deletedParent, ids.gone]) {
      expect((await post(t.app, 'comment.json', { appId: app.id, auth: alice, url, id: id as string, _method: 'DELETE' })).status).toBe(200);
    }
    await t.db.updateTable('comments').set({ isOffensive: true }).where('commentId', '=', ids.offensive as string).execute();
  });
  afterAll(() => t.close());

  const get = (path: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: path, headers });

  it("an app's feed: valid Atom, newest first, public comments only, escaped text and names, permalinks", async () => {
    const res = await get('/comments/feeds/feeds/comments.atom');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.body).not.toContain('<script>');
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;');
    expect(res.body).not.toContain('Secret Name');
    expect(res.body).not.toContain('/u/secret');
    const feed = parseAtom(res.body);
    expect(feed.title).toBe('Comments on App feeds');
    expect(feed.id).toBe('http://localhost:3000/comments/feeds/feeds/comments.atom');
    const byId = (id: string | undefined) => feed.entries.find((e) => e.link.endsWith(`#cs_comment_id=${id}`));
    expect(feed.entries.map((e) => e.content)).toEqual(['anonymous OP speaking', 'a reply that stays', 'on another page', evilText]);
    expect(feed.updated).toBe(feed.entries[0]?.updated);
    expect(byId(ids.evil)).toMatchObject({ author: evilName, uri: 'https://feeds.example/u/evil?x=1&y=2', id: `${url}#cs_comment_id=${ids.evil}`, link: `${url}#cs_comment_id=${ids.evil}` });
    expect(byId(ids.evil)?.title).toBe(`${evilName}: ${evilText}`);
    expect(byId(ids.anonymous)).toMatchObject({ author: 'OP', uri: null });
    for (const gone of [ids.hidden, ids.deletedParent, ids.gone, ids.offensive]) expect(byId(gone)).toBeUndefined();
    const again = await get('/comments/feeds/feeds/comments.atom', { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it("a page's thread feed and one comment's thread", async () => {
    const res = await get(`/comments/feeds/feeds/thread.atom?url=${encodeURIComponent(url)}`);
    expect(res.statusCode).toBe(200);
    const feed = parseAtom(res.body);
    expect(feed.entries.map((e) => e.content)).toEqual(['anonymous OP speaking', 'a reply that stays', evilText]);
    expect(res.body).toContain(`<link rel="alternate" type="text/html" href="${xmlEscape(url)}"/>`);
    const one = parseAtom((await get(`/comments/feeds/feeds/thread.atom?url=${encodeURIComponent(url)}&commentId=${ids.deletedParent}`)).body);
    expect(one.entries.map((e) => e.content)).toEqual(['a reply that stays']);
  });

  it('404 for an unknown app, page or comment (a hidden one too); 400 without a url', async () => {
    const thread = (q: string) => get(`/comments/feeds/feeds/thread.atom?${q}`);
    const codes = async (res: Awaited<ReturnType<typeof get>>) => [res.statusCode, (res.json() as { code: string }).code];
    expect(await codes(await get('/comments/feeds/nope/comments.atom'))).toEqual([404, 'APP_NOT_FOUND']);
    expect(await codes(await get('/comments/feeds/nope/thread.atom?url=https%3A%2F%2Fa.example%2F'))).toEqual([404, 'APP_NOT_FOUND']);
    expect(await codes(await thread(`url=${encodeURIComponent('https://feeds.example/none')}`))).toEqual([404, 'THREAD_NOT_FOUND']);
    expect(await codes(await thread(`url=${encodeURIComponent(url)}&commentId=missing`))).toEqual([404, 'COMMENT_NOT_FOUND']);
    expect(await codes(await thread(`url=${encodeURIComponent(url)}&commentId=${ids.hidden}`))).toEqual([404, 'COMMENT_NOT_FOUND']);
    expect(await codes(await thread(`url=${encodeURIComponent(url)}&commentId=${ids.reply}`))).toEqual([404, 'COMMENT_NOT_FOUND']);
    expect(await codes(await thread(`url=${encodeURIComponent(otherUrl)}&commentId=${ids.evil}`))).toEqual([404, 'COMMENT_NOT_FOUND']);
    expect(await codes(await thread(''))).toEqual([400, 'URL_REQUIRED']);
    expect(await codes(await thread('url=javascript:alert(1)'))).toEqual([400, 'INVALID_URL']);
  });

  it('escapes the five XML specials and drops characters XML cannot carry', () => {
    expect(xmlEscape(`<a href="x">'&'</a>\u0001\uD800ok\uFFFF`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;ok');
    expect(() => parseAtom(`<feed xmlns="http://www.w3.org/2005/Atom"><title>${xmlEscape('\u0002<x>&\u001F')}</title></feed>`)).not.toThrow();
  });
});
