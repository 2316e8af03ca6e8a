import { envelope, REFERRAL_MODES, ReferralStatusReply } from '@guffaw/api';

/** POST /v1/moonit-status (comments.md §7 main API table; shell-and-account.md §4 "Referral banner"). */
export { REFERRAL_MODES, REFERRAL_STATUSES, type ReferralMode, type ReferralStatus } from '@guffaw/api';

/** JSON from the site, or a form post: the mode defaults to prod. */
export const statusBody = {
  type: ['object', 'null'],
  properties: { mode: { type: 'string', enum: [...REFERRAL_MODES] } },
} as const;

export const statusReply = envelope(ReferralStatusReply);
