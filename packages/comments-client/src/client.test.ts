import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeComment, makePage, makeUserInfo } from '@guffaw/test-utils';
import { createCommentsClient } from './client.js';
import { CommentMessages, LIST_CACHE_MS } from './constants.js';
import { HOST, URL_A, URL_B, useFakeService } from './test-server.js';

const service = useFakeService();
const comments = (n: number, url = URL_A) =>
  Array.from({ length: n }, (_, i) => makeComment({ commentId: `c${i + 1}`, timestamp: 1_000_000 + i, permalink: `${url}#${i}` }));
const member = (extra: Partial<Parameters<typeof createCommentsClient>[0]> = {}) =>
  createCommentsClient({ host: HOST, appId: 'guffaw', auth: 'member-token', ...extra });

afterEach(() => {
  vi.useRealTimers();
});

describe('requests', () => {
  it('sends visitors a cacheable GET with appId and origin and no auth, v2 by default', async () => {
    const fake = service.install({ pages: [makePage({ url: URL_A, comments: comments(3) })] });
    const client = createCommentsClient({ host: HOST, appId: 'guffaw', origin: 'https://host.example' });
    const page = await client.listComments({ url: URL_A });
    expect(page.comments.map((c) => c.commentId)).toEqual(['c3', 'c2', 'c1']);
    const [call] = fake.callsTo('comment-list.json');
    expect(call).toMatchObject({ method: 'GET', version: 'v2' });
    expect(call?.params).toEqual({ appId: 'guffaw', url: URL_A, type: 'new', count: '10', origin: 'https://host.example' });
  });

  it('sends members a form-encoded POST carrying appId and auth; v1 on request', async () => {
    const fake = service.install();
    const client = member({ version: 'v1' });
    await client.listComments({ url: URL_A, type: 'hot', count: 5 });
    const [call] = fake.callsTo('comment-list.json');
    expect(call).toMatchObject({ method: 'POST', version: 'v1' });
    expect(call?.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(call?.params).toEqual({ appId: 'guffaw', auth: 'member-token', url: URL_A, type: 'hot', count: '5' });
  });

  it('uses the exact parameter names of every call', async () => {
    const users = { mod: makeUserInfo({ userId: 'm1', moderate: true }) };
    const target = makeComment({ commentId: 'x1', user: makeUserInfo({ userId: 'u9' }) });
    const fake = service.install({ users, pages: [makePage({ url: URL_A, comments: [target] })] });
    const client = member({ auth: 'mod' });
    await client.addComment({ url: URL_A, text: 'hi', parent: 'x1', replyThreadOnly: true, opToken: 'op', delegateUserId: 'd1' });
    await client.likeComment('x1', -1, URL_A);
    await client.reportComment('x1', URL_A, { reason: 3, text: 'spam' });
    await client.opPin('x1', URL_A, true);
    await client.opHide('x1', URL_A);
    await client.adminBan('u9');
    await client.adminUnban('u9');
    await client.adminMask('x1', URL_A, true);
    await client.adminHide('x1', URL_A);
    await client.adminUnhide('x1', URL_A);
    await client.adminPin('x1', URL_A, false);
    await client.adminUpdate(URL_A, { lock: true, status: 'closed' });
    await client.linkAttachment('https://example.com/page');
    await client.getUser();
    await client.getApp();
    const base = { appId: 'guffaw', auth: 'mod' };
    const params = Object.fromEntries(fake.calls.map((c) => [c.endpoint, c.params]));
    expect(params).toEqual({
      'add-comment.json': { ...base, url: URL_A, text: 'hi', parent: 'x1', replyThreadOnly: 'true', opToken: 'op', delegateUserId: 'd1' },
      'like.json': { ...base, commentId: 'x1', value: '-1' },
      'report.json': { ...base, commentId: 'x1', url: URL_A, userReportData: '{"reason":3,"text":"spam"}' },
      'op/pin': { ...base, commentId: 'x1', url: URL_A, pinned: 'true' },
      'op/hide': { ...base, commentId: 'x1', url: URL_A },
      'admin/ban': { ...base, userId: 'u9' },
      'admin/unban': { ...base, userId: 'u9' },
      'admin/mask': { ...base, commentId: 'x1', sensitive: 'true', url: URL_A },
      'admin/hide': { ...base, commentId: 'x1', url: URL_A },
      'admin/unhide': { ...base, commentId: 'x1', url: URL_A },
      'admin/pin': { ...base, commentId: 'x1', url: URL_A, pinned: 'false' },
      'admin/update': { ...base, url: URL_A, lock: 'true', status: 'closed' },
      'link-attachment.json': { ...base, url: 'https://example.com/page' },
      'wp.json': base,
      'user.json': base,
      'app.json': { id: 'guffaw', appId: 'guffaw' },
    });
    expect(fake.callsTo('app.json')[0]?.method).toBe('GET');
  });

  it('deletes with _method DELETE, id and url', async () => {
    const fake = service.install({ pages: [makePage({ url: URL_A, comments: [makeComment({ commentId: 'd1', user: makeUserInfo({ userId: 'viewer' }) })] })] });
    await member().deleteComment('d1', URL_A);
    expect(fake.callsTo('comment.json')[0]?.params).toEqual({ appId: 'guffaw', auth: 'member-token', _method: 'DELETE', id: 'd1', url: URL_A });
    expect(fake.state.sections.get(URL_A)?.comments).toEqual([]);
  });

  it('returns the pinned ids of op/pin and admin/pin', async () => {
    const users = { mod: makeUserInfo({ userId: 'm1', moderate: true }) };
    const ops = { [URL_A]: 'm1' };
    service.install({ users, ops, pages: [makePage({ url: URL_A, comments: [makeComment({ commentId: 'p1' }), makeComment({ commentId: 'p2', isPinned: 1 })] })] });
    const client = member({ auth: 'mod' });
    expect(await client.opPin('p1', URL_A, true)).toEqual(['p1', 'p2']);
    expect(await client.adminPin('p2', URL_A, false)).toEqual(['p1']);
  });
});

describe('list dedupe', () => {
  it('collapses identical authenticated list requests started within 1000 ms', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_000_000);
    const fake = service.install({ pages: [makePage({ url: URL_A, comments: comments(2) })] });
    const client = member();
    const [a, b] = await Promise.all([client.listComments({ url: URL_A }, { fresh: true }), client.listComments({ url: URL_A }, { fresh: true })]);
    expect(a).toBe(b);
    expect(fake.callsTo('comment-list.json')).toHaveLength(1);
    vi.setSystemTime(1_000_999);
    await client.listComments({ url: URL_A }, { fresh: true });
    expect(fake.callsTo('comment-list.json')).toHaveLength(1);
    vi.setSystemTime(1_001_000);
    await client.listComments({ url: URL_A }, { fresh: true });
    expect(fake.callsTo('comment-list.json')).toHaveLength(2);
  });

  it('does not collapse requests that differ in url, sort or cursor', async () => {
    const fake = service.install({ pages: [makePage({ url: URL_A, comments: comments(12) })] });
    const client = member();
    const first = await client.listComments({ url: URL_A });
    await Promise.all([
      client.listComments({ url: URL_B }),
      client.listComments({ url: URL_A, type: 'hot' }),
      client.listComments({ url: URL_A, next: first.next ?? '' }),
    ]);
    expect(fake.callsTo('comment-list.json')).toHaveLength(4);
  });

  it("lets one caller abort without cancelling the request another caller shares", async () => {
    const fake = service.install({ latency: 50, pages: [makePage({ url: URL_A, comments: comments(1) })] });
    const client = member();
    const controller = new AbortController();
    const aborted = client.listComments({ url: URL_A }, { signal: controller.signal });
    const kept = client.listComments({ url: URL_A });
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
    expect((await kept).comments).toHaveLength(1);
    expect(fake.callsTo('comment-list.json')).toHaveLength(1);
  });

  it('does not keep a failed request: the next call tries again', async () => {
    const fake = service.install({ failures: { 'comment-list.json': { code: 'BUSY', status: 503 } } });
    const client = member();
    await expect(client.listComments({ url: URL_A })).rejects.toMatchObject({ code: 'BUSY' });
    delete fake.failures['comment-list.json'];
    await expect(client.listComments({ url: URL_A })).resolves.toMatchObject({ url: URL_A });
    expect(fake.callsTo('comment-list.json')).toHaveLength(2);
  });
});

