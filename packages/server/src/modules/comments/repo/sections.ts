import { sql } from 'kysely';
import type { Executor, SectionRow } from './types.js';

export const findSection = (db: Executor, appId: string, url: string) =>
  db.selectFrom('commentSections').selectAll().where('appId', '=', appId).where('url', '=', url).executeTakeFirst();

/** The section of (app, url), made on first use with `status` (the app's defaultSectionStatus). */
export async function ensureSection(db: Executor, appId: string, url: string, opExternalId: () => Promise<string | null>, status = 'open'): Promise<SectionRow> {
  const found = await findSection(db, appId, url);
  if (found) return found;
  await db
    .insertInto('commentSections')
    .values({ appId, url, opExternalId: await opExternalId(), status })
    .onConflict((oc) => oc.columns(['appId', 'url']).doNothing())
    .execute();
  return (await findSection(db, appId, url)) as SectionRow;
}

export async function updateSection(db: Executor, id: number, update: { locked?: boolean; status?: string }): Promise<void> {
  if (Object.keys(update).length === 0) return;
  await db.updateTable('commentSections').set(update).where('id', '=', id).execute();
}

export async function claimSectionOp(db: Executor, id: number, externalId: string): Promise<void> {
  await db.updateTable('commentSections').set({ opExternalId: externalId }).where('id', '=', id).where('opExternalId', 'is', null).execute();
}

export async function addToSectionTotal(db: Executor, id: number, delta: number): Promise<number> {
  const row = await db
    .updateTable('commentSections')
    .set({ total: sql<number>`greatest(total + ${delta}, 0)` })
    .where('id', '=', id)
    .returning('total')
    .executeTakeFirstOrThrow();
  return row.total;
}
