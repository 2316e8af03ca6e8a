import { apiGet, apiPost, requestEnvelope } from '../api';
import type { PollReply } from '@guffaw/api';

/** The poll calls (posts-and-feeds.md §7): results and a vote. */

/** §7 poll results: GET for visitors, POST (JSON) for members (their own choice comes back). */
export const getPollResults = (entryId: string, member: boolean, signal: AbortSignal) =>
  member
    ? apiPost<PollReply>('/v1/poll/results', { entryId }, { signal })
    : apiGet<PollReply>('/v1/poll/results', { query: { entryId }, signal });

/** POST /v1/poll/vote (JSON): the whole envelope, since a Failure is a toast, not an exception (its data has no poll). */
export const sendPollVote = (body: { entryId: string; feedId: string | undefined; feedSource: string | undefined; option_index: number }) =>
  requestEnvelope<Partial<PollReply>>('POST', '/v1/poll/vote', { json: body });
