import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../../test/harness.js';
import { runCommentsCommand } from './comments.js';

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
});
