import { lazy } from 'react';
import type { RouteDefinition } from './router';
import { feedRoutes } from './feed';
import { accountRoutes, registerAccountModals } from './account';
import { appsRoutes } from './apps';
import { notificationRoutes, registerNotifications } from './notifications';
import { privacyRoutes } from './privacy';
import { registerUploadModals } from './upload';

registerAccountModals();
registerNotifications();
registerUploadModals();

/**
 * The site's route table: first match wins, so put specific paths before general ones and keep the `*` route last.
 * The home page is bundled with the app (it is the first paint for most visits); every other page is a lazy chunk:
 * `component: lazy(() => import('./pages/x/x-page'))` with a default export.
 * `name` is the route name used for tracking (shell-and-account.md §2); `chrome: 'no-drawer'` for the upload page,
 * `'none'` for embed views.
 */
export const routes: RouteDefinition[] = [
  ...feedRoutes,
  { name: 'post', path: '/gag/:postId', component: lazy(() => import('./post/post-page')) },
  { name: 'post', path: '/gag/:postId/:title', component: lazy(() => import('./post/post-page')) },
  { name: 'collection page', path: '/collection/:postId', component: lazy(() => import('./collection/collection-page')) },
  { name: 'collection page', path: '/collection/:postId/:title', component: lazy(() => import('./collection/collection-page')) },
  { name: 'user list', path: '/u/:username', component: lazy(() => import('./profile/profile-page')) },
  { name: 'user list', path: '/u/:username/:type', component: lazy(() => import('./profile/profile-page')) },
  ...accountRoutes,
  ...notificationRoutes,
  ...privacyRoutes,
  ...appsRoutes,
  { name: 'moderation', path: '/moderation', component: lazy(() => import('./moderation/moderation-page')) },
  { name: 'upload', path: '/submit', chrome: 'no-drawer', component: lazy(() => import('./upload/upload-page')) },
  { name: 'not found', path: '*', component: lazy(() => import('./ui/empty-state/empty-state')) },
];
