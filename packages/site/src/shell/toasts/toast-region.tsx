import { useLayoutEffect, useRef, useState } from 'react';
import { useToasts } from './toast-store';
import { CLOSE, Icon } from '../icons/icons';
import styles from './toast-region.module.css';

/** shell-and-account.md §2: toasts sit 64 px from the top, just under the top bar. */
export const TOAST_TOP = 64;
const GAP = 8;

/**
 * Where the toasts go: 64 px from the top, or just below a tab bar of the page that is there (the feed's lists, the
 * post's sections), which a toast such as "Welcome back" would otherwise cover right when people use it.
 */
function toastTop(region: HTMLElement): number {
  const box = region.getBoundingClientRect();
  let top = TOAST_TOP;
  for (const bar of document.querySelectorAll('main nav, main [role="tablist"]')) {
    const r = bar.getBoundingClientRect();
    if (r.height === 0 || r.bottom <= TOAST_TOP || r.top >= top + box.height || r.right <= box.left || r.left >= box.right) continue;
    top = Math.max(top, Math.ceil(r.bottom) + GAP);
  }
  return top;
}

/** Toasts under the top bar (see toastTop), announced politely to screen readers. */
export function ToastRegion() {
  const toasts = useToasts((s) => s.toasts);
  const dismiss = useToasts((s) => s.dismiss);
  const region = useRef<HTMLDivElement>(null);
  const [top, setTop] = useState(TOAST_TOP);
  const showing = toasts.length > 0;
  useLayoutEffect(() => {
    const el = region.current;
    if (!el || !showing) return;
    const place = () => setTop(toastTop(el));
    place();
    window.addEventListener('scroll', place, { passive: true });
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('scroll', place);
      window.removeEventListener('resize', place);
    };
  }, [showing]);
  return (
    <div ref={region} className={styles.region} style={top === TOAST_TOP ? undefined : { top }} role="status" aria-live="polite" data-testid="toasts">
      {toasts.map((toast) => (
        <div key={toast.id} className={`${styles.toast} ${toast.kind === 'error' ? styles.error : ''}`}>
          <span className={styles.message}>{toast.message}</span>
          {toast.action && (
            <button type="button" className={styles.action} onClick={() => { toast.action?.run(); dismiss(toast.id); }}>
              {toast.action.label}
            </button>
          )}
          <button type="button" className={styles.dismiss} aria-label="Dismiss" onClick={() => dismiss(toast.id)}>
            <Icon d={CLOSE} />
          </button>
        </div>
      ))}
    </div>
  );
}
