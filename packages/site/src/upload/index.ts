import { lazy } from 'react';
import { registerModal } from '../ui/modals/modal-registry';

/** The upload success modal (shell-and-account.md §2), loaded on first use. */
export function registerUploadModals(): void {
  registerModal('upload-success', lazy(() => import('./upload-success-modal')));
}
