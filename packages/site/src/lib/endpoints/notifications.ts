import { apiPost } from '../api';
import type { NotificationPage } from '@guffaw/api';

/** The notification list's tabs. */
export type NotificationTab = 'all' | 'mentions';

/** The notification calls (shell-and-account.md §7 "Notifications"), one function per endpoint. */

/** POST /v1/notifications {refKey?, tab} (JSON): a page of the server's size, in data.data. */
export const getNotifications = (body: { tab: NotificationTab; refKey?: string }, signal?: AbortSignal) =>
  apiPost<{ data: NotificationPage }>('/v1/notifications', body, signal ? { signal } : {});

/** POST /v1/notifications-read-state {itemKeys, states: 1} (JSON). */
export const sendNotificationsRead = (itemKeys: string) => apiPost('/v1/notifications-read-state', { itemKeys, states: 1 });
