import type { AwardBalance, AwardReply, SentAwards } from '@guffaw/api';
import { apiGet, apiPostForm } from '../api';

/** The Cheers calls (posts-and-feeds.md §7 "Cheers awards"): one function per endpoint. */

/** GET /award-balance: the member's Cheers left. */
export const getAwardBalance = () => apiGet<AwardBalance>('/award-balance');
/** GET /user-sent-awards: the posts the member cheered. */
export const getSentAwards = () => apiGet<SentAwards>('/user-sent-awards');
/** POST /award form {id, type: 'cheers', amount: 1}: one Cheers to one post. */
export const sendCheers = (id: string) => apiPostForm<AwardReply>('/award', { id, type: 'cheers', amount: 1 });