describe('list cache', () => {
  const requestsAfter = async (params: Parameters<ReturnType<typeof member>['listComments']>[0], elapsed: number) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(5_000_000);
    const fake = service.install({ pages: [makePage({ url: URL_A, comments: comments(3) })] });
    const client = member();
    await client.listComments(params);
    vi.setSystemTime(5_000_000 + elapsed);
    await client.listComments(params);
    return fake.callsTo('comment-list.json').length;
  };

  it('keeps new and old pages for 60000 ms', async () => {
    expect(LIST_CACHE_MS).toEqual({ hot: 300_000, new: 60_000, old: 60_000 });
    expect(await requestsAfter({ url: URL_A, type: 'new' }, 59_999)).toBe(1);
    expect(await requestsAfter({ url: URL_A, type: 'new' }, 60_000)).toBe(2);
    expect(await requestsAfter({ url: URL_A, type: 'old' }, 59_999)).toBe(1);
    expect(await requestsAfter({ url: URL_A, type: 'old' }, 60_000)).toBe(2);
  });

  it('keeps hot pages and threads for 300000 ms', async () => {
    expect(await requestsAfter({ url: URL_A, type: 'hot' }, 299_999)).toBe(1);
    expect(await requestsAfter({ url: URL_A, type: 'hot' }, 300_000)).toBe(2);
    expect(await requestsAfter({ url: URL_A, type: 'new', commentId: 'c1', level: 2 }, 299_999)).toBe(1);
    expect(await requestsAfter({ url: URL_A, type: 'new', commentId: 'c1', level: 2 }, 300_000)).toBe(2);
  });

  it('never serves a refresh cursor from the cache, and fresh skips it', async () => {
    const fake = service.install({ pages: [makePage({ url: URL_A, comments: comments(2) })] });
    const client = member();
    const page = await client.listComments({ url: URL_A });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 2000);
    await client.listComments({ url: URL_A, refresh: page.refresh ?? '' });
    vi.setSystemTime(Date.now() + 2000);
    await client.listComments({ url: URL_A, refresh: page.refresh ?? '' });
    vi.setSystemTime(Date.now() + 2000);
    await client.listComments({ url: URL_A }, { fresh: true });
    expect(fake.callsTo('comment-list.json')).toHaveLength(4);
  });

  it('drops the pages of a url after each mutation on it, and only those', async () => {
    const users = { mod: makeUserInfo({ userId: 'm1', moderate: true }) };
    const fake = service.install({ users, ops: { [URL_A]: 'm1' }, pages: [makePage({ url: URL_A, comments: comments(2) }), makePage({ url: URL_B, comments: comments(1, URL_B) })] });
    const client = member({ auth: 'mod' });
    const mutations: Array<() => Promise<unknown>> = [
      () => client.addComment({ url: URL_A, text: 'new one' }),
      () => client.likeComment('c1', 1, URL_A),
      () => client.reportComment('c1', URL_A, { reason: 2 }),
      () => client.opPin('c1', URL_A, true),
      () => client.opHide('c2', URL_A),
      () => client.adminMask('c1', URL_A, true),
      () => client.adminHide('c1', URL_A),
      () => client.adminUnhide('c1', URL_A),
      () => client.adminPin('c1', URL_A, false),
      () => client.adminUpdate(URL_A, { status: 'closed' }),
      () => client.deleteComment('c2', URL_A),
    ];
    await client.listComments({ url: URL_B });
    for (const mutation of mutations) {
      await client.listComments({ url: URL_A });
      const before = fake.callsTo('comment-list.json').length;
      await client.listComments({ url: URL_A });
      expect(fake.callsTo('comment-list.json')).toHaveLength(before);
      await mutation();
      await client.listComments({ url: URL_A });
      expect(fake.callsTo('comment-list.json')).toHaveLength(before + 1);
    }
    await client.listComments({ url: URL_B });
    expect(fake.callsTo('comment-list.json').filter((c) => c.params.url === URL_B)).toHaveLength(1);
  });

  it('drops every page on ban, unban, setAuth and invalidate()', async () => {
    const users = { mod: makeUserInfo({ userId: 'm1', moderate: true }), other: makeUserInfo({ userId: 'o1' }) };
    const fake = service.install({ users, pages: [makePage({ url: URL_A, comments: comments(1) })] });
    const client = member({ auth: 'mod' });
    const steps = [() => client.adminBan('o1'), () => client.adminUnban('o1'), async () => client.setAuth('other'), async () => client.invalidate()];
    for (const step of steps) {
      await client.listComments({ url: URL_A });
      await client.listComments({ url: URL_B });
      const before = fake.callsTo('comment-list.json').length;
      await step();
      await client.listComments({ url: URL_A });
      await client.listComments({ url: URL_B });
      expect(fake.callsTo('comment-list.json')).toHaveLength(before + 2);
    }
  });

  it('does not cache a page whose request was in flight when its url was invalidated', async () => {
    const fake = service.install({ latency: 30, pages: [makePage({ url: URL_A, comments: comments(1) })] });
    const client = member();
    const loading = client.listComments({ url: URL_A });
    client.invalidate(URL_A);
    await loading;
    await client.listComments({ url: URL_A });
    expect(fake.callsTo('comment-list.json')).toHaveLength(2);
  });
});

