import { getNotifications, sendNotificationsRead } from '../lib/endpoints/notifications';
import { readStateCall, readStateUrl } from '../lib/endpoints/read-state';
import type { ReadState } from './push-client';

/**
 * The notification calls (shell-and-account.md §7 "Notifications"). Failures are logged and ignored by the callers
 * (§8): the list and the count stay as they are.
 */
export type NotificationType =
  | 'UPVOTE' | 'FEATURED' | 'COMMENT' | 'COMMENT_REPLY' | 'COMMENT_UPVOTE' | 'COMMENT_MENTION' | 'COMMENT_PIN'
  | 'MILESTONE_POST_UPVOTE' | 'MILESTONE_POST_COMMENT' | 'MILESTONE_COMMENT_UPVOTE' | 'MILESTONE_COMMENT_REPLY'
  | 'MILESTONE_OVERALL_UPVOTE' | 'MILESTONE_OVERALL_COMMENT' | 'FOLLOW_THREAD' | 'SYSTEM' | 'USER' | 'FOLLOWED_PAGE'
  | 'AWARD_RECEIVE' | 'AWARD_SEND' | 'FOLLOW_USER_UPLOAD';

/** The list's wire types are the contract's (@guffaw/api notifications.ts); accountId '-1' means no profile to link to (§3). */
export type { NotificationImage, NotificationItem, NotificationPage, NotificationPost, NotificationUser } from '@guffaw/api';
import type { NotificationPage } from '@guffaw/api';

export type { NotificationTab } from '../lib/endpoints/notifications';
import type { NotificationTab } from '../lib/endpoints/notifications';

/** §2: the Mentions tab shows only these. */
export const MENTION_TYPES: readonly string[] = ['COMMENT', 'COMMENT_REPLY', 'COMMENT_MENTION'];
export const NO_PROFILE = '-1';

/** POST /v1/notifications {refKey?, tab}: pages of the server's size; reads data.data. */
export async function listNotifications(
  params: { refKey?: string | null; tab: NotificationTab },
  signal?: AbortSignal,
): Promise<Pick<NotificationPage, 'items' | 'nextKey' | 'didEndOfList'>> {
  const body: { tab: NotificationTab; refKey?: string } = { tab: params.tab };
  if (params.refKey) body.refKey = params.refKey;
  const data = await getNotifications(body, signal);
  return { items: data.data.items, nextKey: data.data.nextKey, didEndOfList: data.data.didEndOfList };
}

/** POST /v1/notifications-read-state {itemKeys, states: 1}: one call per clicked item. */
export async function markNotificationsRead(ids: readonly string[]): Promise<void> {
  await sendNotificationsRead(ids.join(','));
}

const readState = (method: 'GET' | 'POST') =>
  readStateCall(readStateUrl(typeof window === 'undefined' ? 'http://localhost' : window.location.origin), { method, credentials: 'same-origin' });

/** GET /v1/read-state.json. */
export const fetchReadState = (): Promise<ReadState> => readState('GET');
/** POST /v1/read-state.json: clears the unread count and moves the read marker to now. */
export const clearReadState = (): Promise<ReadState> => readState('POST');

