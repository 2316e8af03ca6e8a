import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { failure, success } from '../../test/handlers';
import { isApiFailure } from '../api';
import { consoleBan, consoleQueue } from './apps';
import { blockPost, fetchList, homeListPath, sendReport, sendVote, setPostSaved } from './lists';
import { sendPollVote } from './poll';
import { getUserInfo, logOut, setBlocked } from './session';

/** What reached the server: method, path with query, content type and body as sent. */
type Seen = { method: string; path: string; type: string | null; body: string };
const seen: Seen[] = [];
const record = async (request: Request) => {
  const url = new URL(request.url);
  seen.push({ method: request.method, path: url.pathname + url.search, type: request.headers.get('content-type'), body: await request.text() });
};
const FORM = 'application/x-www-form-urlencoded;charset=UTF-8';
const JSON_TYPE = 'application/json';

const server = setupServer(
  http.all('*', async ({ request }) => {
    await record(request);
    return success({ ok: true });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  seen.length = 0;
});
afterAll(() => server.close());

describe('main API endpoint functions', () => {
  it('send a list page by GET for a visitor and by POST with an empty JSON body for a member, with the same query', async () => {
    const path = homeListPath('fresh', 'recent');
    await fetchList(path, { after: 'abc' }, false);
    await fetchList(path, { after: 'abc' }, true);
    expect(seen).toEqual([
      { method: 'GET', path: '/v1/group-posts/type/fresh/timeframe/recent?after=abc', type: null, body: '' },
      { method: 'POST', path: '/v1/group-posts/type/fresh/timeframe/recent?after=abc', type: JSON_TYPE, body: '{}' },
    ]);
  });

  it('form encode votes, saves, post blocks, user blocks and reports, each on its own path and method', async () => {
    await sendVote('p1', -1);
    await setPostSaved('p1', true);
    await setPostSaved('p1', false);
    await blockPost('p1', 'post', true);
    await setBlocked('a7', false);
    await sendReport({ entryId: 'p1' }, 3);
    await sendReport({ username: 'op' }, 2);
    expect(seen.map((s) => `${s.method} ${s.path} ${s.body}`)).toEqual([
      'POST /v1/vote/dislike id=p1',
      'POST /v1/save-post id=p1',
      'DELETE /v1/save-post id=p1',
      'POST /v1/block-post type=post&id=p1&action=unblock',
      'POST /v1/user-block accountId=a7&_method=delete',
      'POST /report entryId=p1&type=3',
      'POST /report username=op&type=2',
    ]);
    expect(new Set(seen.map((s) => s.type))).toEqual(new Set([FORM]));
  });

  it('send JSON where the spec takes it: user info and logout with {}, a poll vote, a console ban and its queue query', async () => {
    await getUserInfo();
    await logOut();
    await sendPollVote({ entryId: 'p1', feedId: undefined, feedSource: 'hot', option_index: 1 });
    await consoleBan('my app', { userId: 'u1', reason: 'spam' });
    await consoleQueue('my app', { view: 'pending', sort: 'newest', cursor: undefined });
    expect(seen).toEqual([
      { method: 'POST', path: '/v1/user-info', type: JSON_TYPE, body: '{}' },
      { method: 'POST', path: '/logout', type: JSON_TYPE, body: '{}' },
      { method: 'POST', path: '/v1/poll/vote', type: JSON_TYPE, body: '{"entryId":"p1","feedSource":"hot","option_index":1}' },
      { method: 'POST', path: '/v1/apps/my%20app/bans', type: JSON_TYPE, body: '{"userId":"u1","reason":"spam"}' },
      { method: 'GET', path: '/v1/apps/my%20app/queue?view=pending&sort=newest', type: null, body: '' },
    ]);
  });

  it('keep the error handling of the client: a Failure throws ApiFailure, except where the envelope is the answer', async () => {
    server.use(http.post('*/v1/poll/vote', () => failure('POLL_ENDED', 'The poll has ended.', 409)));
    server.use(http.post('*/v1/vote/like', () => failure('RATE_LIMITED', 'Slow down.', 429)));
    const error = await sendVote('p1', 1).catch((e: unknown) => e);
    expect(isApiFailure(error)).toBe(true);
    expect(error).toMatchObject({ code: 'RATE_LIMITED', status: 429 });
    const reply = await sendPollVote({ entryId: 'p1', feedId: 'f', feedSource: undefined, option_index: 0 });
    expect(reply.meta).toMatchObject({ status: 'Failure', errorCode: 'POLL_ENDED' });
  });
});
