import { useToasts } from './toast-store';
import styles from './toast-region.module.css';

/** Toasts 64 px from the top (shell-and-account.md §2), announced politely to screen readers. */
export function ToastRegion() {
  const toasts = useToasts((s) => s.toasts);
  const dismiss = useToasts((s) => s.dismiss);
  return (
    <div className={styles.region} role="status" aria-live="polite" data-testid="toasts">
      {toasts.map((toast) => (
        <div key={toast.id} className={`${styles.toast} ${toast.kind === 'error' ? styles.error : ''}`}>
          <span className={styles.message}>{toast.message}</span>
          {toast.action && (
            <button type="button" className={styles.action} onClick={() => { toast.action?.run(); dismiss(toast.id); }}>
              {toast.action.label}
            </button>
          )}
          <button type="button" className={styles.dismiss} aria-label="Dismiss" onClick={() => dismiss(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
