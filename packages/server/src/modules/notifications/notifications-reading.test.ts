import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.js';
import { PAGE_SIZE } from './service.js';
import { list, member, readState, useNotificationsApp, type Member } from './notifications-fixture.js';

/** The part of a `ws` client socket the tests use. */
type TestSocket = {
  on(event: 'message', listener: (data: Buffer) => void): void;
  terminate(): void;
};

/** Collects a socket's JSON messages; `next(type)` waits for the next one of that type. */
function messages(ws: TestSocket) {
  const seen: Record<string, unknown>[] = [];
  const waiters: Array<() => void> = [];
  ws.on('message', (data) => {
    seen.push(JSON.parse(data.toString()) as Record<string, unknown>);
    for (const w of waiters.splice(0)) w();
  });
  return {
    seen,
    async next(type: string, timeoutMs = 2000): Promise<Record<string, unknown>> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const i = seen.findIndex((m) => m.type === type);
        if (i >= 0) return seen.splice(i, 1)[0]!;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no "${type}" message within ${timeoutMs} ms (got ${JSON.stringify(seen)})`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, left);
        });
      }
    },
  };
}

describeEachDatabase('notifications: paging, unread counts and push', (kind) => {
  const { t, send, upvote } = useNotificationsApp(kind);

  it('pages by refKey, 20 at a time, newest change first, and filters the Mentions tab', async () => {
    const [me, a] = [await member(t.db), await member(t.db)];
    for (let i = 0; i < PAGE_SIZE + 5; i++) {
      const type = i % 5 === 0 ? 'COMMENT_MENTION' : 'COMMENT_UPVOTE';
      await send({ userId: me.id, type, groupKey: `${type}:c${i}`, actorUserId: a.id, url: `/c${i}` });
    }
    const first = await list(t.app, me);
    expect(first.items).toHaveLength(PAGE_SIZE);
    expect(first.didEndOfList).toBe(false);
    expect(first.nextKey).toMatch(/^\d+_\d+$/);
    expect(first.items[0]!.url).toBe(`/c${PAGE_SIZE + 4}`);
    const second = await list(t.app, me, { refKey: first.nextKey });
    expect(second).toMatchObject({ didEndOfList: true, nextKey: null });
    // The same page, asked with a form body.
    const form = await t.app.inject({
      method: 'POST',
      url: '/v1/notifications',
      headers: { cookie: me.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `refKey=${first.nextKey}`,
    });
    expect(form.json().data.data).toEqual(second);
    expect(second.items.map((i) => i.url)).toEqual(['/c4', '/c3', '/c2', '/c1', '/c0']);

    const mentions = await list(t.app, me, { tab: 'mentions' });
    expect(mentions.items.map((i) => i.type)).toEqual(Array(5).fill('COMMENT_MENTION'));

    for (const refKey of ['nope', '1_', '_1', 'x'.repeat(100)]) {
      const res = await t.app.inject({ method: 'POST', url: '/v1/notifications', headers: { cookie: me.cookie }, payload: { refKey } });
      expect(res.statusCode).toBe(400);
      expect(res.json().meta.status).toBe('Failure');
    }
  });

  it('counts unread since the list was last opened; POST clears the count; marking items read lowers it', async () => {
    const [me, a, b, other] = [await member(t.db), await member(t.db), await member(t.db), await member(t.db)];
    await upvote(me, a, 'r1');
    await upvote(me, a, 'r2');
    expect(await readState(t.app, me)).toEqual({ lastReadTimestamp: 0, unreadCount: 2 });

    const cleared = await readState(t.app, me, 'POST');
    expect(cleared.unreadCount).toBe(0);
    expect(Math.abs(cleared.lastReadTimestamp - Date.now() / 1000)).toBeLessThan(60);
    // Clearing the count does not mark the items read (only a click does).
    expect((await list(t.app, me)).items.every((i) => !i.isRead)).toBe(true);

    await upvote(me, b, 'r1');
    await upvote(me, a, 'r3');
    expect((await readState(t.app, me)).unreadCount).toBe(2);
    const [newest, next] = (await list(t.app, me)).items;
    const mark = (who: Member, itemKeys: unknown, states: unknown = 1) =>
      t.app.inject({ method: 'POST', url: '/v1/notifications-read-state', headers: { cookie: who.cookie }, payload: { itemKeys, states } });

    expect((await mark(me, `${newest!.id},${next!.id}`)).json().data).toEqual({ updated: 2, unreadCount: 0 });
    expect((await mark(me, [newest!.id], 0)).json().data).toEqual({ updated: 1, unreadCount: 1 });
    // Form encoding, as the site sends it.
    const form = await t.app.inject({
      method: 'POST',
      url: '/v1/notifications-read-state',
      headers: { cookie: me.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `itemKeys=${newest!.id}&states=1`,
    });
    expect(form.json().data).toEqual({ updated: 1, unreadCount: 0 });
    // Someone else's items are out of reach.
    expect((await mark(other, newest!.id)).json().data).toEqual({ updated: 0, unreadCount: 0 });

    for (const [itemKeys, states] of [['abc', 1], ['', 1], [',', 1], [newest!.id, 2], [Array(101).fill('1'), 1]] as const) {
      const res = await mark(me, itemKeys, states);
      expect(res.statusCode).toBe(400);
      expect(res.json().meta.status).toBe('Failure');
    }
  });

  it('pushes the unread count to the member’s open sockets, and only theirs', async () => {
    const [me, a, stranger] = [await member(t.db), await member(t.db), await member(t.db)];
    const origin = t.config.publicUrl;
    const connect = async (who: Member, headers: Record<string, string> = {}) => {
      let inbox: ReturnType<typeof messages> | undefined;
      const socket = (await t.app.injectWS('/v1/push', { headers: { cookie: who.cookie, ...headers } }, {
        onInit: (ws) => void (inbox = messages(ws as TestSocket)),
      })) as TestSocket;
      return { socket, inbox: inbox! };
    };
    const { socket: mine, inbox: mineInbox } = await connect(me, { origin });
    const { socket: theirs, inbox: theirInbox } = await connect(stranger);
    expect(await mineInbox.next('ready')).toEqual({ type: 'ready', unreadCount: 0 });
    await theirInbox.next('ready');

    await upvote(me, a);
    expect(await mineInbox.next('notification')).toEqual({ type: 'notification', unreadCount: 1, notificationType: 'UPVOTE' });
    await readState(t.app, me, 'POST');
    expect(await mineInbox.next('read-state')).toEqual({ type: 'read-state', unreadCount: 0 });
    await new Promise((r) => setTimeout(r, 50));
    expect(theirInbox.seen).toEqual([]);
    mine.terminate();
    theirs.terminate();

    await expect(t.app.injectWS('/v1/push', { headers: { cookie: me.cookie, origin: 'https://evil.test' } })).rejects.toThrow(/403/);
  });
});
