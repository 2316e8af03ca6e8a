import { describe, expect, it, vi } from 'vitest';
import { api, deliver, frameOf, fromFrame, HOST, loadLoader, placeAt, postsTo, SERVICE, stubLoaderPage, THREAD } from '../test/loader-page.js';
import type { FrameMessage } from './protocol.js';

/** /embed.js and its frames' messages: read from its own frames only, count links, what it tells the frames. */

stubLoaderPage();

describe('/embed.js: messages are read only from its own frames, at the comment service origin', () => {
  it('ignores a resize from another origin, from another window, or not of the protocol', async () => {
    await loadLoader(`${THREAD}<iframe id="other"></iframe>`);
    const iframe = frameOf(document.getElementById('t')!);
    const before = iframe.style.height;
    const other = (document.getElementById('other') as HTMLIFrameElement).contentWindow;
    deliver({ gfw: 1, type: 'resize', height: 55 }, iframe.contentWindow, 'https://evil.example');
    deliver({ gfw: 1, type: 'resize', height: 55 }, iframe.contentWindow, HOST);
    deliver({ gfw: 1, type: 'resize', height: 55 }, other);
    deliver({ gfw: 1, type: 'resize', height: 55 }, window);
    deliver({ gfw: 1, type: 'resize', height: 55 }, null);
    deliver({ type: 'resize', height: 55 }, iframe.contentWindow);
    deliver({ gfw: 1, type: 'resize', height: 10_000_000 }, iframe.contentWindow);
    deliver({ gfw: 1, type: 'resize', height: -5 }, iframe.contentWindow);
    expect(iframe.style.height).toBe(before);
    deliver({ gfw: 1, type: 'resize', height: 55 }, iframe.contentWindow);
    expect(iframe.style.height).toBe('55px');
  });

  it('two threads: each frame sizes only itself', async () => {
    await loadLoader(`${THREAD}<div id="u" data-guffaw-comments data-app-id="example" data-url="https://host.example/other"></div>`);
    const a = frameOf(document.getElementById('t')!);
    const b = frameOf(document.getElementById('u')!);
    fromFrame(b, { gfw: 1, type: 'resize', height: 700 });
    expect(b.style.height).toBe('700px');
    expect(a.style.height).not.toBe('700px');
  });

  it('a login request from a foreign origin or window reaches no one; from the frame it calls the host', async () => {
    const onLogin = vi.fn();
    await loadLoader(THREAD);
    api().onLogin = onLogin;
    const iframe = frameOf(document.getElementById('t')!);
    deliver({ gfw: 1, type: 'login-request' }, iframe.contentWindow, 'https://evil.example');
    deliver({ gfw: 1, type: 'login-request' }, window);
    expect(onLogin).not.toHaveBeenCalled();
    fromFrame(iframe, { gfw: 1, type: 'login-request' });
    expect(onLogin).toHaveBeenCalledWith({ appId: 'example', url: 'https://host.example/article', element: document.getElementById('t') });
  });

  it('data-on-login names the host function to call, ahead of GuffawComments.onLogin', async () => {
    const named = vi.fn();
    const general = vi.fn();
    vi.stubGlobal('hostLogin', named);
    await loadLoader('<div id="t" data-guffaw-comments data-app-id="example" data-url="https://host.example/a" data-on-login="hostLogin"></div>');
    api().onLogin = general;
    fromFrame(frameOf(document.getElementById('t')!), { gfw: 1, type: 'login-request' });
    expect(named).toHaveBeenCalledOnce();
    expect(general).not.toHaveBeenCalled();
  });

  it('a login request with no handler warns the site owner what to add', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await loadLoader(THREAD);
    fromFrame(frameOf(document.getElementById('t')!), { gfw: 1, type: 'login-request' });
    expect(warn.mock.calls[0]?.[0]).toMatch(/GuffawComments\.onLogin or data-on-login/);
  });
});

