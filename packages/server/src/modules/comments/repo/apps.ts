import type { AppRow, Executor } from './types.js';

export const findApp = (db: Executor, id: string) => db.selectFrom('commentApps').selectAll().where('id', '=', id).executeTakeFirst();

export const listApps = (db: Executor) => db.selectFrom('commentApps').selectAll().execute();

export async function insertApp(db: Executor, app: { id: string; name: string; secret: string; allowedOrigins: string[] }): Promise<AppRow> {
  return db
    .insertInto('commentApps')
    .values({ id: app.id, name: app.name, secret: app.secret, allowedOrigins: JSON.stringify(app.allowedOrigins) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function addModerator(db: Executor, appId: string, externalId: string): Promise<void> {
  await db.insertInto('commentModerators').values({ appId, externalId }).onConflict((oc) => oc.doNothing()).execute();
}

export async function removeModerator(db: Executor, appId: string, externalId: string): Promise<number> {
  const res = await db.deleteFrom('commentModerators').where('appId', '=', appId).where('externalId', '=', externalId).executeTakeFirst();
  return Number(res.numDeletedRows);
}

export async function isModerator(db: Executor, appId: string, externalId: string): Promise<boolean> {
  const row = await db
    .selectFrom('commentModerators')
    .select('externalId')
    .where('appId', '=', appId)
    .where('externalId', '=', externalId)
    .executeTakeFirst();
  return row !== undefined;
}
