import { lazy } from 'react';
import type { RouteDefinition } from '../router';

/** shell-and-account.md §2: /privacy, and the policy pages by region (California, Virginia, Connecticut, Colorado). */
const statePage = lazy(() => import('./state-privacy-page'));
export const privacyRoutes: RouteDefinition[] = [
  { name: 'privacy', path: '/privacy', component: lazy(() => import('./privacy-page')) },
  ...['/privacy-california', '/privacy-virginia', '/privacy-connecticut', '/privacy-colorado'].map((path) => ({
    name: 'privacy',
    path,
    component: statePage,
  })),
];
