import { lazy } from 'react';
import type { RouteDefinition } from '../router';
import { registerNotificationPanel } from '../ui/notification-panel-slot';

export { startNotificationSync } from './live';

/** The full notifications page, for the site's route table (§2 route name: notifications). */
export const notificationRoutes: RouteDefinition[] = [
  { name: 'notifications', path: '/notifications', component: lazy(() => import('./notifications-page')) },
];

/** Puts the list into the bell's dropdown; its code loads when the bell is first opened (not on the home route). */
export function registerNotifications(): void {
  registerNotificationPanel(lazy(() => import('./notification-panel').then((m) => ({ default: m.NotificationPanel }))));
}
