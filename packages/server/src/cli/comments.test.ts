import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../../test/harness.js';
import { randomBytes } from 'node:crypto';
import { commentsHelp, runCommentsCommand } from './comments.js';

describeEachDatabase('comments CLI', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(() => t.close());

  it('creates an app with its origins and prints its id and secret; adds and removes moderators', async () => {
    const out: string[] = [];
    await runCommentsCommand(t.db, ['app:create', '--name', 'Blog', '--origin', 'https://blog.example/x', '--origin', 'https://blog.example'], (l) => out.push(l));
    const id = /appId:\s+(\S+)/.exec(out.join('\n'))?.[1] as string;
    const secret = /secret:\s+(\S+)/.exec(out.join('\n'))?.[1] as string;
    const app = await t.db.selectFrom('commentApps').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(app).toMatchObject({ name: 'Blog', secret, allowedOrigins: ['https://blog.example'], maxMessageLength: 1000 });
    await runCommentsCommand(t.db, ['mod:add', '--app', id, '--user', 'u1'], () => undefined);
    expect(await t.db.selectFrom('commentModerators').selectAll().execute()).toMatchObject([{ appId: id, externalId: 'u1' }]);
    await runCommentsCommand(t.db, ['mod:remove', '--app', id, '--user', 'u1'], () => undefined);
    expect(await t.db.selectFrom('commentModerators').selectAll().execute()).toEqual([]);
  });

  it('refuses bad usage with a clear message', async () => {
    await expect(runCommentsCommand(t.db, ['app:create', '--origin', 'https://a.example'], () => undefined)).rejects.toThrow('--name');
    await expect(runCommentsCommand(t.db, ['app:create', '--name', 'X', '--origin', 'ftp://a'], () => undefined)).rejects.toThrow('http');
    await expect(runCommentsCommand(t.db, ['app:create', '--name', 'X'], () => undefined)).rejects.toThrow('--origin');
    await expect(runCommentsCommand(t.db, ['mod:add', '--app', 'missing', '--user', 'u'], () => undefined)).rejects.toThrow('no app');
    await expect(runCommentsCommand(t.db, ['nope'], () => undefined)).rejects.toThrow('unknown command');
  });

  const run = async (...argv: string[]) => {
    const out: string[] = [];
    await runCommentsCommand(t.db, argv, (l) => out.push(l));
    return out.join('\n');
  };
  const account = (username: string) =>
    t.db
      .insertInto('users')
      .values({ userId: `u${randomBytes(6).toString('hex')}`, hashId: randomBytes(8).toString('hex'), username, fullName: username })
      .returning(['id', 'userId'])
      .executeTakeFirstOrThrow();

  it('lists apps and updates name, origins, owner and settings, with audit rows', async () => {
    const id = /appId:\s+(\S+)/.exec(await run('app:create', '--name', 'Shop', '--origin', 'https://shop.example'))?.[1] as string;
    const owner = await account('sally');
    await run(
      'app:update', '--app', id, '--name', 'Sally’s shop', '--origin', 'https://shop.example', '--origin', 'https://www.shop.example/',
      '--owner', '@Sally', '--premoderation', 'first', '--report-threshold', '5', '--default-status', 'closed', '--media', 'static,video',
      '--link-attachments', 'off',
    );
    const app = await t.db.selectFrom('commentApps').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(app).toMatchObject({
      name: 'Sally’s shop',
      ownerUserId: owner.userId,
      allowedOrigins: ['https://shop.example', 'https://www.shop.example'],
      settings: { premoderation: 'first', reportThreshold: 5, defaultSectionStatus: 'closed', allowedMedia: ['static', 'video'], linkAttachments: false },
    });
    const log = await t.db.selectFrom('commentModActions').select(['action', 'actorKind']).where('appId', '=', id).orderBy('id').execute();
    expect(log).toEqual([
      { action: 'app.update', actorKind: 'cli' },
      { action: 'settings.update', actorKind: 'cli' },
    ]);
    const list = await run('app:list');
    expect(list).toContain(`${id}  "Sally’s shop"  owner sally  origins https://shop.example,https://www.shop.example`);
    expect(list).toContain('premoderation first, report threshold 5, new sections closed, media static,video, link attachments off');
    await run('app:update', '--app', id, '--owner', 'none');
    expect((await t.db.selectFrom('commentApps').select('ownerUserId').where('id', '=', id).executeTakeFirstOrThrow()).ownerUserId).toBeNull();
  });

  it('refuses bad app:update input with a clear message and changes nothing', async () => {
    const id = /appId:\s+(\S+)/.exec(await run('app:create', '--name', 'Strict', '--origin', 'https://strict.example'))?.[1] as string;
    const before = await t.db.selectFrom('commentApps').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    await expect(run('app:update', '--app', id, '--report-threshold', '0')).rejects.toThrow('reportThreshold');
    await expect(run('app:update', '--app', id, '--report-threshold', 'many')).rejects.toThrow('reportThreshold');
    await expect(run('app:update', '--app', id, '--premoderation', 'sometimes')).rejects.toThrow('premoderation');
    await expect(run('app:update', '--app', id, '--media', 'gif')).rejects.toThrow('allowedMedia');
    await expect(run('app:update', '--app', id, '--link-attachments', 'yes')).rejects.toThrow('on or off');
    await expect(run('app:update', '--app', id, '--origin', 'https://strict.example/blog')).rejects.toThrow('origin');
    await expect(run('app:update', '--app', id, '--owner', 'ghost')).rejects.toThrow('no account');
    await expect(run('app:update', '--app', id)).rejects.toThrow('something to change');
    await expect(run('app:update', '--app', 'app_nope')).rejects.toThrow('no app');
    expect(await t.db.selectFrom('commentApps').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).toEqual(before);
  });

  it('rotates a secret and prints the new one; lists moderators', async () => {
    const out = await run('app:create', '--name', 'Rotating', '--origin', 'https://r.example');
    const id = /appId:\s+(\S+)/.exec(out)?.[1] as string;
    const old = /secret:\s+(\S+)/.exec(out)?.[1] as string;
    const secret = /new secret of \S+: (\S+)/.exec(await run('app:rotate-secret', '--app', id))?.[1] as string;
    expect(secret).not.toBe(old);
    expect((await t.db.selectFrom('commentApps').select('secret').where('id', '=', id).executeTakeFirstOrThrow()).secret).toBe(secret);
    expect(await run('mod:list', '--app', id)).toBe(`no moderators of ${id}`);
    await run('mod:add', '--app', id, '--user', 'ext-7');
    expect(await run('mod:list', '--app', id)).toBe('ext-7');
  });

  it('makes and unmakes main-site admins by username', async () => {
    await account('ada');
    expect(await run('admin:add', 'ADA')).toBe('ada is a main-site admin');
    expect((await t.db.selectFrom('users').select('isAdmin').where('username', '=', 'ada').executeTakeFirstOrThrow()).isAdmin).toBe(true);
    expect(await run('admin:list')).toMatch(/^ada {2}u[0-9a-f]{12}$/);
    expect(await run('admin:remove', 'ada')).toBe('ada is no longer a main-site admin');
    expect((await t.db.selectFrom('users').select('isAdmin').where('username', '=', 'ada').executeTakeFirstOrThrow()).isAdmin).toBe(false);
    await expect(run('admin:add', 'nobody')).rejects.toThrow('no account');
    await expect(run('admin:add')).rejects.toThrow('one USERNAME');
  });
});

it('answers --help for each command before opening any database', () => {
  for (const command of ['app:list', 'app:update', 'app:rotate-secret', 'mod:list', 'admin:add', 'admin:remove', 'admin:list']) {
    const help = commentsHelp([command, '--help']);
    expect(help).toContain(`npm run comments -- ${command}`);
  }
  expect(commentsHelp(['app:update', '--help'])).toContain('--report-threshold');
  expect(commentsHelp(['--help'])).toContain('admin:add USERNAME');
});

