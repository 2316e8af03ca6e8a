import { useLayoutEffect, useRef } from 'react';
import { icon } from '../../lib/icons.js';
import { inFrame, visibleArea } from '../../lib/visible-area.js';
import { useT, useToasts } from '../../stores/widget-stores.js';

/**
 * The widget's toasts, announced politely to screen readers. At the bottom of what the reader sees: in the embed
 * that is the bottom of the part of the frame the host page shows, not of the frame, which may be far below the fold
 * (lib/top-layer.ts). The region lets clicks through around its toasts, so it covers no more than the toasts.
 */
export function ToastRegion() {
  const toasts = useToasts((s) => s.toasts);
  const dismiss = useToasts((s) => s.dismiss);
  const t = useT();
  const region = useRef<HTMLDivElement>(null);

  // Measured for every new toast, and again while toasts show when the frame is resized (its content grew or shrank,
  // say the comments of a blocked member left) and twice a second (the host page scrolled it): a toast stays in view.
  useLayoutEffect(() => {
    const el = region.current;
    if (toasts.length === 0 || !el) return;
    let cancel = () => undefined as void;
    const measure = () => {
      cancel();
      cancel = visibleArea((area) => el.style.setProperty('--gfw-area-bottom', `${Math.max(0, window.innerHeight - area.bottom)}px`));
    };
    measure();
    if (!inFrame()) return cancel;
    const timer = setInterval(measure, 500);
    window.addEventListener('resize', measure);
    return () => {
      clearInterval(timer);
      window.removeEventListener('resize', measure);
      cancel();
    };
  }, [toasts]);

  return (
    <div ref={region} className="gfw-toasts" role="status" aria-live="polite">
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
          <button type="button" className="gfw-icon-button" aria-label={t('dismiss')} onClick={() => dismiss(toast.id)}>
            {icon('close')}
          </button>
        </div>
      ))}
    </div>
  );
}
