import type { FollowedPagesReply, FollowUpdateReply, InterestsReply } from '@guffaw/api';
import { apiGet, requestEnvelope } from '../api';

/** The tag and interest calls (shell-and-account.md §7): one function per endpoint. */

export const getInterests = () => apiGet<InterestsReply>('/v1/interests');
/** GET /user-followed-pages: the member's followed tags and interests. */
export const getFollowedPages = () => apiGet<FollowedPagesReply>('/user-followed-pages');
/** POST /user-followed-pages/{tag|interest}/{key} form {isFollowing}: the whole envelope (a Failure is an answer). */
export const setPageFollowed = (kind: string, key: string, following: boolean) =>
  requestEnvelope<FollowUpdateReply>('POST', `/user-followed-pages/${kind}/${encodeURIComponent(key)}`, { form: { isFollowing: following ? 1 : 0 } });
