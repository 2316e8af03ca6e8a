import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultConfig, type SiteConfig } from '../../config';
import { markVisitorPage, RouterProvider } from '../../router';
import { followedStore } from '../../tags/followed-pages';
import { interestStore } from '../../tags/interests';
import { makeTag, tagStore } from '../../tags/tag-store';
import { demoInterests } from '../../test/handlers';
import { makeInterest, memberInfo } from '../../test/fixtures';
import { guestInfo } from '../../user/user-types';
import { userStore } from '../../user/user-store';
import { Drawer } from './drawer';
import { drawerSections } from './sections';

const renderDrawer = (config: SiteConfig = defaultConfig, mode: 'permanent' | 'overlay' | 'auto' = 'permanent') =>
  render(
    <RouterProvider routes={[]}>
      <Drawer mode={mode} open onClose={() => undefined} config={config} />
    </RouterProvider>,
  );

const headings = () => screen.queryAllByRole('heading', { level: 2 }).map((h) => h.textContent?.replace(/(Clear|Edit)$/, ''));

describe('drawer', { timeout: 20_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    tagStore.setState({ favorites: [], hidden: [], recents: [], popular: [], other: [] });
    followedStore.setState({ pages: [], loaded: false });
    interestStore.setState({ interests: demoInterests, loaded: true });
    userStore.setState({ info: guestInfo(), initialised: true });
  });
  afterEach(() => userStore.setState({ info: guestInfo(), initialised: false }));

  it('renders the permanent drawer left to CSS before hydration (auto), with the sign-up banner of a visitor page', () => {
    userStore.setState({ info: guestInfo(), initialised: false });
    markVisitorPage();
    renderDrawer(defaultConfig, 'auto');
    const drawer = screen.getByTestId('drawer');
    expect(drawer.dataset.mode).toBe('auto');
    expect(drawer.className).toMatch(/auto/);
    expect(screen.queryByRole('button', { name: 'Close menu' })).toBeNull();
    expect(screen.getByTestId('drawer-signup-banner')).toBeTruthy();
  });

  it('lists Home, Top, Trending, Fresh, Ask; Explore and News when the features say so', () => {
    const labels = (config: SiteConfig, search = '') => drawerSections(config, search).map((s) => s.label);
    expect(labels(defaultConfig)).toEqual(['Home', 'Top', 'Trending', 'Fresh', 'Ask']);
    const explore = { ...defaultConfig, features: { ...defaultConfig.features, exploreTabList: true, enableNewsList: 2 as const } };
    expect(labels(explore)).toEqual(['Home', 'Top', 'Trending', 'Explore', 'News', 'Ask']);
    const newsByQuery = { ...defaultConfig, features: { ...defaultConfig.features, enableNewsList: 1 as const } };
    expect(labels(newsByQuery)).not.toContain('News');
    expect(labels(newsByQuery, '?newsList=1')).toContain('News');
    expect(drawerSections(explore, '').find((s) => s.label === 'Explore')?.activeFor).toEqual(['/fresh', '/explore']);
  });

  it('shows a guest the signup banner and the sections in order, without Following', () => {
    tagStore.getState().addRecent(makeTag('cats'));
    tagStore.getState().favourite(makeTag('dogs'));
    renderDrawer();
    expect(screen.getByText('New to Guffaw? Sign up now to see more content!')).toBeInTheDocument();
    expect(headings()).toEqual(['Recents', 'Pinned', 'Interests']);
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows a campaign banner instead of the signup banner when a campaign is configured', () => {
    renderDrawer({ ...defaultConfig, campaigns: [{ link: '/campaign', images: { card: { url: '/c.png' }, banner: { url: '/b.png' } } }] });
    expect(screen.queryByText(/Sign up now/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Campaign' })).toHaveAttribute('href', '/campaign');
  });

  it('asks before clearing recents', async () => {
    tagStore.getState().addRecent(makeTag('cats'));
    renderDrawer();
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    const confirm = screen.getByRole('group', { name: 'Clear recents?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(tagStore.getState().recents).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await userEvent.click(within(screen.getByRole('group', { name: 'Clear recents?' })).getByRole('button', { name: 'Clear' }));
    expect(tagStore.getState().recents).toHaveLength(0);
    expect(headings()).not.toContain('Recents');
  });

  it('pins and unpins from any tag item', async () => {
    tagStore.getState().addRecent(makeTag('cats'));
    renderDrawer();
    await userEvent.click(screen.getByRole('button', { name: 'Pin cats' }));
    expect(tagStore.getState().favorites.map((t) => t.key)).toEqual(['cats']);
    expect(headings()).toContain('Pinned');
    await userEvent.click(screen.getAllByRole('button', { name: 'Unpin cats' })[0]!);
    expect(tagStore.getState().favorites).toEqual([]);
  });

  it('shows a member the first 10 followed pages by last update, then More', async () => {
    userStore.setState({ info: memberInfo() });
    followedStore.setState({
      pages: Array.from({ length: 12 }, (_, i) => ({ kind: 'tag' as const, key: `t${i}`, name: `t${i}`, url: `/tag/t${i}`, updateTs: i })),
      loaded: true,
    });
    renderDrawer();
    const following = screen.getByRole('region', { name: /Following/ });
    const names = () => within(following).getAllByRole('link').map((a) => a.textContent);
    expect(names()).toEqual(['t11', 't10', 't9', 't8', 't7', 't6', 't5', 't4', 't3', 't2']);
    expect(screen.queryByText(/New to Guffaw/)).toBeNull();
    await userEvent.click(within(following).getByRole('button', { name: 'More (2)' }));
    expect(names()).toHaveLength(12);
  });

  it('hides sensitive interests unless adult mode is on', () => {
    renderDrawer();
    const interests = () => within(screen.getByRole('region', { name: 'Interests' })).getAllByRole('link').map((a) => a.textContent);
    // Named without their emoji, which show as empty boxes where no emoji font is installed.
    expect(interests()).toEqual(['Funny', 'Animals']);
    act(() => userStore.setState({ info: memberInfo({ nsfwMode: true }) }));
    expect(interests()).toEqual(['Funny', 'Animals', 'NSFW']);
  });

  it('keys interests by their own key, not the listType every interest shares', async () => {
    interestStore.setState({
      interests: [
        makeInterest({ key: 'funny', name: 'Funny' }),
        makeInterest({ key: 'animals', name: 'Animals' }),
      ],
      loaded: true,
    });
    renderDrawer();
    const region = screen.getByRole('region', { name: 'Interests' });
    expect(within(region).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/interest/funny', '/interest/animals']);
    await userEvent.click(within(region).getByRole('button', { name: 'Pin Animals' }));
    expect(tagStore.getState().favorites.map((t) => t.key)).toEqual(['interest:animals']);
    expect(within(region).getByRole('button', { name: 'Pin Funny' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(region).getByRole('button', { name: 'Unpin Animals' })).toHaveAttribute('aria-pressed', 'true');
  });
});
