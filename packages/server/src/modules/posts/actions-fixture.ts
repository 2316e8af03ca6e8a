import { beforeEach } from 'vitest';
import { useTestApp, type DatabaseKind } from '../../../test/harness.js';
import { clearPosts, makeUser, type TestUser } from './test-fixtures.js';

/** The setup the post actions test files share: one app per file, a member and an OP made afresh for each test. */
export function useActionsApp(kind: DatabaseKind) {
  const t = useTestApp(kind);
  const users = {} as { member: TestUser; op: TestUser };
  beforeEach(async () => {
    await clearPosts(t.db);
    users.member = await makeUser(t.db, 'member');
    users.op = await makeUser(t.db, 'op');
  });

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, user?: TestUser, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, ...(user ? { headers: user.headers } : {}), ...(payload ? { payload } : {}) });

  const post = (id: string) => t.db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  return { t, users, call, post };
}
