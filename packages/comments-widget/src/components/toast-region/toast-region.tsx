import { useToasts } from '../../stores/widget-stores.js';

/** Toasts of comments.md §8, announced politely to screen readers. */
export function ToastRegion() {
  const toasts = useToasts((s) => s.toasts);
  const dismiss = useToasts((s) => s.dismiss);
  return (
    <div className="gfw-toasts" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className="gfw-toast">
          <span>{toast.message}</span>
          {toast.action && (
            <button
              type="button"
              className="gfw-toast-action"
              onClick={() => {
                dismiss(toast.id);
                toast.action?.run();
              }}
            >
              {toast.action.label}
            </button>
          )}
          <button type="button" className="gfw-icon-button" aria-label="Dismiss" onClick={() => dismiss(toast.id)}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
    </div>
  );
}
