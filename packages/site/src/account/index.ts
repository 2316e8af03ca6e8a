import { lazy } from 'react';
import type { RouteDefinition } from '../router';
import { registerModal } from '../ui/modals/modal-registry';

/** The account pages, for the site's route table (shell §2 route names: login, signup, settings). */
export const accountRoutes: RouteDefinition[] = [
  { name: 'login', path: '/login', component: lazy(() => import('./login-page')) },
  { name: 'signup', path: '/signup', component: lazy(() => import('./signup-page')) },
  { name: 'forgot password', path: '/forgot-password', component: lazy(() => import('./forgot-password-page')) },
  { name: 'reset password', path: '/reset-password', component: lazy(() => import('./reset-password-page')) },
  { name: 'settings', path: '/settings', component: lazy(() => import('./settings/settings-page')) },
  { name: 'settings', path: '/settings/:section', component: lazy(() => import('./settings/settings-page')) },
];

/**
 * The account's modals, loaded on first use: login, signup by email, forgot password, verify age, blocked users and
 * hide OP comments (a block of the post for comments, like the other blocks kept with the account).
 */
export function registerAccountModals(): void {
  const modals = () => import('./modals');
  registerModal('login', lazy(() => modals().then((m) => ({ default: m.LoginModal }))));
  registerModal('signup-email', lazy(() => modals().then((m) => ({ default: m.SignupEmailModal }))));
  registerModal('forgot-password', lazy(() => modals().then((m) => ({ default: m.ForgotPasswordModal }))));
  registerModal('verify-age', lazy(() => import('./verify-age-modal')));
  registerModal('blocked-users', lazy(() => import('./blocked-users-modal')));
  registerModal('hide-op-comments', lazy(() => import('./hide-op-comments-modal')));
}
