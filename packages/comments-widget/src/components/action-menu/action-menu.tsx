import { useId, useRef, useState } from 'react';
import { icon } from '../../lib/icons.js';
import { MenuList, preloadParts } from '../lazy-parts.js';

export type MenuAction = { label: string; onSelect: () => void; danger?: boolean };

/**
 * A menu button (WAI-ARIA menu pattern): Enter or click opens it with focus on the first item, arrows move, Escape
 * or Tab closes it and focus returns to the button.
 *
 * The menu is a manual popover (top layer, see lib/top-layer.ts): a comment's row would clip it. It opens below the
 * button, or above it when the reader sees no room below (the last comment of a list), and follows the button when
 * the page scrolls; until placed (a frame measures what the reader sees of it after a rendering) it is transparent.
 * Light dismiss is ours (pointerdown outside, Escape, Tab), the same with or without popovers.
 *
 * Only the button is in the main bundle: the list, its placing and the dialogs its actions open load on the first
 * pointer over or focus of a menu button (../lazy-parts.tsx).
 */
export function ActionMenu({ label, actions }: { label: string; actions: MenuAction[] }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();

  if (actions.length === 0) return null;

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus({ preventScroll: true });
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
        onPointerEnter={preloadParts}
        onFocus={preloadParts}
        onClick={() => setOpen((o) => !o)}
      >
        {icon('more')}
      </button>
      {open && <MenuList id={id} label={label} actions={actions} button={button} onClose={close} />}
    </div>
  );
}
