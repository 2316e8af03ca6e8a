import type { Database } from '../../db/index.js';
import { findRedemption, findUserReferralCode } from './repository.js';
import type { ReferralMode, ReferralStatus } from './schemas.js';

/** The status of the member's own referral code in the given mode (prod, or pro for the partner's development host). */
export async function referralStatus(db: Database, userId: number, mode: ReferralMode): Promise<ReferralStatus> {
  const code = await findUserReferralCode(db, userId);
  if (!code) return 'NONE';
  return (await findRedemption(db, code, mode)) ?? 'NEW';
}
