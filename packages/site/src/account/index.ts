import { lazy } from 'react';
import type { RouteDefinition } from '../router';
import { registerModal } from '../shell/modals/modal-registry';

/** The account pages, for the site's route table (shell §2 route names: login, signup, settings). */
export const accountRoutes: RouteDefinition[] = [
  { name: 'login', path: '/login', component: lazy(() => import('./login-page')) },
  { name: 'signup', path: '/signup', component: lazy(() => import('./signup-page')) },
  { name: 'forgot password', path: '/forgot-password', component: lazy(() => import('./forgot-password-page')) },
  { name: 'reset password', path: '/reset-password', component: lazy(() => import('./reset-password-page')) },
  { name: 'settings', path: '/settings', component: lazy(() => import('./settings/settings-page')) },
  { name: 'settings', path: '/settings/:section', component: lazy(() => import('./settings/settings-page')) },
];

/** The login, signup-by-email and forgot-password modals, loaded on first use. */
export function registerAccountModals(): void {
  const modals = () => import('./modals');
  registerModal('login', lazy(() => modals().then((m) => ({ default: m.LoginModal }))));
  registerModal('signup-email', lazy(() => modals().then((m) => ({ default: m.SignupEmailModal }))));
  registerModal('forgot-password', lazy(() => modals().then((m) => ({ default: m.ForgotPasswordModal }))));
}
