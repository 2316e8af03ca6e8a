import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { placeMenu, visibleArea } from '../../lib/top-layer.js';

export type MenuAction = { label: string; onSelect: () => void; danger?: boolean };

/**
 * A menu button (WAI-ARIA menu pattern): Enter or click opens it with focus on the first item, arrows move, Escape
 * or Tab closes it and focus returns to the button.
 *
 * The menu is a manual popover (top layer, see lib/top-layer.ts): a comment's row would clip it. It opens below the
 * button, or above it when the reader sees no room below (the last comment of a list), and follows the button when
 * the page scrolls; until placed (a frame measures what the reader sees of it after a rendering) it is transparent.
 * Light dismiss is ours (pointerdown outside, Escape, Tab), the same with or without popovers.
 */
export function ActionMenu({ label, actions }: { label: string; actions: MenuAction[] }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const id = useId();

  useLayoutEffect(() => {
    const list = menu.current;
    if (!open || !list) return;
    const first = list.querySelector<HTMLElement>('[role="menuitem"]');
    const onPointer = (event: Event) => {
      if (!list.contains(event.target as Node) && !button.current?.contains(event.target as Node)) setOpen(false);
    };
    let cancel = () => undefined as void;
    const place = () => {
      cancel();
      cancel = visibleArea((area) => {
        list.style.maxHeight = '';
        const at = placeMenu(button.current!.getBoundingClientRect(), { width: list.offsetWidth, height: list.offsetHeight }, area);
        list.style.top = `${at.top}px`;
        list.style.left = `${at.left}px`;
        list.style.maxHeight = at.maxHeight === null ? '' : `${at.maxHeight}px`;
        delete list.dataset.placing;
        // Not scrolled to: the menu is where the reader looks, and a focus scroll would move the host page.
        if (!list.contains(document.activeElement)) first?.focus({ preventScroll: true });
      });
    };
    // Browsers without the Popover API (and jsdom) draw the menu in place.
    if ('showPopover' in list) {
      list.dataset.placing = '';
      list.showPopover();
      place();
    } else {
      first?.focus();
    }
    // The button moves with the page (a top-level page scrolls; a frame resizes): the menu follows it.
    const listen = (on: boolean) => {
      const toggle = on ? 'addEventListener' : 'removeEventListener';
      window[toggle]('scroll', place, true);
      window[toggle]('resize', place);
      document[toggle]('pointerdown', onPointer);
    };
    listen(true);
    return () => {
      cancel();
      listen(false);
      if (list.matches(':popover-open')) list.hidePopover();
    };
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
