import type { AppSettings } from '@guffaw/comments-client';
import { createTestApp, databaseKinds, type DatabaseKind } from '@guffaw/server/test/harness';

export { databaseKinds, type DatabaseKind };

/**
 * A comment app the real service is started with: its id, signing secret, allowed origins, moderators' subjects and
 * moderation settings (MODERATION.md; absent ones take their defaults).
 */
export type ServiceApp = { appId: string; secret: string; allowedOrigins: string[]; moderators: string[]; settings?: Partial<AppSettings> };

export type RunningCommentService = { host: string; close(): Promise<void> };

/**
 * The real comment service for tests that go over HTTP (comments-client's contract test): the whole server built
 * in-process on a fresh database of `kind`, listening on a loopback port, with `app` registered.
 */
export async function startCommentService(kind: DatabaseKind, app: ServiceApp): Promise<RunningCommentService> {
  const test = await createTestApp(kind);
  try {
    await test.app.listen({ host: '127.0.0.1', port: 0 });
    const address = test.app.server.address();
    if (!address || typeof address === 'string') throw new Error('the comment service has no port');
    await test.db
      .insertInto('commentApps')
      .values({ id: app.appId, name: app.appId, secret: app.secret, allowedOrigins: JSON.stringify(app.allowedOrigins), settings: JSON.stringify(app.settings ?? {}) })
      .execute();
    for (const externalId of app.moderators) await test.db.insertInto('commentModerators').values({ appId: app.appId, externalId }).execute();
    return { host: `http://127.0.0.1:${address.port}`, close: () => test.close() };
  } catch (error) {
    await test.close();
    throw error;
  }
}
