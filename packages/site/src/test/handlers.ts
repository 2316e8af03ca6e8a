import { http, HttpResponse } from 'msw';
import { guestInfo, type UserInfo } from '../user/user-types';
import type { Interest } from '../tags/interests';
import { makeInterest } from './fixtures';

/** MSW handlers of the main API calls the shell makes, shared by the site's tests and stories. */
export const success = <T>(data: T) => HttpResponse.json({ meta: { status: 'Success' }, data });
export const failure = (errorCode: string, errorMessage: string, status = 400) =>
  HttpResponse.json({ meta: { status: 'Failure', errorCode, errorMessage }, data: {} }, { status });

export const userInfoHandler = (info: UserInfo = guestInfo()) => http.post('*/v1/user-info', () => success(info));

export const demoInterests: Interest[] = [
  makeInterest({ listType: 'funny', key: 'funny', name: 'Funny', emoji: '😂' }),
  makeInterest({ listType: 'animals', key: 'animals', name: 'Animals', emoji: '🐶' }),
  makeInterest({ listType: 'nsfw', key: 'nsfw', name: 'NSFW', emoji: '🔞', isSensitive: true }),
];

export const interestsHandler = (interests: Interest[] = demoInterests) => http.get('*/v1/interests', () => success({ interests }));

export const followedPagesHandler = (tags: Array<{ key: string; updateTs: number }> = [], interests: Array<{ key: string; name: string; updateTs: number }> = []) =>
  http.get('*/user-followed-pages', () => success({ tags, interests }));

/** The Cheers button asks a member's sent awards and balance (GET /user-sent-awards). */
export const sentAwardsHandler = (sentAwards: string[] = [], balance = 0) => http.get('*/user-sent-awards', () => success({ sentAwards, balance }));

export const shellHandlers = (info?: UserInfo) => [userInfoHandler(info), interestsHandler(), followedPagesHandler(), sentAwardsHandler()];
