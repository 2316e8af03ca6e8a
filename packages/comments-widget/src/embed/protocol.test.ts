import { describe, expect, it } from 'vitest';
import { isFrameMessage, isHostMessage, isLoginMessage, MAX_FRAME_HEIGHT } from './protocol.js';

describe('the embed protocol: only well-formed messages of ours are read', () => {
  it('frame -> host: ready, resize, login-request and navigate, each with its own fields', () => {
    expect(isFrameMessage({ gfw: 1, type: 'ready', height: 0 })).toBe(true);
    expect(isFrameMessage({ gfw: 1, type: 'resize', height: 812 })).toBe(true);
    expect(isFrameMessage({ gfw: 1, type: 'resize', height: MAX_FRAME_HEIGHT })).toBe(true);
    expect(isFrameMessage({ gfw: 1, type: 'login-request' })).toBe(true);
    expect(isFrameMessage({ gfw: 1, type: 'navigate', url: 'https://guffaw.example/u/ann' })).toBe(true);
    expect(isFrameMessage({ gfw: 1, type: 'navigate', url: 'HTTP://guffaw.example/gag/1' })).toBe(true);
  });

  it('frame -> host: a height that is no size, or a runaway one, is refused', () => {
    for (const height of [-1, MAX_FRAME_HEIGHT + 1, Number.NaN, Number.POSITIVE_INFINITY, '300', null, undefined]) {
      expect(isFrameMessage({ gfw: 1, type: 'resize', height })).toBe(false);
      expect(isFrameMessage({ gfw: 1, type: 'ready', height })).toBe(false);
    }
  });

  it('frame -> host: navigate goes only to web pages, never to a script or data URL', () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,<b>x</b>', '//evil.example/', '/relative', 'ftp://x.example/', 42]) {
      expect(isFrameMessage({ gfw: 1, type: 'navigate', url })).toBe(false);
    }
  });

  it('frame -> host: count names its app and web-page thread, with a whole number of comments and its label', () => {
    const ok = { gfw: 1, type: 'count', appId: 'guffaw', url: 'https://guffaw.example/gag/a1', count: 3, label: '3 comments' };
    expect(isFrameMessage(ok)).toBe(true);
    expect(isFrameMessage({ ...ok, count: 0 })).toBe(true);
    for (const bad of [{ count: -1 }, { count: 1.5 }, { count: '3' }, { count: Number.NaN }, { appId: '' }, { appId: 7 }, { url: 'javascript:x' }, { url: 'x'.repeat(5000) }, { label: undefined }, { label: 3 }, { label: 'x'.repeat(201) }]) {
      expect(isFrameMessage({ ...ok, ...bad })).toBe(false);
    }
  });

  it('anything without our marker, of an unknown type or not an object is not ours', () => {
    for (const data of [null, undefined, 'resize', 7, [], { type: 'resize', height: 10 }, { gfw: 2, type: 'resize', height: 10 }, { gfw: '1', type: 'resize', height: 10 }, { gfw: 1, type: 'theme', theme: 'dark' }, { gfw: 1 }]) {
      expect(isFrameMessage(data)).toBe(false);
    }
    for (const data of [null, 'theme', { type: 'theme', theme: 'dark' }, { gfw: 1, type: 'resize', height: 10 }, { gfw: 1, type: 'login-request' }]) {
      expect(isHostMessage(data)).toBe(false);
    }
  });

  it('host -> frame: a theme is light or dark; an auth token is a bounded string or null (signed out)', () => {
    expect(isHostMessage({ gfw: 1, type: 'theme', theme: 'light' })).toBe(true);
    expect(isHostMessage({ gfw: 1, type: 'theme', theme: 'dark' })).toBe(true);
    expect(isHostMessage({ gfw: 1, type: 'theme', theme: 'system' })).toBe(false);
    expect(isHostMessage({ gfw: 1, type: 'theme' })).toBe(false);
    expect(isHostMessage({ gfw: 1, type: 'auth', token: 'a.b.c' })).toBe(true);
    expect(isHostMessage({ gfw: 1, type: 'auth', token: null })).toBe(true);
    expect(isHostMessage({ gfw: 1, type: 'auth', token: 'x'.repeat(4096) })).toBe(true);
    expect(isHostMessage({ gfw: 1, type: 'auth', token: 'x'.repeat(4097) })).toBe(false);
    expect(isHostMessage({ gfw: 1, type: 'auth', token: 42 })).toBe(false);
    expect(isHostMessage({ gfw: 1, type: 'auth' })).toBe(false);
  });

  it('login popup -> frame: signed-in carries a non-empty bounded token', () => {
    expect(isLoginMessage({ gfw: 1, type: 'signed-in', token: 'a.b.c' })).toBe(true);
    expect(isLoginMessage({ gfw: 1, type: 'signed-in', token: '' })).toBe(false);
    expect(isLoginMessage({ gfw: 1, type: 'signed-in', token: 'x'.repeat(4097) })).toBe(false);
    expect(isLoginMessage({ gfw: 1, type: 'signed-in' })).toBe(false);
    expect(isLoginMessage({ type: 'signed-in', token: 'a.b.c' })).toBe(false);
    expect(isLoginMessage({ gfw: 1, type: 'auth', token: 'a.b.c' })).toBe(false);
  });
});
