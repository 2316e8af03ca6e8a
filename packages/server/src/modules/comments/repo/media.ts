import type { Executor } from './types.js';

export async function insertMedia(db: Executor, m: { token: string; appId: string; userId: number; kind: 'userMedia' | 'link'; item: unknown }): Promise<void> {
  await db.insertInto('commentMedia').values({ ...m, item: JSON.stringify(m.item) }).execute();
}

export const findMedia = (db: Executor, appId: string, userId: number, tokens: string[]) =>
  tokens.length === 0
    ? Promise.resolve([])
    : db.selectFrom('commentMedia').selectAll().where('appId', '=', appId).where('userId', '=', userId).where('token', 'in', tokens).execute();

/** Marks the tokens as used by `commentId`; only unused ones are taken. Returns how many were taken. */
export async function claimMedia(db: Executor, appId: string, userId: number, tokens: string[], commentId: string): Promise<number> {
  if (tokens.length === 0) return 0;
  const res = await db
    .updateTable('commentMedia')
    .set({ commentId })
    .where('appId', '=', appId)
    .where('userId', '=', userId)
    .where('token', 'in', tokens)
    .where('commentId', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Gives back the tokens a comment claimed but was not written with (quota, a parent deleted meanwhile...). */
export async function releaseMedia(db: Executor, commentId: string): Promise<void> {
  await db.updateTable('commentMedia').set({ commentId: null }).where('commentId', '=', commentId).execute();
}