describe('guards', () => {
  it('refuses a second identical mutation while the first is in flight', async () => {
    const fake = service.install({ latency: 30, pages: [makePage({ url: URL_A, comments: comments(1) })] });
    const client = member();
    const first = client.likeComment('c1', 1, URL_A);
    await expect(client.likeComment('c1', 1, URL_A)).rejects.toMatchObject({
      name: 'CommentsClientError', code: 'REQUEST_PROCESSING', message: CommentMessages.requestProcessing,
    });
    await expect(client.likeComment('c1', -1, URL_A)).resolves.toEqual({});
    await first;
    await expect(client.likeComment('c1', 1, URL_A)).resolves.toEqual({});
    expect(fake.callsTo('like.json')).toHaveLength(3);
  });

  it('pages forward and back with the cursors, and refuses without one', async () => {
    const fake = service.install({ pages: [makePage({ url: URL_A, comments: comments(25) })] });
    const client = member();
    const list = { url: URL_A, type: 'old' as const };
    const first = await client.listComments(list);
    await expect(client.loadPrev(list, first)).rejects.toMatchObject({ code: 'PREV_CURSOR_EMPTY', message: 'Prev cursor is empty' });
    const second = await client.loadNext(list, first);
    const third = await client.loadNext(list, second);
    expect([first, second, third].map((p) => p.comments.length)).toEqual([10, 10, 5]);
    expect(third.comments.at(-1)?.commentId).toBe('c25');
    await expect(client.loadNext(list, third)).rejects.toMatchObject({ code: 'NEXT_CURSOR_EMPTY', message: 'Next cursor is empty' });
    const back = await client.loadPrev(list, third);
    expect(back.comments[0]?.commentId).toBe('c11');
    expect(fake.callsTo('comment-list.json').map((c) => Boolean(c.params.next) || Boolean(c.params.prev))).toEqual([false, true, true, true]);
  });

  it('refuses a second next page of the same list while one loads', async () => {
    service.install({ latency: 30, pages: [makePage({ url: URL_A, comments: comments(25) })] });
    const client = member();
    const list = { url: URL_A };
    const first = await client.listComments(list);
    const loading = client.loadNext(list, first);
    await expect(client.loadNext(list, first)).rejects.toMatchObject({ message: 'The request is already processing' });
    await loading;
    await expect(client.loadNext(list, first)).resolves.toMatchObject({ url: URL_A });
  });

  it('refuses member calls without login and sends nothing', async () => {
    const fake = service.install({ pages: [makePage({ url: URL_A, comments: comments(1) })] });
    const client = createCommentsClient({ host: HOST, appId: 'guffaw' });
    const refused = [
      client.addComment({ url: URL_A, text: 'x' }), client.likeComment('c1', 1, URL_A), client.deleteComment('c1', URL_A),
      client.reportComment('c1', URL_A, { reason: 1 }), client.getUser(), client.opPin('c1', URL_A, true),
      client.adminBan('u1'), client.linkAttachment('https://example.com'), client.uploadMedia({ url: 'https://example.com/a.png' }),
    ];
    for (const call of refused) await expect(call).rejects.toMatchObject({ code: 'LOGIN_REQUIRED', message: 'You must be logged in' });
    expect(fake.calls).toEqual([]);
    expect(client.isLoggedIn()).toBe(false);
    client.setAuth('member-token');
    expect(client.isLoggedIn()).toBe(true);
  });
});

