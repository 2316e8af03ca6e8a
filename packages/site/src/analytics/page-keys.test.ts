import { describe, expect, it } from 'vitest';
import { threadHash } from '../post/share';
import { pageKey, POST_TAB_NAMES, postTabName } from './page-keys';

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

  it('names the post page tab from the address hash, with the post page\'s own markers', () => {
    expect(postTabName('#comment')).toBe('Comment Tab');
    expect(postTabName(threadHash(null))).toBe('Comment Tab');
    expect(postTabName(threadHash('c123'))).toBe('Thread Tab');
    expect(postTabName('#cs_comment_id=9')).toBe('Thread Tab');
    expect(postTabName('')).toBe('Related Tab');
    expect(postTabName('#related')).toBe('Related Tab');
    expect(Object.values(POST_TAB_NAMES)).toEqual(['Comment Tab', 'Thread Tab', 'Related Tab']);
  });
});
