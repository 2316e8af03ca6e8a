import { describe, expect, it } from 'vitest';
import { api, FakeIntersectionObserver, frameOf, fromFrame, HOST, loadLoader, placeAt, SERVICE, stubLoaderPage, THREAD } from '../test/loader-page.js';

/** /embed.js: the frame it makes of a thread, the height it reserves, and when it makes it. */

stubLoaderPage();

describe('/embed.js: the frame', () => {
  it('turns a thread into a frame of the comment service for its app and page, told the host origin and theme', async () => {
    await loadLoader(THREAD);
    const iframe = frameOf(document.getElementById('t')!);
    const src = new URL(iframe.src);
    expect(src.origin + src.pathname).toBe(`${SERVICE}/embed/comments`);
    expect(Object.fromEntries(src.searchParams)).toEqual({ theme: 'light', origin: HOST, appId: 'example', url: 'https://host.example/article' });
    expect(iframe.title).toBe('Comments');
    expect(iframe.getAttribute('scrolling')).toBe('no');
    // "Copy link" in the frame: the Clipboard API is delegated to it.
    expect(iframe.allow).toBe('clipboard-write');
    expect(iframe.style.overflow).toBe('hidden');
    expect(iframe.style.colorScheme).toBe('light');
    expect(iframe.style.backgroundColor).toBe('transparent');
  });

  it("tells the frame the reader's language (the thread's data-lang, else the page's <html lang>) and titles it in it", async () => {
    document.documentElement.lang = 'de-AT';
    await loadLoader('<div id="a" data-guffaw-comments data-post-id="p1" data-lang="ar"></div><div id="b" data-guffaw-comments data-post-id="p2"></div>'
      + '<div id="c" data-guffaw-comments data-post-id="p3" data-lang="es-MX"></div><div id="d" data-guffaw-comments data-post-id="p4" data-lang="es" data-title="Opiniones"></div>');
    expect(new URL(frameOf(document.getElementById('a')!).src).searchParams.get('lang')).toBe('ar');
    expect(new URL(frameOf(document.getElementById('b')!).src).searchParams.get('lang')).toBe('de-AT');
    expect(['a', 'b', 'c', 'd'].map((id) => frameOf(document.getElementById(id)!).title)).toEqual(['التعليقات', 'Kommentare', 'Comentarios', 'Opiniones']);
    document.documentElement.removeAttribute('lang');
  });

  it('a product post opens /embed-comment/{postId}; a thread without data-url is this page, without its fragment', async () => {
    await loadLoader('<div id="p" data-guffaw-comments data-post-id="a/b 1"></div><div id="q" data-guffaw-comments data-app-id="example"></div>');
    const post = new URL(frameOf(document.getElementById('p')!).src);
    expect(post.pathname).toBe('/embed-comment/a%2Fb%201');
    expect(post.searchParams.has('appId')).toBe(false);
    const page = new URL(frameOf(document.getElementById('q')!).src);
    expect(page.searchParams.get('url')).toBe(location.href.split('#')[0]);
  });

  it('each thread is mounted once, however often scan() runs', async () => {
    await loadLoader(THREAD);
    api().scan();
    api().scan();
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
  });
});

describe('/embed.js: reserved height', () => {
  it('a thread in view reserves space down to the bottom of the viewport, at least data-height or 320 px', async () => {
    await loadLoader(`${THREAD}<div id="tall" data-guffaw-comments data-app-id="example" data-height="2000"></div><div id="low" data-guffaw-comments data-app-id="example"></div>`, () => {
      placeAt('#t', 200);
      placeAt('#tall', 300);
      placeAt('#low', innerHeight - 100);
    });
    const t = document.getElementById('t')!;
    expect(t.style.minHeight).toBe(`${innerHeight - 200}px`);
    expect(frameOf(t).style.height).toBe(`${innerHeight - 200}px`);
    expect(document.getElementById('tall')!.style.minHeight).toBe('2000px');
    expect(document.getElementById('low')!.style.minHeight).toBe('320px');
  });

  it('never less than the space the host\'s own CSS already reserved', async () => {
    await loadLoader(THREAD, () => placeAt('#t', 100, 1500));
    expect(document.getElementById('t')!.style.minHeight).toBe('1500px');
  });

  it('a thread below the fold reserves data-height (or 320 px) only', async () => {
    await loadLoader('<div id="t" data-guffaw-comments data-app-id="example" data-height="480"></div><div id="u" data-guffaw-comments data-app-id="example"></div>', () => {
      placeAt('#t', innerHeight + 50);
      placeAt('#u', innerHeight + 5000);
    });
    expect(document.getElementById('t')!.style.minHeight).toBe('480px');
    expect(document.getElementById('u')!.style.minHeight).toBe('320px');
  });

  it('the frame takes the height it reports and the reservation goes; a later resize follows the content', async () => {
    await loadLoader(THREAD, () => placeAt('#t', 100));
    const t = document.getElementById('t')!;
    const iframe = frameOf(t);
    fromFrame(iframe, { gfw: 1, type: 'ready', height: 1400 });
    expect(iframe.style.height).toBe('1400px');
    expect(t.style.minHeight).toBe('0px');
    fromFrame(iframe, { gfw: 1, type: 'resize', height: 610 });
    expect(iframe.style.height).toBe('610px');
  });
});

describe('/embed.js: lazy creation', () => {
  it('a thread far below the fold gets its frame only when it nears the viewport (600 px ahead)', async () => {
    await loadLoader(THREAD, () => placeAt('#t', innerHeight + 5000));
    const t = document.getElementById('t')!;
    expect(frameOf(t)).toBeNull();
    const observer = FakeIntersectionObserver.all.find((o) => o.targets.has(t));
    expect(observer?.options.rootMargin).toBe('600px 0px');
    observer!.report(t, false);
    expect(frameOf(t)).toBeNull();
    observer!.report(t, true);
    expect(frameOf(t)).not.toBeNull();
    expect(observer!.targets.has(t)).toBe(false);
  });

  it('a thread within 600 px below the fold opens at once, without waiting for the observer', async () => {
    await loadLoader(THREAD, () => placeAt('#t', innerHeight + 550));
    expect(frameOf(document.getElementById('t')!)).not.toBeNull();
    expect(FakeIntersectionObserver.all.every((o) => o.targets.size === 0)).toBe(true);
  });

  it('a thread added later opens on scan()', async () => {
    await loadLoader('<main></main>');
    document.querySelector('main')!.innerHTML = THREAD;
    api().scan();
    expect(frameOf(document.getElementById('t')!)).not.toBeNull();
  });
});
