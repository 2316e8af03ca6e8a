import { Type, type Static } from '@sinclair/typebox';

/** shell-and-account.md §4 "Referral banner": POST /v1/moonit-status {mode}. */

export const REFERRAL_MODES = ['prod', 'pro'] as const;
export const ReferralMode = Type.Union(REFERRAL_MODES.map((m) => Type.Literal(m)));
export type ReferralMode = Static<typeof ReferralMode>;

/**
 * The referral status of the member's code on the partner: USED and ACTIVE mean redeemed (the client then sets
 * hasRedeemed); NEW means the code exists and was not redeemed yet; NONE means the member has no referral code.
 */
export const REFERRAL_STATUSES = ['NONE', 'NEW', 'ACTIVE', 'USED'] as const;
export const ReferralStatus = Type.Union(REFERRAL_STATUSES.map((s) => Type.Literal(s)));
export type ReferralStatus = Static<typeof ReferralStatus>;

export const ReferralStatusReply = Type.Object({ status: ReferralStatus, mode: ReferralMode });
export type ReferralStatusReply = Static<typeof ReferralStatusReply>;
