/**
 * Menus, dialogs and toasts are drawn in the browser's top layer (a `popover` or a modal `<dialog>`), never inside a
 * comment's row: each row has `content-visibility: auto`, whose paint containment clips whatever overflows it and
 * makes it the box of `position: fixed` descendants. The top layer escapes both, but then the widget places them
 * itself, in the part of the viewport the reader sees.
 *
 * In the embed, that part is not the frame's viewport: the frame is as tall as its content and the host page scrolls
 * it, so the reader may see any slice of it. An IntersectionObserver with no root measures the target against the
 * top-level viewport, across origins; its intersectionRect is in the frame's own coordinates.
 */

import type { Area } from './visible-area.js';

export { inFrame, visibleArea, type Area } from './visible-area.js';

/** Kept clear between a menu and the edge of what the reader sees, and between a menu and its button. */
export const EDGE = 8;
export const GAP = 4;

export type MenuPlace = { top: number; left: number; maxHeight: number | null };

/**
 * Where a menu of `size` opens for a button at `anchor` in `area`: below the button, right edges aligned,
 * when it fits; else above when it fits there; else on the roomier side, scrolling within it. Always inside `area`
 * horizontally, even when the button is near the left edge.
 */
export function placeMenu(anchor: Area, { width, height }: { width: number; height: number }, area: Area, rtl = false): MenuPlace {
  const below = area.bottom - EDGE - GAP - anchor.bottom;
  const above = anchor.top - GAP - EDGE - area.top;
  const up = height > below && (height <= above || above > below);
  const room = up ? above : below;
  const shown = Math.min(height, Math.max(room, 0));
  return {
    top: up ? anchor.top - GAP - shown : anchor.bottom + GAP,
    // Its end edge on the button's (right to left: its left edge on the button's left), kept inside the area.
    left: Math.max(area.left + EDGE, Math.min(rtl ? anchor.left : anchor.right - width, area.right - EDGE - width)),
    maxHeight: height > room ? shown : null,
  };
}

/**
 * In a frame sized to its content (the embed), a dialog taller than the frame cannot be seen whole: the
 * widget's root is made taller by what is missing, the frame reports its new height (embed/frame.tsx) and the loader
 * grows it. Returns what gives the room back. Called in frames only: a top-level page's viewport does not grow.
 */
export function holdFrameRoom(from: Element, height: number): () => void {
  const missing = Math.ceil(height - window.innerHeight);
  const root = from.closest<HTMLElement>('.gfw-root');
  if (missing <= 0 || !root) return () => undefined;
  const before = root.style.minHeight;
  root.style.minHeight = `${root.getBoundingClientRect().height + missing}px`;
  return () => {
    root.style.minHeight = before;
  };
}

/**
 * Asks the page around a frame to scroll rows `top` to `top + height` of the frame into view. A dialog is
 * fixed in the frame's viewport, so a static stand-in of its box is what scrolls into view; scrolling into view
 * crosses from a frame into the page that holds it, across origins too.
 */
export function revealInHost(top: number, height: number) {
  const stand = document.createElement('div');
  stand.style.cssText = `position:absolute;left:0;width:1px;top:${top + window.scrollY}px;height:${height}px;pointer-events:none`;
  document.body.appendChild(stand);
  stand.scrollIntoView({ block: 'nearest' });
  stand.remove();
}
