import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/harness.js';
import { createSession } from '../accounts/sessions.js';
import { signAuthToken } from '../comments/index.js';

/**
 * The console (MODERATION.md "Console") for every role: visitor (401), member, owner, another app's owner, a
 * moderator of the app (not an owner: 403), main-site admin. A forbidden call answers 401/403 and changes nothing.
 */
type Role = 'visitor' | 'member' | 'owner' | 'otherOwner' | 'moderator' | 'admin';
type Reply = { status: number; body: { meta: { status: string; errorCode?: string; errorMessage?: string }; data: Record<string, unknown> } };

describeEachDatabase('app console /v1/apps', (kind) => {
  let t: TestApp;
  const cookies = {} as Record<Exclude<Role, 'visitor'>, string>;
  const ids = {} as Record<Exclude<Role, 'visitor'>, string>;
  let appId = '';
  let otherAppId = '';

  async function account(username: string, extra: { isAdmin?: boolean; emailVerified?: boolean } = {}) {
    const row = await t.db
      .insertInto('users')
      .values({ userId: `u${randomBytes(6).toString('hex')}`, hashId: randomBytes(8).toString('hex'), username, fullName: username, emailVerified: true, ...extra })
      .returning(['id', 'userId'])
      .executeTakeFirstOrThrow();
    return { userId: row.userId, cookie: `guffaw_session=${await createSession(t.db, row.id)}` };
  }

  const call = async (role: Role, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}): Promise<Reply> => {
    const res = await t.app.inject({
      method,
      url,
      headers: { ...(role === 'visitor' ? {} : { cookie: cookies[role] }), ...headers },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    return { status: res.statusCode, body: res.json() };
  };

  /** Everything a forbidden call could change. */
  const snapshot = async () => ({
    apps: await t.db.selectFrom('commentApps').selectAll().orderBy('id').execute(),
    moderators: await t.db.selectFrom('commentModerators').selectAll().orderBy('appId').orderBy('externalId').execute(),
    users: await t.db.selectFrom('commentUsers').select(['id', 'bannedAt', 'banReason']).orderBy('id').execute(),
    comments: await t.db.selectFrom('comments').select(['id', 'isHidden', 'heldAt', 'reportCount']).orderBy('id').execute(),
    log: await t.db.selectFrom('commentModActions').select('id').execute(),
  });

  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const [role, name] of [['member', 'mia'], ['owner', 'olga'], ['otherOwner', 'otto'], ['moderator', 'moe'], ['admin', 'ada']] as const) {
      const a = await account(name, role === 'admin' ? { isAdmin: true } : {});
      cookies[role] = a.cookie;
      ids[role] = a.userId;
    }
    const made = await call('owner', 'POST', '/v1/apps', { name: 'Olga’s blog', allowedOrigins: ['https://olga.example'] });
    appId = (made.body.data.app as { appId: string }).appId;
    const other = await call('otherOwner', 'POST', '/v1/apps', { name: 'Otto', allowedOrigins: ['https://otto.example'] });
    otherAppId = (other.body.data.app as { appId: string }).appId;
    await t.db.insertInto('commentModerators').values({ appId, externalId: ids.moderator }).execute();
  });
  afterAll(() => t.close());

  it('registers an app for a signed-in member: id, settings with defaults, the secret once, an audit row', async () => {
    const res = await call('member', 'POST', '/v1/apps', { name: '  My   site ', allowedOrigins: ['https://mine.example/', 'https://mine.example', 'http://localhost:4000'] });
    expect(res.status).toBe(200);
    const { app, secret } = res.body.data as { app: Record<string, unknown>; secret: string };
    expect(app).toMatchObject({
      name: 'My site',
      allowedOrigins: ['https://mine.example', 'http://localhost:4000'],
      settings: { premoderation: 'off', reportThreshold: 3, defaultSectionStatus: 'open', allowedMedia: ['static', 'animated', 'video'], linkAttachments: true },
      owner: { accountId: ids.member, username: 'mia' },
    });
    expect(app.appId).toMatch(/^app_[0-9a-f]{12}$/);
    expect(Buffer.from(secret, 'base64url')).toHaveLength(32);
    const row = await t.db.selectFrom('commentApps').selectAll().where('id', '=', app.appId as string).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ ownerUserId: ids.member, secret });
    const log = await t.db.selectFrom('commentModActions').selectAll().where('appId', '=', app.appId as string).execute();
    expect(log).toMatchObject([{ action: 'app.create', actorKind: 'owner', actorId: ids.member, actorName: 'mia' }]);
    // Shown once: neither the list nor the details carry it.
    const details = await call('member', 'GET', `/v1/apps/${app.appId as string}`);
    expect(JSON.stringify(details.body)).not.toContain(secret);
    expect(JSON.stringify((await call('member', 'GET', '/v1/apps')).body)).not.toContain(secret);
  });

  it('refuses bad registrations with a clear 4xx and writes nothing', async () => {
    const before = await snapshot();
    const cases: [unknown, string][] = [
      [{ allowedOrigins: ['https://a.example'] }, 'NAME_REQUIRED'],
      [{ name: 'x'.repeat(81), allowedOrigins: ['https://a.example'] }, 'INVALID_NAME'],
      [{ name: 'A', allowedOrigins: [] }, 'ORIGINS_REQUIRED'],
      [{ name: 'A', allowedOrigins: ['ftp://a.example'] }, 'INVALID_ORIGINS'],
      [{ name: 'A', allowedOrigins: ['https://a.example/blog'] }, 'INVALID_ORIGINS'],
      [{ name: 'A', allowedOrigins: ['not a url'] }, 'INVALID_ORIGINS'],
      [{ name: 'A', allowedOrigins: Array.from({ length: 21 }, (_, i) => `https://s${i}.example`) }, 'INVALID_ORIGINS'],
    ];
    for (const [body, code] of cases) {
      const res = await call('member', 'POST', '/v1/apps', body);
      expect([res.status, res.body.meta.errorCode]).toEqual([400, code]);
      expect(res.body.meta.errorMessage).toBeTruthy();
    }
    const unverified = await account('newbie', { emailVerified: false });
    const res = await t.app.inject({ method: 'POST', url: '/v1/apps', headers: { cookie: unverified.cookie }, payload: { name: 'A', allowedOrigins: ['https://a.example'] } });
    expect([res.statusCode, res.json().meta.errorCode]).toEqual([403, 'EMAIL_NOT_VERIFIED']);
    expect(await snapshot()).toEqual(before);
  });

  it('lists the apps one owns; an admin sees every app', async () => {
    const names = async (role: Role) => ((await call(role, 'GET', '/v1/apps')).body.data.apps as { appId: string }[]).map((a) => a.appId);
    expect(await names('owner')).toEqual([appId]);
    expect(await names('otherOwner')).toEqual([otherAppId]);
    expect(await names('moderator')).toEqual([]);
    expect(await names('admin')).toEqual(expect.arrayContaining([appId, otherAppId]));
    const visitor = await call('visitor', 'GET', '/v1/apps');
    expect([visitor.status, visitor.body.meta.errorCode]).toEqual([401, 'LOGIN_REQUIRED']);
  });

  it('shows the owner and admins the details with a snippet and an SSO example; 404 for an unknown app', async () => {
    for (const role of ['owner', 'admin'] as const) {
      const res = await call(role, 'GET', `/v1/apps/${appId}`);
      expect(res.status).toBe(200);
      const data = res.body.data as { app: { appId: string }; moderators: { accountId: string }[]; snippet: string; ssoExample: string };
      expect(data.app.appId).toBe(appId);
      expect(data.moderators).toEqual([{ accountId: ids.moderator, name: '' }]);
      expect(data.snippet).toContain(`data-app-id="${appId}"`);
      expect(data.snippet).toContain(`data-url="https://olga.example/your-page"`);
      expect(data.snippet).toContain(`src="${t.config.commentsPublicUrl}/embed.js"`);
      expect(data.ssoExample).toContain(`.setAudience('${appId}')`);
    }
    const missing = await call('owner', 'GET', '/v1/apps/app_000000000000');
    expect([missing.status, missing.body.meta.errorCode]).toEqual([404, 'APP_NOT_FOUND']);
  });

  it('lets the owner and admins edit name, origins and settings, with audit rows; bad settings get 400', async () => {
    const res = await call('owner', 'PATCH', `/v1/apps/${appId}`, {
      name: 'Olga',
      allowedOrigins: ['https://olga.example', 'https://www.olga.example'],
      settings: { premoderation: 'first', reportThreshold: 5 },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.app).toMatchObject({
      name: 'Olga',
      allowedOrigins: ['https://olga.example', 'https://www.olga.example'],
      settings: { premoderation: 'first', reportThreshold: 5, defaultSectionStatus: 'open', linkAttachments: true },
    });
    const byAdmin = await call('admin', 'PATCH', `/v1/apps/${appId}`, { settings: { allowedMedia: ['static'], linkAttachments: false, defaultSectionStatus: 'closed' } });
    expect(byAdmin.body.data.app).toMatchObject({ settings: { premoderation: 'first', reportThreshold: 5, allowedMedia: ['static'], linkAttachments: false, defaultSectionStatus: 'closed' } });
    const log = await t.db.selectFrom('commentModActions').selectAll().where('appId', '=', appId).orderBy('id').execute();
    expect(log.slice(-3).map((r) => [r.action, r.actorKind, r.actorName])).toEqual([
      ['app.update', 'owner', 'olga'],
      ['settings.update', 'owner', 'olga'],
      ['settings.update', 'admin', 'ada'],
    ]);
    const before = await snapshot();
    for (const settings of [{ reportThreshold: 0 }, { reportThreshold: 101 }, { reportThreshold: 2.5 }, { premoderation: 'some' }, { allowedMedia: ['gif'] }, { linkAttachments: 'yes' }, { colour: 'red' }, 'all']) {
      const bad = await call('owner', 'PATCH', `/v1/apps/${appId}`, { settings });
      expect([bad.status, bad.body.meta.errorCode]).toEqual([400, 'INVALID_SETTINGS']);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('rotates the secret for the owner: the new one is stored and answered once', async () => {
    const before = (await t.db.selectFrom('commentApps').select('secret').where('id', '=', appId).executeTakeFirstOrThrow()).secret;
    const res = await call('owner', 'POST', `/v1/apps/${appId}/rotate-secret`);
    const secret = res.body.data.secret as string;
    expect(secret).not.toBe(before);
    expect((await t.db.selectFrom('commentApps').select('secret').where('id', '=', appId).executeTakeFirstOrThrow()).secret).toBe(secret);
    const last = await t.db.selectFrom('commentModActions').select(['action', 'actorKind']).where('appId', '=', appId).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(last).toEqual({ action: 'app.rotate-secret', actorKind: 'owner' });
  });

  it('adds and removes moderators: usernames for the main app, app user ids for other apps', async () => {
    const added = await call('owner', 'POST', `/v1/apps/${appId}/moderators`, { username: 'reader-42' });
    expect(added.body.data.moderators).toEqual(expect.arrayContaining([{ accountId: 'reader-42', name: '' }]));
    const removed = await call('owner', 'DELETE', `/v1/apps/${appId}/moderators/reader-42`);
    expect(removed.body.data.moderators).toEqual([{ accountId: ids.moderator, name: '' }]);
    const log = await t.db.selectFrom('commentModActions').select(['action', 'detail']).where('appId', '=', appId).orderBy('id', 'desc').limit(2).execute();
    expect(log.map((r) => r.action)).toEqual(['moderator.remove', 'moderator.add']);

    await t.db.insertInto('commentApps').values({ id: 'guffaw', name: 'Guffaw', secret: 's'.repeat(43) }).onConflict((oc) => oc.doNothing()).execute();
    const main = await call('admin', 'POST', '/v1/apps/guffaw/moderators', { username: '@MOE' });
    expect(main.status).toBe(200);
    expect(main.body.data.moderators).toEqual([{ accountId: ids.moderator, name: 'moe', username: 'moe' }]);
    const unknown = await call('admin', 'POST', '/v1/apps/guffaw/moderators', { username: 'nobody' });
    expect([unknown.status, unknown.body.meta.errorCode]).toEqual([404, 'USER_NOT_FOUND']);
    const empty = await call('admin', 'POST', '/v1/apps/guffaw/moderators', { username: ' ' });
    expect([empty.status, empty.body.meta.errorCode]).toEqual([400, 'USERNAME_REQUIRED']);
    // The main app has no owner: admins alone manage it, and it heads their list.
    expect(((await call('admin', 'GET', '/v1/apps')).body.data.apps as { appId: string }[])[0]?.appId).toBe('guffaw');
    const owner = await call('owner', 'GET', '/v1/apps/guffaw');
    expect([owner.status, owner.body.meta.errorCode]).toEqual([403, 'NOT_APP_OWNER']);
    await call('admin', 'DELETE', `/v1/apps/guffaw/moderators/${ids.moderator}`);
  });

  it('answers every call of an app 401 to visitors and 403 to members, other owners and its moderators, changing nothing', async () => {
    const calls: [method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown][] = [
      ['GET', ''],
      ['PATCH', '', { name: 'Taken', settings: { premoderation: 'all' } }],
      ['POST', '/rotate-secret'],
      ['POST', '/moderators', { username: 'mia' }],
      ['DELETE', `/moderators/${ids.moderator}`],
      ['GET', '/queue'],
      ['POST', '/comments/c123/approve'],
      ['GET', '/bans'],
      ['POST', '/bans', { userId: 'someone', duration: '1d' }],
      ['DELETE', '/bans/someone'],
      ['GET', '/log'],
    ];
    const before = await snapshot();
    for (const [method, path, body] of calls) {
      for (const role of ['visitor', 'member', 'otherOwner', 'moderator'] as const) {
        const res = await call(role, method, `/v1/apps/${appId}${path}`, body);
        const expected = role === 'visitor' ? [401, 'LOGIN_REQUIRED'] : [403, 'NOT_APP_OWNER'];
        expect([method, path, role, res.status, res.body.meta.errorCode]).toEqual([method, path, role, ...expected]);
      }
    }
    // Bad input of a forbidden caller is still forbidden (roles are checked first).
    const bad = await call('member', 'PATCH', `/v1/apps/${appId}`, { settings: { reportThreshold: 'x' } });
    expect(bad.status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a state change from another site (the main API CSRF rule)', async () => {
    const before = await snapshot();
    const res = await call('owner', 'POST', `/v1/apps/${appId}/rotate-secret`, undefined, { origin: 'https://evil.example' });
    expect([res.status, res.body.meta.errorCode]).toEqual([403, 'FORBIDDEN_ORIGIN']);
    expect(await snapshot()).toEqual(before);
  });

  it('answers the queue, bans and log to the owner and admins through the comment service', async () => {
    for (const role of ['owner', 'admin'] as const) {
      const queue = await call(role, 'GET', `/v1/apps/${appId}/queue?view=held&sort=newest`);
      expect([queue.status, queue.body.data]).toEqual([200, expect.objectContaining({ items: [], counts: expect.any(Object) })]);
      const bans = await call(role, 'GET', `/v1/apps/${appId}/bans`);
      expect([bans.status, bans.body.data]).toEqual([200, expect.objectContaining({ bans: [] })]);
      const log = await call(role, 'GET', `/v1/apps/${appId}/log`);
      expect(log.status).toBe(200);
      expect((log.body.data.entries as { action: string }[]).map((e) => e.action)).toContain('app.create');
    }
    const badView = await call('owner', 'GET', `/v1/apps/${appId}/queue?view=everything`);
    expect(badView.status).toBe(400);
    const badAction = await call('owner', 'POST', `/v1/apps/${appId}/comments/c1/explode`);
    expect([badAction.status, badAction.body.meta.errorCode]).toEqual([400, 'INVALID_ACTION']);
  });

  it('lets the owner approve a comment hidden by reports, ban its author for a day and unban, each in the log', async () => {
    await call('owner', 'PATCH', `/v1/apps/${appId}`, { settings: { premoderation: 'off', reportThreshold: 2, defaultSectionStatus: 'open' } });
    const { secret } = await t.db.selectFrom('commentApps').select('secret').where('id', '=', appId).executeTakeFirstOrThrow();
    const form = async (path: string, sub: string, fields: Record<string, string>) => {
      const auth = await signAuthToken(secret, appId, { sub, name: sub });
      const res = await t.app.inject({ method: 'POST', url: `/comments/v1/${path}`, payload: new URLSearchParams({ appId, auth, ...fields }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      return res.json() as { status: string; code?: string; payload: Record<string, unknown> };
    };
    const page = 'https://olga.example/post-1';
    const added = await form('add-comment.json', 'writer', { url: page, text: 'A comment people report' });
    expect(added).toMatchObject({ status: 'OK' });
    const comment = added.payload.comment as { commentId: string; user: { userId: string } };
    for (const who of ['r1', 'r2']) expect((await form('report.json', who, { commentId: comment.commentId, userReportData: JSON.stringify({ reason: 1 }) })).status).toBe('OK');
    const hidden = await t.db.selectFrom('comments').select(['isHidden', 'reportCount']).where('commentId', '=', comment.commentId).executeTakeFirstOrThrow();
    expect(hidden).toEqual({ isHidden: true, reportCount: 2 });

    const queue = await call('owner', 'GET', `/v1/apps/${appId}/queue?view=reported&sort=reports`);
    expect((queue.body.data.items as { comment: { commentId: string }; reports: { count: number } }[]).map((i) => [i.comment.commentId, i.reports.count])).toEqual([[comment.commentId, 2]]);
    const approved = await call('owner', 'POST', `/v1/apps/${appId}/comments/${comment.commentId}/approve`);
    expect(approved.status).toBe(200);
    const back = await t.db.selectFrom('comments').select(['isHidden', 'reportCount']).where('commentId', '=', comment.commentId).executeTakeFirstOrThrow();
    expect(back).toEqual({ isHidden: false, reportCount: 0 });

    const banned = await call('owner', 'POST', `/v1/apps/${appId}/bans`, { userId: comment.user.userId, reason: 'Spam links', duration: '1d' });
    expect(banned.status).toBe(200);
    const until = Date.parse((banned.body.data as { until: string }).until);
    expect(until - Date.now()).toBeGreaterThan(23 * 3600_000);
    expect(until - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    expect((await form('add-comment.json', 'writer', { url: page, text: 'Still here?' })).code).toBe('USER_BANNED');
    const bans = await call('admin', 'GET', `/v1/apps/${appId}/bans`);
    expect((bans.body.data.bans as { userId: string; reason: string }[]).map((b) => [b.userId, b.reason])).toEqual([[comment.user.userId, 'Spam links']]);
    expect((await call('admin', 'DELETE', `/v1/apps/${appId}/bans/${comment.user.userId}`)).status).toBe(200);
    expect((await form('add-comment.json', 'writer', { url: page, text: 'Back again' })).status).toBe('OK');

    const log = await call('owner', 'GET', `/v1/apps/${appId}/log`);
    const entries = log.body.data.entries as { action: string; actor: { kind: string; name: string }; commentId: string | null }[];
    expect(entries.slice(0, 4).map((e) => [e.action, e.actor.kind, e.actor.name])).toEqual([
      ['unban', 'admin', 'ada'],
      ['ban', 'owner', 'olga'],
      ['approve', 'owner', 'olga'],
      ['auto-hide', 'system', expect.any(String)],
    ]);
    expect(entries[2]?.commentId).toBe(comment.commentId);
  });
});

