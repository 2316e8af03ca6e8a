import type { Database } from '../../db/index.js';
import type { ReferralMode } from './schemas.js';

/** Table of migration 0004: the partner's redemption state of a code, per mode. */
export interface ReferralRedemptions {
  referralCode: string;
  mode: ReferralMode;
  status: 'ACTIVE' | 'USED';
  updatedAt: Date;
}

declare module '../../db/schema.js' {
  interface DB {
    referralRedemptions: ReferralRedemptions;
  }
}

export async function findUserReferralCode(db: Database, userId: number): Promise<string | null> {
  const row = await db.selectFrom('users').select('referralCode').where('id', '=', userId).executeTakeFirst();
  return row?.referralCode ?? null;
}

export async function findRedemption(db: Database, referralCode: string, mode: ReferralMode): Promise<'ACTIVE' | 'USED' | null> {
  const row = await db
    .selectFrom('referralRedemptions')
    .select('status')
    .where('referralCode', '=', referralCode)
    .where('mode', '=', mode)
    .executeTakeFirst();
  return row?.status ?? null;
}

/** Written when the partner reports a redemption (and by tests and the demo seed). */
export async function saveRedemption(db: Database, referralCode: string, mode: ReferralMode, status: 'ACTIVE' | 'USED'): Promise<void> {
  await db
    .insertInto('referralRedemptions')
    .values({ referralCode, mode, status, updatedAt: new Date() })
    .onConflict((oc) => oc.columns(['referralCode', 'mode']).doUpdateSet({ status, updatedAt: new Date() }))
    .execute();
}
