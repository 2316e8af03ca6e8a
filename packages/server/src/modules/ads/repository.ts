import { sql } from 'kysely';
import type { Database } from '../../db/index.js';
import type { Generated, Timestamp } from '../../db/schema.js';

/** Tables of migration 0006. */
export interface AdCampaigns {
  id: Generated<number>;
  name: string;
  link: string;
  imageUrl: string;
  /** "728x90", "970x250", "300x250", "336x280"; "1x1" collapses the billboard. */
  sizes: string[];
  startsAt: Generated<Timestamp>;
  endsAt: Timestamp | null;
  weight: Generated<number>;
  cardImageUrl: string | null;
  bannerImageUrl: string | null;
  navImageUrl: string | null;
  background: string | null;
  createdAt: Generated<Timestamp>;
}

export interface AdEvents {
  viewToken: string;
  kind: 'impression' | 'click';
  campaignId: number;
  slot: string;
  createdAt: Generated<Timestamp>;
}

declare module '../../db/schema.js' {
  interface DB {
    adCampaigns: AdCampaigns;
    adEvents: AdEvents;
  }
}

export type CampaignRow = {
  id: number;
  name: string;
  link: string;
  imageUrl: string;
  sizes: string[];
  startsAt: Date;
  endsAt: Date | null;
  weight: number;
  cardImageUrl: string | null;
  bannerImageUrl: string | null;
  navImageUrl: string | null;
  background: string | null;
};

export type NewCampaign = Omit<CampaignRow, 'id' | 'startsAt' | 'weight'> & { startsAt?: Date; weight?: number };

const columns = [
  'id', 'name', 'link', 'imageUrl', 'sizes', 'startsAt', 'endsAt', 'weight', 'cardImageUrl', 'bannerImageUrl', 'navImageUrl', 'background',
] as const;

export async function insertCampaign(db: Database, c: NewCampaign): Promise<CampaignRow> {
  return db
    .insertInto('adCampaigns')
    // The start in milliseconds, like the `now` it is compared with (the column's default would keep microseconds).
    .values({ ...c, startsAt: c.startsAt ?? new Date(), sizes: sql<string[]>`${sql.val(c.sizes)}::text[]` })
    .returning(columns)
    .executeTakeFirstOrThrow();
}

export async function listCampaigns(db: Database): Promise<(CampaignRow & { impressions: number; clicks: number })[]> {
  const rows = await db
    .selectFrom('adCampaigns as c')
    .select(columns.map((k) => `c.${k}` as const))
    .select((eb) => [
      eb.selectFrom('adEvents').select(eb.fn.countAll<string>().as('n')).whereRef('campaignId', '=', 'c.id').where('kind', '=', 'impression').as('impressions'),
      eb.selectFrom('adEvents').select(eb.fn.countAll<string>().as('n')).whereRef('campaignId', '=', 'c.id').where('kind', '=', 'click').as('clicks'),
    ])
    .orderBy('c.id')
    .execute();
  return rows.map((r) => ({ ...r, impressions: Number(r.impressions ?? 0), clicks: Number(r.clicks ?? 0) }));
}

export async function removeCampaign(db: Database, id: number): Promise<boolean> {
  const result = await db.deleteFrom('adCampaigns').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Campaigns running now (started, not ended). */
export async function findRunningCampaigns(db: Database, now: Date): Promise<CampaignRow[]> {
  return db
    .selectFrom('adCampaigns')
    .select(columns)
    .where('startsAt', '<=', now)
    .where((eb) => eb.or([eb('endsAt', 'is', null), eb('endsAt', '>', now)]))
    .orderBy('id')
    .execute();
}

export async function findCampaign(db: Database, id: number): Promise<CampaignRow | null> {
  return (await db.selectFrom('adCampaigns').select(columns).where('id', '=', id).executeTakeFirst()) ?? null;
}

/** Records an event once per view token and kind; false when it was already counted. */
export async function recordEvent(db: Database, e: Omit<AdEvents, 'createdAt'>): Promise<boolean> {
  const result = await db
    .insertInto('adEvents')
    .values(e)
    .onConflict((oc) => oc.columns(['viewToken', 'kind']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function countEvents(db: Database, campaignId: number, kind: AdEvents['kind']): Promise<number> {
  const row = await db
    .selectFrom('adEvents')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('campaignId', '=', campaignId)
    .where('kind', '=', kind)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The facts the Pro rule needs: tier, Pro expiry and the hideAds preference (default on). */
export async function findAdViewer(db: Database, userId: number): Promise<{ tier: number; proExpiresAt: Date | null; preferences: unknown } | null> {
  return (await db.selectFrom('users').select(['tier', 'proExpiresAt', 'preferences']).where('id', '=', userId).executeTakeFirst()) ?? null;
}
