import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { RouterProvider } from '../../router';
import { interestStore } from '../../tags/interests';
import { makeInterest } from '../../test/fixtures';
import { makeTag, tagStore } from '../../tags/tag-store';
import { EMPTY_TEXT } from '../feed-list';
import { interestListPath, SEARCH_PATH, tagListPath } from '../list-routes';
import { emptyFeedOf, FeedEmpty } from './empty-feed';

const renderEmpty = (path: string, query?: Record<string, string>) =>
  render(
    <RouterProvider routes={[]}>
      <FeedEmpty path={path} query={query} />
    </RouterProvider>,
  );

beforeEach(() => {
  tagStore.setState({ popular: ['funny', 'cats', 'coffee', 'dogs', 'gaming', 'history', 'movies', 'politics'].map(makeTag), favorites: [], hidden: [makeTag('cats')], recents: [] });
});

describe('empty feed', () => {
  it('tells the lists apart by their call', () => {
    expect(emptyFeedOf(SEARCH_PATH, { query: ' cats  ' })).toEqual({ kind: 'search', query: 'cats' });
    expect(emptyFeedOf(tagListPath('funny cats', 'fresh'))).toEqual({ kind: 'tag', tag: 'funny cats' });
    expect(emptyFeedOf(interestListPath('movies-tv', 'hot'))).toEqual({ kind: 'interest', interest: 'movies-tv' });
    expect(emptyFeedOf('/v1/group-posts/type/fresh/timeframe/recent')).toEqual({ kind: 'home' });
    expect(emptyFeedOf('/v1/related-posts', { id: 'a1' })).toEqual({ kind: 'other' });
  });

  it('asks for the first post of an empty tag', () => {
    renderEmpty(tagListPath('quiet-corner', 'hot'));
    const state = screen.getByTestId('feed-empty');
    expect(within(state).getByRole('heading', { level: 2 })).toHaveTextContent('No posts in #quiet-corner yet');
    expect(state).toHaveTextContent('Be the first to post a meme tagged #quiet-corner.');
    expect(within(state).getByRole('link', { name: 'Post a meme' })).toHaveAttribute('href', '/submit');
  });

  it('names the interest, and asks for the first post of a home list (Fresh on a new site)', () => {
    interestStore.setState({ interests: [makeInterest({ key: 'movies-tv', name: 'Movies & TV' })] });
    const interest = renderEmpty(interestListPath('movies-tv', 'hot'));
    expect(screen.getByRole('heading', { name: 'Nothing in Movies & TV yet' })).toBeInTheDocument();
    interest.unmount();
    renderEmpty('/v1/feed-posts/type/fresh');
    expect(screen.getByRole('heading', { name: 'No posts here yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Post a meme' })).toHaveAttribute('href', '/submit');
  });

  it('says a search found nothing and suggests six popular tags and Trending', () => {
    renderEmpty(SEARCH_PATH, { query: 'zzqx' });
    const state = screen.getByTestId('search-empty');
    expect(within(state).getByRole('heading', { name: 'No results for “zzqx”' })).toBeInTheDocument();
    expect(state).toHaveTextContent('Check the spelling or try fewer words, or browse a popular tag.');
    const tags = within(within(state).getByRole('list', { name: 'Popular tags' })).getAllByRole('link');
    expect(tags.map((a) => a.getAttribute('href'))).toEqual(['/tag/funny', '/tag/coffee', '/tag/dogs', '/tag/gaming', '/tag/history', '/tag/movies']);
    expect(within(state).getByRole('link', { name: 'Browse Trending' })).toHaveAttribute('href', '/trending');
  });

  it('without a query or popular tags, asks for words', () => {
    tagStore.setState({ popular: [] });
    renderEmpty(SEARCH_PATH, { query: '' });
    expect(screen.getByRole('heading', { name: 'Search posts' })).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('keeps the plain line under a post (related posts)', () => {
    const { container } = renderEmpty('/v1/related-posts', { id: 'a1' });
    expect(container).toHaveTextContent(EMPTY_TEXT);
    expect(screen.queryByRole('heading')).toBeNull();
  });
});
