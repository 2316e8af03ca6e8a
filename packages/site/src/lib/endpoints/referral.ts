import { apiPost } from '../api';
import type { ReferralMode, ReferralStatusReply } from '@guffaw/api';

/** POST /v1/moonit-status {mode} (JSON) -> data.status (comments.md §7): the member's referral code. */
export const getReferralStatus = (mode: ReferralMode) => apiPost<ReferralStatusReply>('/v1/moonit-status', { mode });
