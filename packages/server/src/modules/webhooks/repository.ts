import { sql, type Selectable } from 'kysely';
import type { Database } from '../../db/index.js';
import type { Generated, Int8, Json, Timestamp } from '../../db/schema.js';

/** 0019-webhooks (see the migration). */
export interface WebhookEndpoints {
  id: string;
  appId: string;
  url: string;
  secret: string;
  events: Generated<Json>;
  active: Generated<boolean>;
  createdAt: Generated<Timestamp>;
}

export interface WebhookDeliveries {
  id: string;
  endpointId: string;
  appId: string;
  eventId: string;
  eventType: string;
  payload: string;
  state: Generated<string>;
  attempts: Generated<number>;
  lastStatus: number | null;
  nextAttemptAt: Timestamp | null;
  claimedUntil: Timestamp | null;
  replayOf: string | null;
  createdAt: Generated<Timestamp>;
  updatedAt: Generated<Timestamp>;
}

export interface WebhookAttempts {
  id: Generated<Int8>;
  deliveryId: string;
  attempt: number;
  startedAt: Timestamp;
  statusCode: number | null;
  error: string | null;
  responseBody: Generated<string>;
  durationMs: number;
}

declare module '../../db/schema.js' {
  interface DB {
    webhookEndpoints: WebhookEndpoints;
    webhookDeliveries: WebhookDeliveries;
    webhookAttempts: WebhookAttempts;
  }
}

export type EndpointRow = Selectable<WebhookEndpoints>;
export type DeliveryRow = Selectable<WebhookDeliveries>;
export type AttemptRow = Selectable<WebhookAttempts>;
export type DeliveryState = 'pending' | 'succeeded' | 'failed';

export async function insertEndpoint(db: Database, e: { id: string; appId: string; url: string; secret: string; events: string[] }): Promise<EndpointRow> {
  return db
    .insertInto('webhookEndpoints')
    .values({ ...e, events: JSON.stringify(e.events) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const listEndpoints = (db: Database, appId?: string) => {
  let q = db.selectFrom('webhookEndpoints').selectAll().orderBy('createdAt').orderBy('id');
  if (appId !== undefined) q = q.where('appId', '=', appId);
  return q.execute();
};

export const findEndpoint = (db: Database, id: string) => db.selectFrom('webhookEndpoints').selectAll().where('id', '=', id).executeTakeFirst();

export async function deleteEndpoint(db: Database, id: string): Promise<boolean> {
  const res = await db.deleteFrom('webhookEndpoints').where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

export async function setEndpointActive(db: Database, id: string, active: boolean): Promise<boolean> {
  const res = await db.updateTable('webhookEndpoints').set({ active }).where('id', '=', id).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function insertDeliveries(
  db: Database,
  rows: { id: string; endpointId: string; appId: string; eventId: string; eventType: string; payload: string; nextAttemptAt: Date; createdAt: Date; replayOf?: string | null }[],
): Promise<void> {
  if (rows.length > 0) await db.insertInto('webhookDeliveries').values(rows.map((r) => ({ ...r, replayOf: r.replayOf ?? null }))).execute();
}

/** Due deliveries nobody is sending, leased until `leaseUntil` (another instance takes them over after a crash). */
export async function claimDue(db: Database, now: Date, leaseUntil: Date, limit: number): Promise<DeliveryRow[]> {
  const res = await sql<DeliveryRow>`
    update webhook_deliveries set claimed_until = ${leaseUntil}
    where id in (
      select id from webhook_deliveries
      where state = 'pending' and next_attempt_at <= ${now} and (claimed_until is null or claimed_until < ${now})
      order by next_attempt_at limit ${limit} for update skip locked)
    returning *`.execute(db);
  return res.rows;
}

/** The earliest pending attempt, if any. */
export async function nextDue(db: Database): Promise<Date | null> {
  const row = await db
    .selectFrom('webhookDeliveries')
    .select((eb) => eb.fn.min('nextAttemptAt').as('at'))
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return row?.at ? new Date(row.at as Date) : null;
}

/** One attempt's outcome: the log row and the delivery's new state, together. */
export async function recordAttempt(
  db: Database,
  a: { deliveryId: string; attempt: number; startedAt: Date; statusCode: number | null; error: string | null; responseBody: string; durationMs: number },
  next: { state: DeliveryState; nextAttemptAt: Date | null },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('webhookAttempts').values(a).execute();
    await trx
      .updateTable('webhookDeliveries')
      .set({ attempts: a.attempt, lastStatus: a.statusCode, state: next.state, nextAttemptAt: next.nextAttemptAt, claimedUntil: null, updatedAt: new Date() })
      .where('id', '=', a.deliveryId)
      .execute();
  });
}

export const findDelivery = (db: Database, id: string) => db.selectFrom('webhookDeliveries').selectAll().where('id', '=', id).executeTakeFirst();

export function listDeliveries(db: Database, appId: string, limit: number): Promise<DeliveryRow[]> {
  return db.selectFrom('webhookDeliveries').selectAll().where('appId', '=', appId).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export function listAttempts(db: Database, deliveryIds: string[]): Promise<AttemptRow[]> {
  if (deliveryIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('webhookAttempts').selectAll().where('deliveryId', 'in', deliveryIds).orderBy('deliveryId').orderBy('attempt').execute();
}

/** Finished deliveries (and their attempts) last changed before `before` go. */
export async function pruneDeliveries(db: Database, before: Date): Promise<number> {
  const res = await db.deleteFrom('webhookDeliveries').where('state', '<>', 'pending').where('updatedAt', '<', before).executeTakeFirst();
  return Number(res.numDeletedRows);
}
