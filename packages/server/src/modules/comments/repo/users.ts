import { sql, type ExpressionBuilder } from 'kysely';
import type { CommentUsers, DB } from '../../../db/schema.js';
import type { Executor, UserRow } from './types.js';

/** Insert or refresh the comment user of (app, external id) from the token's claims, with their roles. */
export async function upsertUser(
  db: Executor,
  u: { appId: string; externalId: string; userId: string; displayName: string; avatarUrl: string; profileUrl: string },
): Promise<UserWithRole> {
  return db
    .with('up', (qb) =>
      qb
        .insertInto('commentUsers')
        .values(u)
        .onConflict((oc) =>
          oc.columns(['appId', 'externalId']).doUpdateSet((eb) => ({
            displayName: eb.ref('excluded.displayName'),
            avatarUrl: eb.ref('excluded.avatarUrl'),
            profileUrl: eb.ref('excluded.profileUrl'),
            activeAt: sql<Date>`now()`,
          })),
        )
        .returningAll(),
    )
    .selectFrom('up as u')
    .selectAll('u')
    .select((eb) => [isModeratorOf(eb as never).as('moderator')])
    .executeTakeFirstOrThrow() as Promise<UserWithRole>;
}

/** Authors of offensive comments in a section: only they see those (besides viewers in offensive mode). */
export async function offensiveAuthorIds(db: Executor, sectionId: number): Promise<number[]> {
  const rows = await db.selectFrom('comments').select('userId').distinct().where('sectionId', '=', sectionId).where('isOffensive', '=', true).execute();
  return rows.map((r) => r.userId);
}

/** Authors of held comments in a section (MODERATION.md): only they (and moderators) see those. */
export async function heldAuthorIds(db: Executor, sectionId: number): Promise<number[]> {
  const rows = await db.selectFrom('comments').select('userId').distinct().where('sectionId', '=', sectionId).where('heldAt', 'is not', null).execute();
  return rows.map((r) => r.userId);
}

/** Whether the user has a comment others can see (not held, hidden nor deleted): pre-moderation `first` lets them through. */
export async function hasVisibleComment(db: Executor, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('comments')
    .select('id')
    .where('userId', '=', userId)
    .where('heldAt', 'is', null)
    .where('isHidden', '=', false)
    .where('isDeleted', '=', false)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export type UserWithRole = UserRow & { moderator: boolean };

const isModeratorOf = (eb: ExpressionBuilder<DB & { u: CommentUsers }, 'u'>) =>
  eb.exists(eb.selectFrom('commentModerators as m').select('m.externalId').whereRef('m.appId', '=', 'u.appId').whereRef('m.externalId', '=', 'u.externalId'));

/** Several comment users of one app at once (concurrent sign-ins share one query), with their roles. */
export async function findUsersWithRole(db: Executor, appId: string, externalIds: string[]): Promise<UserWithRole[]> {
  return db
    .selectFrom('commentUsers as u')
    .selectAll('u')
    .select((eb) => [isModeratorOf(eb).as('moderator')])
    .where('u.appId', '=', appId)
    .where('u.externalId', 'in', externalIds)
    .execute() as Promise<UserWithRole[]>;
}

export const findUserByPublicId = (db: Executor, appId: string, userId: string) =>
  db.selectFrom('commentUsers').selectAll().where('appId', '=', appId).where('userId', '=', userId).executeTakeFirst();

/** Comment users by row id. */
export async function usersByIds(db: Executor, ids: number[]): Promise<Map<number, UserRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('commentUsers').selectAll().where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

export const findUserById = (db: Executor, id: number) => db.selectFrom('commentUsers').selectAll().where('id', '=', id).executeTakeFirst();

/** Whether a user (the app's external id: users.user_id for the main app) is banned in the app now (an ended ban is none). */
export async function isExternalUserBanned(db: Executor, appId: string, externalId: string): Promise<boolean> {
  const row = await db
    .selectFrom('commentUsers')
    .select('id')
    .where('appId', '=', appId)
    .where('externalId', '=', externalId)
    .where('bannedAt', 'is not', null)
    .where((eb) => eb.or([eb('bannedUntil', 'is', null), eb('bannedUntil', '>', sql<Date>`now()`)]))
    .executeTakeFirst();
  return row !== undefined;
}

export async function setBanned(db: Executor, id: number, bannedAt: Date | null): Promise<void> {
  await db.updateTable('commentUsers').set({ bannedAt }).where('id', '=', id).execute();
}

/** Comment users of an app by display name (mentions in third-party apps). */
export const appUsersByName = (db: Executor, appId: string, names: string[]) =>
  names.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('commentUsers')
        .select(['displayName', 'profileUrl'])
        .where('appId', '=', appId)
        .where(sql<string>`lower(display_name)`, 'in', names.map((n) => n.toLowerCase()))
        .limit(50)
        .execute();


/** The comment users of `appId` with these host user ids (the wire accountIds): their ids. */
export async function userIdsByExternalIds(db: Executor, appId: string, externalIds: string[]): Promise<number[]> {
  if (externalIds.length === 0) return [];
  const rows = await db.selectFrom('commentUsers').select('id').where('appId', '=', appId).where('externalId', 'in', externalIds).execute();
  return rows.map((r) => r.id);
}

/** A comment user of `appId` by the host's user id (the wire accountId). */
export const findUserByExternalId = (db: Executor, appId: string, externalId: string) =>
  db.selectFrom('commentUsers').selectAll().where('appId', '=', appId).where('externalId', '=', externalId).executeTakeFirst();
