import { describe, expect, it } from 'vitest';
import { pageKey, postTabName } from './page-keys';

describe('analytics page keys', () => {
  it('names pages as the spec says', () => {
    expect(pageKey({ route: 'home list' })).toBe('Home');
    expect(pageKey({ route: 'home list', params: { type: 'trending' } })).toBe('Trending');
    expect(pageKey({ route: 'home list', pathname: '/' })).toBe('Home');
    expect(pageKey({ route: 'home list', pathname: '/top/week' })).toBe('Top');
    expect(pageKey({ route: 'home list', pathname: '/fresh' })).toBe('Fresh');
    expect(pageKey({ route: 'interest list', params: { interest: 'funny' } })).toBe('Interest-funny');
    expect(pageKey({ route: 'tag list', params: { tag: 'cats' } })).toBe('Tag-cats-hot');
    expect(pageKey({ route: 'tag list', params: { tag: 'cats', type: 'fresh' } })).toBe('Tag-cats-fresh');
    expect(pageKey({ route: 'user list' })).toBe('Profile-posts');
    expect(pageKey({ route: 'user list', params: { type: 'comments' } })).toBe('Profile-comments');
    expect(['search list', 'post', 'signup', 'login', 'settings', 'collection page'].map((route) => pageKey({ route }))).toEqual([
      'Search', 'Post', 'Signup', 'Login', 'Settings', 'CollectionPage',
    ]);
    expect(pageKey({ route: 'not found' })).toBeNull();
  });

  it('names the post page tab from the address hash', () => {
    expect(postTabName('#comment-123')).toBe('Comment Tab');
    expect(postTabName('#thread-9')).toBe('Thread Tab');
    expect(postTabName('')).toBe('Related Tab');
    expect(postTabName('#top')).toBe('Related Tab');
  });
});