describe('proof of work', () => {
  it('polls every 100 ms until a value exists, then sends it as x-wp and x-wpb on add, like and report', async () => {
    const fake = service.install({ pages: [makePage({ url: URL_A, comments: comments(1) })] });
    let polls = 0;
    const client = member({ proofOfWork: () => (++polls > 3 ? { wp: `wp${polls}`, wpb: 'wpb' } : null) });
    const started = Date.now();
    await client.addComment({ url: URL_A, text: 'hello' });
    const waited = Date.now() - started;
    expect(polls).toBe(4);
    expect(waited).toBeGreaterThanOrEqual(280);
    expect(waited).toBeLessThan(1000);
    await client.likeComment('c1', 1, URL_A);
    await client.reportComment('c1', URL_A, { reason: 4 });
    await client.listComments({ url: URL_A });
    const headers = fake.calls.map((c) => [c.endpoint, c.headers['x-wp'], c.headers['x-wpb']]);
    expect(headers).toEqual([
      ['add-comment.json', 'wp4', 'wpb'],
      ['like.json', 'wp5', 'wpb'],
      ['report.json', 'wp6', 'wpb'],
      ['comment-list.json', undefined, undefined],
    ]);
  });

  it('gives up after the timeout (15000 ms by default) and sends nothing', async () => {
    vi.useFakeTimers();
    const fake = service.install();
    let polls = 0;
    const client = member({ proofOfWork: () => (polls++, null) });
    const result = client.addComment({ url: URL_A, text: 'hello' }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(14_900);
    expect(polls).toBe(150);
    await vi.advanceTimersByTimeAsync(100);
    expect(await result).toMatchObject({ name: 'CommentsClientError', code: 'PROOF_OF_WORK_TIMEOUT' });
    expect(polls).toBe(151);
    expect(fake.calls).toEqual([]);
    // The in-flight guard was released: a later attempt is allowed to try again.
    const again = client.addComment({ url: URL_A, text: 'hello' }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(await again).toMatchObject({ code: 'PROOF_OF_WORK_TIMEOUT' });
  });

  it('without a provider, solves the service\'s challenge (wp.json, SHA-256) for each write: add, like, report, link preview, upload', async () => {
    const fake = service.install({ pages: [makePage({ url: URL_A, comments: comments(1) })] });
    const issued: string[] = [];
    service.server.use(
      http.post(`${HOST}/comments/v2/wp.json`, async () => {
        const salt = `s${issued.length}?expires=9999999999&`;
        const number = 700 + issued.length;
        const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(salt + number)));
        const challenge = Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
        issued.push(salt);
        return HttpResponse.json({ status: 'OK', payload: { wp: { algorithm: 'SHA-256', challenge, salt, signature: `sig${issued.length}`, maxnumber: 2000 } } });
      }),
    );
    const client = member();
    await client.addComment({ url: URL_A, text: 'hello' });
    await client.likeComment('c1', 1, URL_A);
    await client.reportComment('c1', URL_A, { reason: 4 });
    await client.linkAttachment('https://example.com/page');
    await client.uploadMedia(new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])], 'a.png', { type: 'image/png' }));
    await client.listComments({ url: URL_A });
    const sent = fake.calls.filter((c) => c.endpoint !== 'comment-list.json').map((c) => [c.endpoint, JSON.parse(atob(c.headers['x-wp'] ?? '')) as unknown, c.headers['x-wpb']]);
    expect(sent).toEqual(
      ['add-comment.json', 'like.json', 'report.json', 'link-attachment.json', 'media.json'].map((endpoint, i) => [
        endpoint,
        expect.objectContaining({ algorithm: 'SHA-256', number: 700 + i, salt: issued[i], signature: `sig${i + 1}` }),
        '1',
      ]),
    );
    expect(fake.callsTo('comment-list.json')[0]?.headers['x-wp']).toBeUndefined();
  });

  it('stops waiting when the caller aborts', async () => {
    service.install();
    const client = member({ proofOfWork: () => null });
    const controller = new AbortController();
    const pending = client.addComment({ url: URL_A, text: 'x' }, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