describe('/embed.js: count links follow their thread', () => {
  const LINKS = '<a id="c1" data-guffaw-count data-app-id="example" data-url="https://host.example/article">0 comments</a>'
    + '<a id="c2" data-guffaw-count data-app-id="example" data-url="https://host.example/other">4 comments</a>'
    + '<a id="c3" data-guffaw-count data-app-id="another" data-url="https://host.example/article">9 comments</a>'
    + '<a id="c4" data-guffaw-count data-app-id="example">2 comments</a>';
  const text = (id: string) => document.getElementById(id)?.textContent;

  it("the frame's count updates the links of its own app and thread, and no other", async () => {
    await loadLoader(`${THREAD}${LINKS}`);
    const iframe = frameOf(document.getElementById('t')!);
    fromFrame(iframe, { gfw: 1, type: 'count', appId: 'example', url: 'https://host.example/article', count: 1, label: '1 comment' });
    expect([text('c1'), text('c2'), text('c3'), text('c4')]).toEqual(['1 comment', '4 comments', '9 comments', '2 comments']);
    fromFrame(iframe, { gfw: 1, type: 'count', appId: 'example', url: 'https://host.example/article', count: 12, label: '12 comments' });
    expect(text('c1')).toBe('12 comments');
  });

  it("a link naming the thread by the host's url follows the frame's canonical one; a post's thread is the product's app", async () => {
    await loadLoader('<div id="t" data-guffaw-comments data-app-id="example" data-url="https://host.example/article?utm=x"></div>'
      + '<a id="h" data-guffaw-count data-app-id="example" data-url="https://host.example/article?utm=x">0 comments</a>'
      + '<div id="p" data-guffaw-comments data-post-id="a1"></div>'
      + '<a id="pc" data-guffaw-count data-url="https://guffaw.example/gag/a1">3 comments</a>');
    fromFrame(frameOf(document.getElementById('t')!), { gfw: 1, type: 'count', appId: 'example', url: 'https://host.example/article', count: 2, label: '2 comments' });
    expect(text('h')).toBe('2 comments');
    fromFrame(frameOf(document.getElementById('p')!), { gfw: 1, type: 'count', appId: 'guffaw', url: 'https://guffaw.example/gag/a1', count: 4, label: '4 comments' });
    expect(text('pc')).toBe('4 comments');
  });

  it('a count from a foreign origin or window, or for another app than the frame\'s, changes nothing', async () => {
    await loadLoader(`${THREAD}${LINKS}`);
    const iframe = frameOf(document.getElementById('t')!);
    const message = { gfw: 1, type: 'count', appId: 'example', url: 'https://host.example/article', count: 5, label: '5 comments' };
    deliver(message, iframe.contentWindow, 'https://evil.example');
    deliver(message, window);
    fromFrame(iframe, { ...message, appId: 'another' } as FrameMessage);
    fromFrame(iframe, { ...message, count: -1 } as FrameMessage);
    expect([text('c1'), text('c3')]).toEqual(['0 comments', '9 comments']);
  });
});

describe('/embed.js: what it tells the frame, to the comment service origin only', () => {
  it('on ready, the theme and the thread\'s data-auth token', async () => {
    await loadLoader('<div id="t" data-guffaw-comments data-app-id="example" data-url="https://host.example/a" data-auth="host.signed.token"></div>');
    const iframe = frameOf(document.getElementById('t')!);
    const posts = postsTo(iframe);
    fromFrame(iframe, { gfw: 1, type: 'ready', height: 500 });
    expect(posts.mock.calls).toEqual([
      [{ gfw: 1, type: 'theme', theme: 'light' }, SERVICE],
      [{ gfw: 1, type: 'auth', token: 'host.signed.token' }, SERVICE],
    ]);
  });

  it('setAuth reaches frames that are ready, and frames that open later get it on ready', async () => {
    await loadLoader(THREAD, () => placeAt('#t', 0));
    const iframe = frameOf(document.getElementById('t')!);
    const posts = postsTo(iframe);
    api().setAuth('before-ready');
    expect(posts.mock.calls).toEqual([]);
    fromFrame(iframe, { gfw: 1, type: 'ready', height: 500 });
    expect(posts.mock.calls).toContainEqual([{ gfw: 1, type: 'auth', token: 'before-ready' }, SERVICE]);
    api().setAuth(null);
    expect(posts.mock.calls.at(-1)).toEqual([{ gfw: 1, type: 'auth', token: null }, SERVICE]);

    document.body.insertAdjacentHTML('beforeend', '<div id="u" data-guffaw-comments data-app-id="example" data-url="https://host.example/b" data-auth="stale"></div>');
    api().setAuth('later');
    api().scan();
    const late = frameOf(document.getElementById('u')!);
    const latePosts = postsTo(late);
    fromFrame(late, { gfw: 1, type: 'ready', height: 400 });
    expect(latePosts.mock.calls).toContainEqual([{ gfw: 1, type: 'auth', token: 'later' }, SERVICE]);
  });
});
