/** POST /v1/moonit-status (comments.md §7 main API table; shell-and-account.md §4 "Referral banner"). */
export const REFERRAL_MODES = ['prod', 'pro'] as const;
export type ReferralMode = (typeof REFERRAL_MODES)[number];

/**
 * The referral status of the member's code on the partner: USED and ACTIVE mean redeemed (the client then sets
 * hasRedeemed); NEW means the code exists and was not redeemed yet; NONE means the member has no referral code.
 */
export const REFERRAL_STATUSES = ['NONE', 'NEW', 'ACTIVE', 'USED'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

/** JSON from the site, or a form post: the mode defaults to prod. */
export const statusBody = {
  type: ['object', 'null'],
  properties: { mode: { type: 'string', enum: [...REFERRAL_MODES] } },
} as const;

export const statusReply = {
  type: 'object',
  required: ['meta', 'data'],
  properties: {
    meta: { type: 'object', properties: { status: { type: 'string' } } },
    data: {
      type: 'object',
      required: ['status', 'mode'],
      properties: { status: { type: 'string', enum: [...REFERRAL_STATUSES] }, mode: { type: 'string', enum: [...REFERRAL_MODES] } },
    },
  },
} as const;
