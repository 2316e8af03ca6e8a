import { apiGet, requestEnvelope } from '../api';
import type { ServerPage } from '../../tags/followed-pages';
import type { Interest } from '../../tags/interests';

/** The tag and interest calls (shell-and-account.md §7): one function per endpoint. */

export const getInterests = () => apiGet<{ interests?: Interest[] }>('/v1/interests');
/** GET /user-followed-pages: the member's followed tags and interests. */
export const getFollowedPages = () => apiGet<{ tags?: ServerPage[]; interests?: ServerPage[] }>('/user-followed-pages');
/** POST /user-followed-pages/{tag|interest}/{key} form {isFollowing}: the whole envelope (a Failure is an answer). */
export const setPageFollowed = (kind: string, key: string, following: boolean) =>
  requestEnvelope<ServerPage | null>('POST', `/user-followed-pages/${kind}/${encodeURIComponent(key)}`, { form: { isFollowing: following ? 1 : 0 } });
