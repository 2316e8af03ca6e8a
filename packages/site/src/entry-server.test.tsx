// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { defaultConfig, useSiteConfig } from './config';
import { planPage, renderPage, type SsrState } from './entry-server';
import { postListStore } from './feed/post-store';
import { makePost } from './feed/test-posts';
import { pageData } from './lib/page-data';
import { getServerLocation } from './router';

/** The server renders in Node, as the server's site module loads dist/server/entry-server.js. */
describe('renderPage', { timeout: 30_000 }, () => {
  it('draws a list from a store of its own and leaves the browser store untouched', async () => {
    const plan = planPage('/');
    if (plan?.page !== 'list') throw new Error('/ is a list page');
    const post = makePost('a1', { title: 'A post of this render' });
    const state: SsrState = { hydrate: true, posts: [post], list: { key: plan.key, ids: [post.id], after: null } };
    const writes = vi.fn();
    const unsubscribe = postListStore.subscribe(writes);
    const initial = postListStore.getInitialState;
    try {
      const { html } = await renderPage({ url: '/', config: {}, plan, state });
      expect(html).toContain('A post of this render');
    } finally {
      unsubscribe();
    }
    expect(writes).not.toHaveBeenCalled();
    expect(postListStore.getInitialState).toBe(initial);
    expect(postListStore.getState().posts).toEqual({});
  });

  it("draws a profile from its render's page data, which nothing outside the render keeps", async () => {
    const plan = planPage('/u/someone/posts');
    if (plan?.page !== 'list') throw new Error('/u/someone/posts is a list page');
    const profile = { accountId: '7', username: 'someone', fullName: 'Some One of this render', profileUrl: '/u/someone', avatarUrl: '' };
    const state: SsrState = { hydrate: true, posts: [], list: { key: plan.key, ids: [], after: null }, page: { pathname: '', profile } };
    const { html, title } = await renderPage({ url: '/u/someone/posts', config: {}, plan, state });
    expect(html).toContain('Some One of this render');
    expect(title).toContain('someone');
    expect(pageData('/u/someone/posts')).toBeNull();
    expect(getServerLocation().pathname).toBe('/');
  });

  it('draws each page with its own config, which no later render sees', async () => {
    const plan = planPage('/');
    if (plan?.page !== 'list') throw new Error('/ is a list page');
    const state: SsrState = { hydrate: true, posts: [], list: { key: plan.key, ids: [], after: null } };
    const first = await renderPage({ url: '/', config: { appName: 'Chortle' }, plan, state });
    const second = await renderPage({ url: '/', config: { appName: 'Snicker', features: { ...defaultConfig.features, exploreTabList: true } }, plan, state });
    expect(first.title).toBe('Chortle - Go Fun The World');
    expect(first.html).toContain('Ask Chortle');
    expect(first.html).toContain('>Fresh<');
    expect(second.title).toBe('Snicker - Go Fun The World');
    expect(second.html).toContain('Ask Snicker');
    expect(second.html).toContain('>Explore<');
    expect(second.html).not.toContain('Chortle');
    // A render outside renderPage (the browser's, a component's test) reads the defaults, whatever was rendered before.
    function AppName() {
      const { appName, features } = useSiteConfig();
      return <p>{`${appName} ${String(features.exploreTabList)}`}</p>;
    }
    expect(renderToString(<AppName />)).toBe('<p>Guffaw false</p>');
    expect(defaultConfig.appName).toBe('Guffaw');
    const plain = await renderPage({ url: '/', config: {}, plan, state });
    expect(plain.title).toBe('Guffaw - Go Fun The World');
    expect(plain.html).toContain('Ask Guffaw');
    expect(plain.html).not.toMatch(/Chortle|Snicker|>Explore</);
  });
});
