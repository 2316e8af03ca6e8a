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

/** Below this width the toasts leave the top: across the whole column there, they sat on the page's heading. */
export const BOTTOM_TOASTS_BELOW = 700;

/**
 * Phones: the toasts' distance from the bottom, above whatever is fixed there (the post's comment bar, the consent
 * banner), found by what is drawn at the bottom edge's middle, as a snackbar sits on phones.
 */
function toastBottom(): number {
  const fixedAt = (x: number, y: number): Element | null => {
    for (const el of document.elementsFromPoint(x, y)) {
      for (let at: Element | null = el; at && at !== document.body; at = at.parentElement) {
        if (at.closest('[data-testid="toasts"]')) break;
        const position = getComputedStyle(at).position;
        if (position === 'fixed' || position === 'sticky') return at;
      }
    }
    return null;
  };
  // From the bottom edge up: every bar fixed there (a gap of up to 48 px between them), stacked.
  let top = window.innerHeight;
  for (let y = window.innerHeight - 2; y > window.innerHeight / 2 && y > top - 48; y -= 8) {
    const bar = fixedAt(window.innerWidth / 2, y);
    const r = bar?.getBoundingClientRect();
    if (!r || r.top >= top || r.height > window.innerHeight / 2) continue;
    top = r.top;
    y = r.top;
  }
  return window.innerHeight - top + GAP;
}

type ToastPlace = { top: number } | { bottom: number };
const placeOf = (region: HTMLElement): ToastPlace => (window.innerWidth < BOTTOM_TOASTS_BELOW ? { bottom: toastBottom() } : { top: toastTop(region) });

/** Toasts under the top bar (see toastTop), at the bottom on phones (toastBottom), announced politely to screen readers. */
export function ToastRegion() {
  const toasts = useToasts((s) => s.toasts);
  const dismiss = useToasts((s) => s.dismiss);
  const region = useRef<HTMLDivElement>(null);
  const [at, setAt] = useState<ToastPlace>({ top: TOAST_TOP });
  const showing = toasts.length > 0;
  useLayoutEffect(() => {
    const el = region.current;
    if (!el || !showing) return;
    const place = () => setAt((old) => {
      const next = placeOf(el);
      return JSON.stringify(old) === JSON.stringify(next) ? old : next;
    });
    place();
    window.addEventListener('scroll', place, { passive: true });
    window.addEventListener('resize', place);
    // Bars come and go while a toast is up (the consent banner, the comment bar as the page settles).
    const timer = setInterval(place, 250);
    return () => {
      clearInterval(timer);
      window.removeEventListener('scroll', place);
      window.removeEventListener('resize', place);
    };
  }, [showing]);
  return (
    <div ref={region} className={styles.region} style={'top' in at ? (at.top === TOAST_TOP ? undefined : { top: at.top }) : { top: 'auto', bottom: at.bottom }} role="status" aria-live="polite" data-testid="toasts">
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
