import { useEffect, useId, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { holdFrameRoom, inFrame, revealInHost, visibleArea } from '../../lib/top-layer.js';

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';
/** Kept clear around a dialog, in the viewport or the part of the frame the reader sees. */
const MARGIN = 16;

/**
 * A modal dialog: a native `<dialog>` opened with showModal(), so it sits in the top layer (a comment's row would
 * clip it, see lib/top-layer.ts), the page behind is inert, and Escape or a click on the backdrop closes it. Focus
 * moves in on open and returns to what had it on close.
 *
 * In the embed the dialog is centred in the part of the frame the reader sees, not in the whole frame (as tall as
 * its comments); a frame shorter than the dialog grows to hold it while it is open.
 */
export function Dialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  }, [onClose]);

  useLayoutEffect(() => {
    const el = dialog.current;
    if (!el) return;
    const previous = document.activeElement as HTMLElement | null;
    const rooms: (() => void)[] = [];
    // Escape on its way through the browser's close request (a keydown we did not see, Android's back button).
    const onCancel = (event: Event) => {
      event.preventDefault();
      close.current();
    };
    el.addEventListener('cancel', onCancel);
    const show = () => {
      // jsdom (and browsers before 2022) have no showModal: the dialog is then shown in place.
      if (typeof el.showModal === 'function') {
        if (!el.open) el.showModal();
      } else {
        el.setAttribute('open', '');
      }
      if (!el.contains(document.activeElement)) el.querySelector<HTMLElement>(FOCUSABLE)?.focus({ preventScroll: true });
    };
    let cancel = () => undefined as void;
    const place = () => {
      cancel();
      cancel = visibleArea((area) => {
        el.style.setProperty('--gfw-area-top', `${area.top}px`);
        el.style.setProperty('--gfw-area-bottom', `${window.innerHeight - area.bottom}px`);
        show();
        const needed = el.scrollHeight + 2 * MARGIN;
        if (needed > area.bottom - area.top) {
          // What the reader sees of the frame cannot hold it: it opens at the top of what is seen (or higher, when
          // the frame ends too soon below), the frame grows if it is too short even so, and the host page scrolls
          // it into view.
          const top = Math.max(0, Math.min(area.top, window.innerHeight - needed));
          el.style.setProperty('--gfw-area-top', `${top}px`);
          el.style.setProperty('--gfw-area-bottom', `${Math.max(0, window.innerHeight - top - needed)}px`);
          rooms.push(holdFrameRoom(el, top + needed));
          if (top + needed <= window.innerHeight) revealInHost(top, needed);
        }
      });
    };
    if (inFrame()) {
      place();
      window.addEventListener('resize', place);
    } else {
      show();
    }
    return () => {
      cancel();
      window.removeEventListener('resize', place);
      el.removeEventListener('cancel', onCancel);
      if (el.open) el.close?.();
      rooms.reverse().forEach((release) => release());
      previous?.focus?.({ preventScroll: true });
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    close.current();
  };

  return (
    <dialog
      ref={dialog}
      className="gfw-dialog"
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      // The dialog box itself is only hit outside its panel, that is on the backdrop.
      onMouseDown={(event) => event.target === event.currentTarget && close.current()}
    >
      <div className="gfw-dialog-panel">
        <h2 id={titleId} className="gfw-dialog-title">{title}</h2>
        {children}
      </div>
    </dialog>
  );
}

/** Asks before a destructive action. */
export function ConfirmDialog({ title, message, confirmLabel, onConfirm, onClose }: {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog title={title} onClose={onClose}>
      <p>{message}</p>
      <div className="gfw-dialog-actions">
        <button type="button" className="gfw-button" onClick={onClose}>Cancel</button>
        <button type="button" className="gfw-button gfw-primary gfw-danger" onClick={() => { onClose(); onConfirm(); }}>{confirmLabel}</button>
      </div>
    </Dialog>
  );
}
