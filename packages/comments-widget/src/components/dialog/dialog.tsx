import { useEffect, useId, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useT } from '../../stores/widget-stores.js';
import { holdFrameRoom, inFrame, revealInHost, visibleArea } from '../../lib/top-layer.js';

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
    const el = dialog.current!;
    const previous = document.activeElement as HTMLElement | null;
    const rooms: (() => void)[] = [];
    const area = (top: number, bottom: number) => {
      el.style.setProperty('--gfw-area-top', `${top}px`);
      el.style.setProperty('--gfw-area-bottom', `${bottom}px`);
    };
    let cancel = () => undefined as void;
    const place = () => {
      cancel();
      cancel = visibleArea((seen) => {
        const height = window.innerHeight;
        area(seen.top, height - seen.bottom);
        // showModal() moves the focus in; jsdom (and browsers before 2022) lack it: shown in place, focused here.
        if (!el.showModal) {
          el.setAttribute('open', '');
          el.querySelector<HTMLElement>('input, button')?.focus();
        } else if (!el.open) {
          el.showModal();
        }
        const needed = el.scrollHeight + 2 * MARGIN;
        if (inFrame() && needed > seen.bottom - seen.top) {
          // What the reader sees of the frame cannot hold it: it opens at the top of what is seen (or higher, when
          // the frame ends too soon below), the frame grows if it is too short even so, and the host page scrolls
          // it into view.
          const top = Math.max(0, Math.min(seen.top, height - needed));
          area(top, Math.max(0, height - top - needed));
          rooms.push(holdFrameRoom(el, top + needed));
          if (top + needed <= height) revealInHost(top, needed);
        }
      });
    };
    place();
    window.addEventListener('resize', place);
    return () => {
      cancel();
      window.removeEventListener('resize', place);
      if (el.open) el.close?.();
      rooms.reverse().forEach((release) => release());
      previous?.focus({ preventScroll: true });
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
      // Escape on its way through the browser's close request (a keydown we did not see, Android's back button).
      onCancel={(event) => {
        event.preventDefault();
        close.current();
      }}
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
  const t = useT();
  return (
    <Dialog title={title} onClose={onClose}>
      <p>{message}</p>
      <div className="gfw-dialog-actions">
        <button type="button" className="gfw-button" onClick={onClose}>{t('cancel')}</button>
        <button type="button" className="gfw-button gfw-primary gfw-danger" onClick={() => { onClose(); onConfirm(); }}>{confirmLabel}</button>
      </div>
    </Dialog>
  );
}
