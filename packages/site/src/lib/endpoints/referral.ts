import { apiPost } from '../api';
import type { ReferralMode } from '../../referral/referral-rules';

/** POST /v1/moonit-status {mode} (JSON) -> data.status (comments.md §7): the member's referral code. */
export const getReferralStatus = (mode: ReferralMode) => apiPost<{ status?: string }>('/v1/moonit-status', { mode });
