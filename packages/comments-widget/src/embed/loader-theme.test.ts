import { describe, expect, it } from 'vitest';
import { frameOf, fromFrame, loadLoader, os, postsTo, SERVICE, settle, stubLoaderPage, THREAD } from '../test/loader-page.js';

/** /embed.js: the theme it tells the frames, from the thread, the host and the OS. */

stubLoaderPage();

describe('/embed.js: theme', () => {
  const themeOfFrame = (selector = '#t') => new URL(frameOf(document.querySelector(selector)!).src).searchParams.get('theme');

  it('follows the OS when neither the thread nor the host says', async () => {
    os.dark = true;
    await loadLoader(THREAD);
    expect(themeOfFrame()).toBe('dark');
    expect(frameOf(document.getElementById('t')!).style.colorScheme).toBe('dark');
  });

  it('follows the host\'s <html data-theme>, or its class "dark", ahead of the OS', async () => {
    os.dark = true;
    document.documentElement.dataset.theme = 'light';
    await loadLoader(THREAD);
    expect(themeOfFrame()).toBe('light');

    document.documentElement.removeAttribute('data-theme');
    document.documentElement.className = 'page dark';
    os.dark = false;
    await loadLoader(THREAD);
    expect(themeOfFrame()).toBe('dark');
  });

  it('data-theme on the thread wins over the host; data-theme="system" follows the OS whatever the host says', async () => {
    document.documentElement.dataset.theme = 'dark';
    os.dark = true;
    await loadLoader('<div id="t" data-guffaw-comments data-app-id="example" data-theme="light"></div><div id="s" data-guffaw-comments data-app-id="example" data-theme="system"></div>');
    expect(themeOfFrame('#t')).toBe('light');
    expect(themeOfFrame('#s')).toBe('dark');

    document.documentElement.dataset.theme = 'dark';
    os.dark = false;
    await loadLoader('<div id="s" data-guffaw-comments data-app-id="example" data-theme="system"></div>');
    expect(themeOfFrame('#s')).toBe('light');
  });

  it('a theme switch on the host reaches ready frames, and paints the frame element at once', async () => {
    await loadLoader(THREAD);
    const iframe = frameOf(document.getElementById('t')!);
    const posts = postsTo(iframe);
    fromFrame(iframe, { gfw: 1, type: 'ready', height: 500 });
    posts.mock.calls.length = 0;
    document.documentElement.dataset.theme = 'dark';
    await settle();
    expect(iframe.style.colorScheme).toBe('dark');
    expect(posts.mock.calls).toEqual([[{ gfw: 1, type: 'theme', theme: 'dark' }, SERVICE]]);
    document.documentElement.removeAttribute('data-theme');
    document.documentElement.classList.add('dark');
    await settle();
    // Still dark: no message for a change that changes nothing.
    expect(posts.mock.calls).toHaveLength(1);
    document.documentElement.classList.remove('dark');
    await settle();
    expect(posts.mock.calls.at(-1)).toEqual([{ gfw: 1, type: 'theme', theme: 'light' }, SERVICE]);
  });

  it('data-theme changed on the thread itself, and the OS switching under "system", reach the frame', async () => {
    await loadLoader('<div id="t" data-guffaw-comments data-app-id="example" data-theme="system"></div>');
    const t = document.getElementById('t')!;
    const iframe = frameOf(t);
    const posts = postsTo(iframe);
    fromFrame(iframe, { gfw: 1, type: 'ready', height: 500 });
    posts.mock.calls.length = 0;
    os.set(true);
    expect(posts.mock.calls).toEqual([[{ gfw: 1, type: 'theme', theme: 'dark' }, SERVICE]]);
    t.dataset.theme = 'light';
    await settle();
    expect(posts.mock.calls.at(-1)).toEqual([{ gfw: 1, type: 'theme', theme: 'light' }, SERVICE]);
  });

  it('a frame not ready yet is not sent the theme; it gets the current one when it is', async () => {
    await loadLoader(THREAD);
    const iframe = frameOf(document.getElementById('t')!);
    const posts = postsTo(iframe);
    document.documentElement.dataset.theme = 'dark';
    await settle();
    expect(posts.mock.calls).toEqual([]);
    expect(iframe.style.colorScheme).toBe('dark');
    fromFrame(iframe, { gfw: 1, type: 'ready', height: 500 });
    expect(posts.mock.calls[0]).toEqual([{ gfw: 1, type: 'theme', theme: 'dark' }, SERVICE]);
  });
});
