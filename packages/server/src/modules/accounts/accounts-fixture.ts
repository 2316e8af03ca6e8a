import { beforeAll } from 'vitest';
import { useTestApp, type DatabaseKind } from '../../../test/harness.js';
import { nextIp } from './test-helpers.js';

/** The setup the accounts test files share: one app per file with the main comment app, and the calls they make. */

process.env.PROOF_MAX_NUMBER = '2000';

export const JSON_ACCEPT = { accept: 'application/json' };

export function useAccountsApp(kind: DatabaseKind) {
  const t = useTestApp(kind);
  beforeAll(async () => {
    await t.db.insertInto('commentApps').values({ id: 'guffaw', name: 'Guffaw', secret: 'guffaw-app-secret-for-tests-0123456789' }).execute();
  });

  const userCount = async () => Number((await t.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const info = async (session: string) =>
    (await t.app.inject({ method: 'POST', url: '/v1/user-info', cookies: { guffaw_session: session } })).json().data;
  const login = (username: string, password: string, extra: { next?: string; cookies?: Record<string, string>; json?: boolean } = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/login',
      remoteAddress: nextIp(),
      headers: extra.json === false ? {} : JSON_ACCEPT,
      cookies: extra.cookies ?? {},
      payload: { username, password, next: extra.next ?? '' },
    });

  return { t, userCount, info, login };
}
