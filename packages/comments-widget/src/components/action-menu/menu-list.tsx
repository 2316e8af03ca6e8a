import { useEffect, useLayoutEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import { placeMenu, visibleArea } from '../../lib/top-layer.js';
import type { MenuAction } from './action-menu.js';

/**
 * The open list of an ActionMenu, loaded with the other top-layer parts when first needed (../lazy-parts.tsx).
 * `onClose(true)` also returns the focus to the button.
 */
export function MenuList({ id, label, actions, button, onClose }: {
  id: string;
  label: string;
  actions: MenuAction[];
  button: RefObject<HTMLButtonElement | null>;
  onClose: (refocus: boolean) => void;
}) {
  const menu = useRef<HTMLUListElement>(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  }, [onClose]);

  useLayoutEffect(() => {
    const list = menu.current!;
    const first = list.querySelector<HTMLElement>('[role="menuitem"]');
    const onPointer = (event: Event) => {
      if (!list.contains(event.target as Node) && !button.current?.contains(event.target as Node)) close.current(false);
    };
    let cancel = () => undefined as void;
    const place = () => {
      cancel();
      cancel = visibleArea((area) => {
        list.style.maxHeight = '';
        const at = placeMenu(button.current!.getBoundingClientRect(), { width: list.offsetWidth, height: list.offsetHeight }, area, getComputedStyle(list).direction === 'rtl');
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
  }, [button]);

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const go = (item: HTMLElement | undefined) => item?.focus({ preventScroll: true });
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose(true);
    } else if (event.key === 'Tab') {
      onClose(false);
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
    <ul ref={menu} id={id} role="menu" aria-label={label} className="gfw-menu-list" popover="manual" onKeyDown={onKeyDown}>
      {actions.map((action) => (
        <li key={action.label} role="none">
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={action.danger ? 'gfw-menu-item gfw-danger' : 'gfw-menu-item'}
            onClick={() => {
              onClose(true);
              action.onSelect();
            }}
          >
            {action.label}
          </button>
        </li>
      ))}
    </ul>
  );
}
