import { describe, expect, it } from 'vitest';
import { matchPath } from './match';

describe('matchPath', () => {
  it('matches literal paths, ignoring a trailing slash', () => {
    expect(matchPath('/', '/')).toEqual({});
    expect(matchPath('/search', '/search/')).toEqual({});
    expect(matchPath('/search', '/searching')).toBeNull();
    expect(matchPath('/top', '/top/week')).toBeNull();
  });

  it('decodes params and refuses malformed ones', () => {
    expect(matchPath('/tag/:tag', '/tag/funny-cats')).toEqual({ tag: 'funny-cats' });
    expect(matchPath('/u/:username', '/u/J%C3%BCrgen')).toEqual({ username: 'Jürgen' });
    expect(matchPath('/u/:username', '/u/%E0%A4%A')).toBeNull();
    expect(matchPath('/u/:username', '/u')).toBeNull();
  });

  it('gives the rest of the path to a trailing *', () => {
    expect(matchPath('/settings/*', '/settings/account/password')).toEqual({ '*': 'account/password' });
    expect(matchPath('*', '/anything/at/all')).toEqual({ '*': 'anything/at/all' });
  });
});
