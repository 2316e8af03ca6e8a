import { sql } from 'kysely';
import type { Database } from '../../db/index.js';
import type { JsonObject } from '../../db/schema.js';

export type NewEvent = { name: string; postId: string | null; sessionKey: string; userId: number | null; payload: JsonObject };

/**
 * Appends events; an impression or unique view already stored for the same session and post is skipped by the
 * partial unique index of migration 0004. Returns the number of rows written.
 */
export async function insertEvents(db: Database, events: NewEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  const rows = await db
    .insertInto('analyticsEvents')
    .values(events.map((e) => ({ ...e, payload: JSON.stringify(e.payload) })))
    .onConflict((oc) =>
      oc
        .columns(['sessionKey', 'name', 'postId'])
        .where(sql<boolean>`name IN ('post-impression', 'unique-view')`)
        .doNothing(),
    )
    .returning('id')
    .execute();
  return rows.length;
}
