import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { holdFrameRoom, inFrame, placeMenu, revealInHost, visibleArea, EDGE, GAP } from '../../lib/top-layer.js';

export type MenuAction = { label: string; onSelect: () => void; danger?: boolean };

/** Browsers with the Popover API put the menu in the top layer; others (and jsdom) draw it in place. */
const canPopover = (el: HTMLElement) => typeof el.showPopover === 'function';

/**
 * A menu button (WAI-ARIA menu pattern): Enter or click opens it with focus on the first item, arrows move, Escape
 * or Tab closes it and focus returns to the button.
 *
 * The menu is a manual popover (top layer, see lib/top-layer.ts): a comment's row would clip it. It opens below the
 * button, or above it when the reader sees no room below (the last comment of a list), and follows the button when
 * the page scrolls. Light dismiss is ours (pointerdown outside, Escape, Tab), the same with or without popovers.
 */
export function ActionMenu({ label, actions }: { label: string; actions: MenuAction[] }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const id = useId();

  useLayoutEffect(() => {
    const list = menu.current;
    if (!open || !list) return;
    const first = () => list.querySelector<HTMLElement>('[role="menuitem"]');
    if (!canPopover(list)) {
      first()?.focus();
      return;
    }
    list.showPopover();
    const rooms: (() => void)[] = [];
    let cancel = () => undefined as void;
    const place = () => {
      cancel();
      cancel = visibleArea((area) => {
        const anchor = button.current?.getBoundingClientRect();
        if (!anchor || !list.isConnected) return;
        list.style.maxHeight = '';
        const size = { width: list.offsetWidth, height: list.offsetHeight };
        let at = placeMenu(anchor, size, area);
        if (at.maxHeight !== null && inFrame()) {
          // What the reader sees of the frame holds it on neither side: it opens below, the frame grows by what is
          // missing (kept until the menu closes, so the frame does not shrink under it) and the host page scrolls
          // it into view; the resize that follows places it again.
          const bottom = anchor.bottom + GAP + size.height + EDGE;
          rooms.push(holdFrameRoom(list, bottom));
          if (bottom <= window.innerHeight) revealInHost(anchor.top, bottom - anchor.top);
          at = { ...at, top: anchor.bottom + GAP, maxHeight: null };
        }
        list.style.top = `${at.top}px`;
        list.style.left = `${at.left}px`;
        if (at.maxHeight !== null) list.style.maxHeight = `${at.maxHeight}px`;
        if (list.dataset.placing !== undefined) {
          delete list.dataset.placing;
          // Not scrolled to: the menu is where the reader looks, and a focus scroll would move the host page.
          if (!list.contains(document.activeElement)) first()?.focus({ preventScroll: true });
        }
      });
    };
    list.dataset.placing = '';
    place();
    // The button moves with the page (a top-level page scrolls; a frame resizes): the menu follows it.
    window.addEventListener('scroll', place, { capture: true, passive: true });
    window.addEventListener('resize', place);
    return () => {
      cancel();
      rooms.reverse().forEach((release) => release());
      window.removeEventListener('scroll', place, { capture: true });
      window.removeEventListener('resize', place);
      if (list.matches(':popover-open')) list.hidePopover();
    };
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node) && !button.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  if (actions.length === 0) return null;

  const close = () => {
    setOpen(false);
    button.current?.focus({ preventScroll: true });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const go = (item: HTMLElement | undefined) => item?.focus({ preventScroll: true });
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Tab') {
      setOpen(false);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      go(items[(index + step + items.length) % items.length]);
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      go(event.key === 'Home' ? items[0] : items.at(-1));
    }
  };

  return (
    <div className="gfw-menu">
      <button
        ref={button}
        type="button"
        className="gfw-icon-button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        ⋯
      </button>
      {open && (
        <ul ref={menu} id={id} role="menu" aria-label={label} className="gfw-menu-list" popover="manual" onKeyDown={onKeyDown}>
          {actions.map((action) => (
            <li key={action.label} role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={action.danger ? 'gfw-menu-item gfw-danger' : 'gfw-menu-item'}
                onClick={() => {
                  close();
                  action.onSelect();
                }}
              >
                {action.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
