import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/index.js';
import * as repo from './repo/index.js';
import type { AppRow, Executor } from './repo/index.js';
import { originsOf } from './service/apps.js';
import { commentServiceOf } from './service/wiring.js';

/**
 * Apps as their owners manage them (the console of modules/apps and the CLI; MODERATION.md "Console"): creation with
 * a fresh id and secret, listing, edits, secret rotation and the moderators with their names. The secret is kept in
 * clear: the service signs nothing with it but verifies HS256 tokens, which needs the secret itself (a hash would not
 * do). The console shows it once, at creation and at each rotation.
 */

const newSecret = () => randomBytes(32).toString('base64url');

/** A new app: `app_` and 12 hex characters, a 256-bit secret. `ownerUserId`: the console's account (null from the CLI). */
export async function createCommentApp(
  db: Executor,
  input: { name: string; allowedOrigins: string[]; ownerUserId?: string | null },
): Promise<{ app: AppRow; secret: string }> {
  const secret = newSecret();
  const app = await repo.insertApp(db, { id: `app_${randomBytes(6).toString('hex')}`, name: input.name, secret, allowedOrigins: input.allowedOrigins });
  if (input.ownerUserId) {
    const owned = await db.updateTable('commentApps').set({ ownerUserId: input.ownerUserId }).where('id', '=', app.id).returningAll().executeTakeFirstOrThrow();
    return { app: owned, secret };
  }
  return { app, secret };
}

/** Every app (oldest first), or those `ownerUserId` registered. */
export function listCommentApps(db: Executor, ownerUserId: string | null = null): Promise<AppRow[]> {
  let query = db.selectFrom('commentApps').selectAll().orderBy('createdAt').orderBy('id');
  if (ownerUserId !== null) query = query.where('ownerUserId', '=', ownerUserId);
  return query.execute();
}

export type AppChange = { name?: string; allowedOrigins?: string[]; settings?: Record<string, unknown>; ownerUserId?: string | null };

/** Changes what is given (then `forgetAppCaches`). */
export async function updateCommentApp(db: Executor, appId: string, change: AppChange): Promise<AppRow | undefined> {
  const set: { name?: string; allowedOrigins?: string; settings?: string; ownerUserId?: string | null } = {};
  if (change.name !== undefined) set.name = change.name;
  if (change.allowedOrigins !== undefined) set.allowedOrigins = JSON.stringify(change.allowedOrigins);
  if (change.settings !== undefined) set.settings = JSON.stringify(change.settings);
  if (change.ownerUserId !== undefined) set.ownerUserId = change.ownerUserId;
  if (Object.keys(set).length === 0) return repo.findApp(db, appId);
  return db.updateTable('commentApps').set(set).where('id', '=', appId).returningAll().executeTakeFirst();
}

/** A new secret (then `forgetAppCaches`): tokens signed with the old one stop working. */
export async function rotateCommentAppSecret(db: Executor, appId: string): Promise<string | null> {
  const secret = newSecret();
  const row = await db.updateTable('commentApps').set({ secret }).where('id', '=', appId).returning('id').executeTakeFirst();
  return row ? secret : null;
}

export type AppModerator = { accountId: string; name: string };

/** The app's moderators (their host user ids) with the name they comment under, when they have commented. */
export async function listAppModerators(db: Executor, appId: string): Promise<AppModerator[]> {
  const rows = await db
    .selectFrom('commentModerators as m')
    .leftJoin('commentUsers as u', (join) => join.onRef('u.appId', '=', 'm.appId').onRef('u.externalId', '=', 'm.externalId'))
    .select(['m.externalId', 'u.displayName'])
    .where('m.appId', '=', appId)
    .orderBy('m.externalId')
    .execute();
  return rows.map((r) => ({ accountId: r.externalId, name: r.displayName ?? '' }));
}

/** Adds or removes a moderator (then `forgetAppCaches`); whether that changed anything. */
export async function setAppModerator(db: Executor, appId: string, externalId: string, moderator: boolean): Promise<boolean> {
  if (!moderator) return (await repo.removeModerator(db, appId, externalId)) > 0;
  const res = await db.insertInto('commentModerators').values({ appId, externalId }).onConflict((oc) => oc.doNothing()).executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/**
 * After a change of apps or moderators: this process's service reads apps and viewers' roles afresh at once; other
 * instances within their caches' lifetimes (apps 30 s, roles 10 s).
 */
export function forgetAppCaches(db: Database): void {
  commentServiceOf(db)?.forget();
}

export { originsOf as appOrigins };
