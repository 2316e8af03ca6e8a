import { lazy } from 'react';
import type { RouteDefinition } from '../router';

/** The console of app owners (MODERATION.md "Console"): lazy chunks, so the home route pays nothing for them. */
export const appsRoutes: RouteDefinition[] = [
  { name: 'apps', path: '/apps', component: lazy(() => import('./apps-page')) },
  { name: 'app', path: '/apps/:appId', component: lazy(() => import('./app-page')) },
];
