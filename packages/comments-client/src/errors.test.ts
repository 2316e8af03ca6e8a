import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeComment, makePage } from '@guffaw/test-utils';
import { createCommentsClient } from './client.js';
import { CommentsApiError, CommentsClientError, commentErrorNotice, isCommentsApiError, isCommentsClientError } from './errors.js';
import { HOST, URL_A, useFakeService } from './test-server.js';

const service = useFakeService();
const member = () => createCommentsClient({ host: HOST, appId: 'guffaw', auth: 'member-token' });

describe('errors from the service', () => {
  it('carries the code, text and status of an ERROR envelope; the notice shows the server text', async () => {
    service.install({ pages: [makePage({ url: URL_A, lock: true, comments: [makeComment()] })] });
    const error: unknown = await member().addComment({ url: URL_A, text: 'hi' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'CommentsApiError', code: 'SECTION_LOCKED', serverText: 'Comments are locked', status: 403 });
    expect(isCommentsApiError(error)).toBe(true);
    expect(commentErrorNotice(error)).toBe('Comments are locked');
  });

  it('falls back to the default notice when the server sent no text', async () => {
    service.install({ failures: { 'like.json': { code: 'SOMETHING', status: 409 } } });
    const error = await member().likeComment('c1', 1, URL_A).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'SOMETHING', serverText: '' });
    expect(commentErrorNotice(error)).toBe('Error occurred. Please try again later.');
  });

  it('maps the media codes to their texts even when the server sent its own', async () => {
    service.install({ failures: { 'media.json': { code: 'IMAGE_INVALID_SIZE', error: 'too big', status: 413 } } });
    const error = await member().uploadMedia({ url: 'https://example.com/a.png' }).catch((e: unknown) => e);
    expect(commentErrorNotice(error)).toBe('Media size should be less than 10MB');
    expect(commentErrorNotice(new CommentsApiError('IMAGE_INVALID_TYPE', 'nope', 400))).toBe('Unsupported type.');
  });

  it('names network failures, timeouts and replies that are not the envelope', async () => {
    const client = member();
    service.server.use(http.post(`${HOST}/comments/v2/like.json`, () => HttpResponse.error()));
    await expect(client.likeComment('c1', 1, URL_A)).rejects.toMatchObject({ name: 'CommentsApiError', code: 'NETWORK_ERROR' });
    service.server.use(http.post(`${HOST}/comments/v2/like.json`, () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })));
    await expect(client.likeComment('c1', 1, URL_A)).rejects.toMatchObject({ code: 'HTTP_502', status: 502, serverText: '' });
    service.server.use(http.post(`${HOST}/comments/v2/like.json`, () => HttpResponse.text('ok')));
    await expect(client.likeComment('c1', 1, URL_A)).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
    service.server.use(http.post(`${HOST}/comments/v2/like.json`, () => HttpResponse.json({ status: 'OK', payload: {} }, { status: 500 })));
    await expect(client.likeComment('c1', 1, URL_A)).rejects.toMatchObject({ code: 'HTTP_500' });
    const slow = createCommentsClient({ host: HOST, appId: 'guffaw', auth: 't', timeout: 50 });
    service.server.use(http.post(`${HOST}/comments/v2/like.json`, () => new Promise<Response>((resolve) => setTimeout(() => resolve(HttpResponse.json({})), 500))));
    const error = await slow.likeComment('c1', 1, URL_A).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'TIMEOUT' });
    expect(commentErrorNotice(error)).toBe('Error occurred. Please try again later.');
  });
});

describe('commentErrorNotice', () => {
  it('tells errors apart by name, so errors from another realm (an iframe) map the same', () => {
    const foreign = { name: 'CommentsApiError', code: 'IMAGE_INVALID_TYPE', serverText: '', message: '' };
    expect(commentErrorNotice(foreign)).toBe('Unsupported type.');
    expect(commentErrorNotice({ name: 'CommentsApiError', code: 'X', serverText: 'Slow down', message: 'Slow down' })).toBe('Slow down');
    expect(isCommentsClientError({ name: 'CommentsClientError', code: 'LOGIN_REQUIRED', message: 'You must be logged in' })).toBe(true);
  });

  it('shows the guard texts, and the default for anything else', () => {
    expect(commentErrorNotice(new CommentsClientError('LOGIN_REQUIRED', 'You must be logged in'))).toBe('You must be logged in');
    expect(commentErrorNotice(new CommentsClientError('IMAGE_INVALID_SIZE', 'x'))).toBe('Media size should be less than 10MB');
    expect(commentErrorNotice(new Error('boom'))).toBe('Error occurred. Please try again later.');
    expect(commentErrorNotice(null)).toBe('Error occurred. Please try again later.');
    expect(commentErrorNotice('IMAGE_INVALID_TYPE')).toBe('Error occurred. Please try again later.');
  });
});
